/**
 * The `withdraw` task: the worker asks the payout gateway to pay the withdrawal (once per withdrawal id, so a step
 * repeated after a crash pays nothing twice) and records the outcome with the task's, in one transaction fenced by
 * the task's lease: 已到账 posts `withdrawal_paid` (withdrawing → payout_clearing and fee_income), 失败 posts
 * `withdrawal_failed` (withdrawing → available, amount and fee back). The withdrawal's state is compare-and-set from
 * 审核中 and each posting has its key (`withdraw-paid:<id>`, `withdraw-refund:<id>`): an outcome is applied once.
 * A payout the bank could not be asked about is retried; before such a task fails for good the bank is asked what
 * became of it, and only a payout it never received is given back.
 */
import { and, eq } from 'drizzle-orm';
import { TaskStatus } from '@app/contract/task-status';
import type { Database } from '../db/database';
import { withdrawals } from '../db/schema';
import { GatewayError } from '../etax/gateway';
import { addToMonthTotals } from '../cash/money-totals';
import { post } from '../ledger/ledger';
import type { StepContext, StepOutcome } from '../tasks/step-types';
import type { TaskRow } from '../tasks/task-queue';
import { PayoutUnavailable, type PayoutOutcome } from './payout-gateway';

type WithdrawalRow = typeof withdrawals.$inferSelect;

/** Applies a payout's outcome to the withdrawal and the ledger, once (inside the task's commit). */
export async function finishWithdrawal(tx: Database, withdrawalId: string, outcome: PayoutOutcome): Promise<void> {
  const paid = outcome.state === 'paid';
  const [withdrawal] = await tx
    .update(withdrawals)
    .set({ state: paid ? '已到账' : '失败', failReason: paid ? null : outcome.reason, payoutNo: paid ? outcome.payoutNo : null, finishedAt: new Date() })
    .where(and(eq(withdrawals.id, withdrawalId), eq(withdrawals.state, '审核中')))
    .returning();
  if (!withdrawal) return;
  const movement = { amountFen: withdrawal.amountFen, feeFen: withdrawal.feeFen };
  if (paid) {
    await post(tx, { companyId: withdrawal.companyId, movement: { kind: 'withdrawal_paid', ...movement }, idempotencyKey: `withdraw-paid:${withdrawal.id}`, memo: withdrawal.account });
  } else {
    await post(tx, { companyId: withdrawal.companyId, movement: { kind: 'withdrawal_failed', ...movement }, idempotencyKey: `withdraw-refund:${withdrawal.id}`, memo: outcome.reason });
    // No longer an expense of the month it was asked in.
    await addToMonthTotals(tx, withdrawal.companyId, withdrawal.createdAt, 'bank', { expenseFen: -(withdrawal.amountFen + withdrawal.feeFen) });
  }
}

function outcomeOf(withdrawal: WithdrawalRow, outcome: PayoutOutcome): StepOutcome {
  const paid = outcome.state === 'paid';
  return {
    status: paid ? TaskStatus.Succeeded : TaskStatus.Failed,
    failReason: paid ? null : outcome.reason,
    payload: { stage: 'done' },
    result: { withdrawalId: withdrawal.id, ...(paid && { payoutNo: outcome.payoutNo }) },
    finished: true,
    effects: (tx) => finishWithdrawal(tx, withdrawal.id, outcome),
  };
}

async function withdrawalOf(db: Database, task: TaskRow): Promise<WithdrawalRow> {
  const [withdrawal] = await db.select().from(withdrawals).where(eq(withdrawals.id, String(task.payload.withdrawalId)));
  if (!withdrawal) throw new GatewayError('提现记录不存在');
  return withdrawal;
}

export async function runWithdrawStep(task: TaskRow, context: StepContext): Promise<StepOutcome> {
  if (!context.payouts) throw new GatewayError('提现通道未配置');
  const withdrawal = await withdrawalOf(context.db, task);
  if (withdrawal.state !== '审核中') {
    return { status: withdrawal.state === '已到账' ? TaskStatus.Succeeded : TaskStatus.Failed, failReason: withdrawal.failReason, payload: { stage: 'done' }, finished: true };
  }
  try {
    const outcome = await context.payouts.payout({ ref: withdrawal.id, amountFen: withdrawal.amountFen, bankName: withdrawal.bankName, bankAccount: withdrawal.bankAccount });
    return outcomeOf(withdrawal, outcome);
  } catch (error) {
    if (error instanceof PayoutUnavailable) throw new GatewayError(error.message);
    throw error;
  }
}

/** Before a withdraw task fails for good: the bank's outcome, if it received the payout (else null: give it back). */
export async function settleWithdrawTask(task: TaskRow, context: StepContext): Promise<StepOutcome | null> {
  if (!context.payouts) return null;
  const withdrawal = await withdrawalOf(context.db, task);
  const outcome = await context.payouts.outcome(withdrawal.id);
  return outcome ? outcomeOf(withdrawal, outcome) : null;
}

/** A withdraw task that fails for good gives the money back. */
export function withdrawFailed(task: TaskRow, reason: string): (tx: Database) => Promise<void> {
  return (tx) => finishWithdrawal(tx, String(task.payload.withdrawalId), { state: 'failed', reason });
}
