/**
 * The payout simulator: a bank that pays after `delayMs`, for demos and tests only. What it decided is stored by
 * reference (`sim_payouts`), so a payout asked again after a crash answers the same and pays once. Its fault: `none`,
 * `fail` (refuses every new payout with `reason`: the money goes back to the wallet) or `down` (answers nothing: the
 * step is retried). Set at start by PAYOUT_SIM_FAULT, and by `POST /etax-sim/payout-fault` where the simulator's
 * controls are mounted (tests).
 */
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { simPayouts } from '../db/schema';
import { PayoutUnavailable, type PayoutGateway, type PayoutOutcome, type PayoutRequest } from './payout-gateway';

export interface PayoutFault {
  mode: 'none' | 'fail' | 'down';
  reason: string;
}

export const PAYOUT_FAULT_MODES = ['none', 'fail', 'down'] as const;

export function payoutFaultFromEnv(env: NodeJS.ProcessEnv): PayoutFault {
  const mode = env.PAYOUT_SIM_FAULT || 'none';
  if (!(PAYOUT_FAULT_MODES as readonly string[]).includes(mode)) throw new Error(`PAYOUT_SIM_FAULT 无效: ${mode}（应为 none、fail 或 down）`);
  return { mode: mode as PayoutFault['mode'], reason: env.PAYOUT_SIM_FAULT_REASON || '收款账户信息有误，银行退回' };
}

function stored(row: typeof simPayouts.$inferSelect): PayoutOutcome {
  return row.state === 'paid' ? { state: 'paid', payoutNo: row.payoutNo ?? '' } : { state: 'failed', reason: row.reason ?? '银行退回' };
}

export class PayoutSimulator implements PayoutGateway {
  fault: PayoutFault;

  constructor(
    private readonly db: Database,
    private readonly options: { delayMs: number; fault: PayoutFault },
  ) {
    this.fault = { ...options.fault };
  }

  async payout(request: PayoutRequest): Promise<PayoutOutcome> {
    const known = await this.outcome(request.ref);
    if (known) return known;
    if (this.fault.mode === 'down') throw new PayoutUnavailable('银行系统繁忙，请稍后重试');
    await new Promise((resolve) => setTimeout(resolve, this.options.delayMs));
    const failed = this.fault.mode === 'fail';
    const payoutNo = `PO${Date.now()}${String(randomInt(1_000_000)).padStart(6, '0')}`;
    await this.db
      .insert(simPayouts)
      .values({ ref: request.ref, state: failed ? 'failed' : 'paid', payoutNo: failed ? null : payoutNo, reason: failed ? this.fault.reason : null, amountFen: request.amountFen })
      .onConflictDoNothing();
    // Two askers at once: both answer what was stored first.
    const decided = await this.outcome(request.ref);
    if (!decided) throw new PayoutUnavailable('银行未返回结果');
    return decided;
  }

  async outcome(ref: string): Promise<PayoutOutcome | null> {
    const [row] = await this.db.select().from(simPayouts).where(eq(simPayouts.ref, ref));
    return row ? stored(row) : null;
  }
}
