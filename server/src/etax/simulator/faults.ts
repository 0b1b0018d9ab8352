/**
 * The simulator's fault switch: normal, slow (every step takes `delayMs` longer), fail (every step fails with
 * `reason`), or hang (no step ever answers). Set by `ETAX_SIM_FAULT` / `ETAX_SIM_FAULT_REASON` /
 * `ETAX_SIM_FAULT_DELAY_MS` at start, or by `POST /etax-sim/fault` where tests turn the controls on. Both take only
 * bounded values: a reason is a short line of text shown to users, a delay a whole number of milliseconds up to a minute.
 */
import Type, { type Static } from 'typebox';

export const FAULT_MODES = ['none', 'slow', 'fail', 'hang'] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

export const MAX_FAULT_DELAY_MS = 60_000;
export const MAX_FAULT_REASON_LENGTH = 60;
export const DEFAULT_FAULT_REASON = '电子税务局系统繁忙，请稍后重试';

/** A reason is shown to users as it is: no control characters, no markup. */
const REASON_PATTERN = '^[^\\u0000-\\u001f\\u007f-\\u009f<>]+$';

/** What `POST /etax-sim/fault` accepts. */
export const FaultBody = Type.Object(
  {
    mode: Type.Union(
      FAULT_MODES.map((mode) => Type.Literal(mode)),
      { title: '故障模式' },
    ),
    reason: Type.Optional(Type.String({ title: '失败原因', minLength: 1, maxLength: MAX_FAULT_REASON_LENGTH, pattern: REASON_PATTERN })),
    delayMs: Type.Optional(Type.Integer({ title: '延迟毫秒数', minimum: 0, maximum: MAX_FAULT_DELAY_MS })),
  },
  { additionalProperties: false },
);
export type FaultChange = Static<typeof FaultBody>;

export interface FaultState {
  mode: FaultMode;
  reason: string;
  delayMs: number;
}

const REASON = new RegExp(REASON_PATTERN);

export function faultFromEnv(env: NodeJS.ProcessEnv): FaultState {
  const modeText = env.ETAX_SIM_FAULT ?? 'none';
  const mode = FAULT_MODES.find((candidate) => candidate === modeText);
  if (!mode) throw new Error(`ETAX_SIM_FAULT 无效: ${modeText}（应为 ${FAULT_MODES.join(' / ')}）`);
  const reason = env.ETAX_SIM_FAULT_REASON || DEFAULT_FAULT_REASON;
  if (reason.length > MAX_FAULT_REASON_LENGTH || !REASON.test(reason))
    throw new Error(`ETAX_SIM_FAULT_REASON 无效：最多 ${MAX_FAULT_REASON_LENGTH} 个字符，不含控制字符和尖括号`);
  const delayText = env.ETAX_SIM_FAULT_DELAY_MS ?? '5000';
  const delayMs = Number(delayText);
  if (!/^\d+$/.test(delayText) || delayMs > MAX_FAULT_DELAY_MS)
    throw new Error(`ETAX_SIM_FAULT_DELAY_MS 无效: ${delayText}（0 到 ${MAX_FAULT_DELAY_MS} 的整数）`);
  return { mode, reason, delayMs };
}

/** The fault after a change from the controls: what is not given stays as it was. */
export function changedFault(current: FaultState, change: FaultChange): FaultState {
  return { mode: change.mode, reason: change.reason ?? current.reason, delayMs: change.delayMs ?? current.delayMs };
}
