/**
 * The simulator's fault switch: normal, slow (every step takes `delayMs` longer), fail (every step fails with
 * `reason`), or hang (no step ever answers). Set by `ETAX_SIM_FAULT` / `ETAX_SIM_FAULT_REASON` at start, or by
 * `POST /etax-sim/fault` (tests).
 */
export type FaultMode = 'none' | 'slow' | 'fail' | 'hang';

export interface FaultState {
  mode: FaultMode;
  reason: string;
  delayMs: number;
}

export const DEFAULT_FAULT_REASON = '电子税务局系统繁忙，请稍后重试';

export function faultFromEnv(env: NodeJS.ProcessEnv): FaultState {
  const mode = (['none', 'slow', 'fail', 'hang'] as const).find((m) => m === env.ETAX_SIM_FAULT) ?? 'none';
  return { mode, reason: env.ETAX_SIM_FAULT_REASON || DEFAULT_FAULT_REASON, delayMs: Number(env.ETAX_SIM_FAULT_DELAY_MS ?? 5000) };
}
