/**
 * The payout simulator: a bank that decides a payout `delayMs` after receiving it, for demos and tests only. It works
 * like a real bank's payout interface (payout-gateway.ts): a payout is recorded as received (`sim_payouts`, state
 * `processing`) the moment it is accepted, before any delay, once per reference; the decision (`paid` or `failed`) is
 * made once its time has come, by whoever asks first (the call that handed it in, a payout asked again, an outcome
 * query), compare-and-set from `processing`. So a payout received by a server that was killed meanwhile is still
 * decided, exactly once, and a payout asked again after a crash or a timeout answers the same and pays once.
 * `cancelUnreceived` closes a reference never received (a `failed` row), so a request arriving after the money was
 * given back is refused.
 *
 * Its fault: `none`, `fail` (refuses the payouts it decides, with `reason`: the money goes back to the wallet) or
 * `down` (receives nothing: the step is retried; what it received is still answered). Set at start by
 * PAYOUT_SIM_FAULT, and by `POST /etax-sim/payout-fault` where the simulator's controls are mounted (tests).
 */
import { randomInt } from 'node:crypto';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { simPayouts } from '../db/schema/payouts';
import { PayoutUnavailable, type PayoutGateway, type PayoutOutcome, type PayoutRequest, type PayoutStatus } from './payout-gateway';

export interface PayoutFault {
  mode: 'none' | 'fail' | 'down';
  reason: string;
}

export const PAYOUT_FAULT_MODES = ['none', 'fail', 'down'] as const;

/** The reason stored for a reference closed before it was ever received. */
export const CANCELLED_REASON = '付款请求未送达银行，已撤销';

export function payoutFaultFromEnv(env: NodeJS.ProcessEnv): PayoutFault {
  const mode = env.PAYOUT_SIM_FAULT || 'none';
  if (!(PAYOUT_FAULT_MODES as readonly string[]).includes(mode))
    throw new Error(`PAYOUT_SIM_FAULT 无效: ${mode}（应为 none、fail 或 down）`);
  return { mode: mode as PayoutFault['mode'], reason: env.PAYOUT_SIM_FAULT_REASON || '收款账户信息有误，银行退回' };
}

type SimPayoutRow = typeof simPayouts.$inferSelect;

function statusOf(row: SimPayoutRow | undefined): PayoutStatus {
  if (!row) return { state: 'unknown' };
  if (row.state === 'processing') return { state: 'processing' };
  return row.state === 'paid' ? { state: 'paid', payoutNo: row.payoutNo ?? '' } : { state: 'failed', reason: row.reason ?? '银行退回' };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class PayoutSimulator implements PayoutGateway {
  fault: PayoutFault;

  constructor(
    private readonly db: Database,
    /**
     * `now`: the bank's clock (when it receives and decides); now, unless the demo history pays out its past
     * withdrawals at their times (db/demo-history.ts).
     */
    private readonly options: { delayMs: number; fault: PayoutFault; now?: () => Date },
  ) {
    this.fault = { ...options.fault };
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  async payout(request: PayoutRequest): Promise<PayoutOutcome | { state: 'processing' }> {
    const known = await this.row(request.ref);
    if (!known) {
      if (this.fault.mode === 'down') throw new PayoutUnavailable('银行系统繁忙，请稍后重试');
      // Received: recorded before anything else happens, once per reference.
      const [received] = await this.db
        .insert(simPayouts)
        .values({ ref: request.ref, state: 'processing', amountFen: request.amountFen, ...(this.options.now && { createdAt: this.now() }) })
        .onConflictDoNothing()
        .returning();
      // The asker that handed it in waits for the decision, as a slow bank keeps the call open; the others are told.
      if (received) return this.awaitDecision(received);
    }
    return this.decided(await this.outcome(request.ref));
  }

  async outcome(ref: string): Promise<PayoutStatus> {
    const row = await this.row(ref);
    return statusOf(row?.state === 'processing' ? await this.decideIfDue(row) : row);
  }

  async cancelUnreceived(ref: string, reason: string): Promise<PayoutStatus> {
    const [closed] = await this.db
      .insert(simPayouts)
      .values({ ref, state: 'failed', reason: `${CANCELLED_REASON}（${reason}）`, amountFen: 0 })
      .onConflictDoNothing()
      .returning();
    return closed ? { state: 'unknown' } : this.outcome(ref);
  }

  private async row(ref: string): Promise<SimPayoutRow | undefined> {
    const [row] = await this.db.select().from(simPayouts).where(eq(simPayouts.ref, ref));
    return row;
  }

  private decided(status: PayoutStatus): PayoutOutcome | { state: 'processing' } {
    if (status.state === 'unknown') throw new PayoutUnavailable('银行未返回结果');
    return status;
  }

  /** Waits until the payout's time has come and answers the decision (processing if the clocks disagree a little). */
  private async awaitDecision(received: SimPayoutRow): Promise<PayoutOutcome | { state: 'processing' }> {
    let status: PayoutStatus = { state: 'processing' };
    for (let attempt = 0; attempt < 4 && status.state === 'processing'; attempt++) {
      await sleep(Math.max(received.createdAt.getTime() + this.options.delayMs - this.now().getTime(), 0) + 5 * attempt);
      status = await this.outcome(received.ref);
    }
    return this.decided(status);
  }

  /** Decides a received payout whose time has come, once (compare-and-set from processing); else the row as it is. */
  private async decideIfDue(row: SimPayoutRow): Promise<SimPayoutRow | undefined> {
    const failed = this.fault.mode === 'fail';
    const [decided] = await this.db
      .update(simPayouts)
      .set({
        state: failed ? 'failed' : 'paid',
        payoutNo: failed ? null : `PO${this.now().getTime()}${String(randomInt(1_000_000)).padStart(6, '0')}`,
        reason: failed ? this.fault.reason : null,
      })
      .where(
        and(
          eq(simPayouts.ref, row.ref),
          eq(simPayouts.state, 'processing'),
          lte(
            simPayouts.createdAt,
            this.options.now
              ? new Date(this.now().getTime() - this.options.delayMs)
              : sql`now() - (${this.options.delayMs} * interval '1 millisecond')`,
          ),
        ),
      )
      .returning();
    // Not due yet, or another asker decided it first: what is stored now.
    return decided ?? (await this.row(row.ref));
  }
}
