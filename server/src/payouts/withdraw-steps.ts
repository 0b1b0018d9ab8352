/**
 * The `withdraw` task: the worker hands the payout to the payout gateway (once per withdrawal id, so a step repeated
 * after a crash pays nothing twice) and records the outcome with the task's, in one transaction fenced by the task's
 * lease: 已到账 posts `withdrawal_paid` (withdrawing → payout_clearing and fee_income), 失败 posts `withdrawal_failed`
 * (withdrawing → available, amount and fee back). The withdrawal's state is compare-and-set from 审核中 and each
 * posting has its key (`withdraw-paid:<id>`, `withdraw-refund:<id>`): an outcome is applied once.
 *
 * Money goes back only on the bank's definitive answer: refused (`failed`), or never received (`unknown`, after the
 * reference was closed at the bank so a request still on its way is refused there). While the bank is processing the
 * payout, the task stays open and asks again (stage `awaitBank`, every BANK_POLL_MS) — not a failed attempt, and not
 * ended by the task's attempts or deadline (the worker settles a withdraw task however late; see task-worker.ts): a
 * slow bank never leads to a refund of a payout it may still make. A bank that cannot be asked is retried.
 */
import { and, eq } from 'drizzle-orm';
import { TaskStatus } from '@app/contract/task-status';
import type { Database } from '../db/database';
import { withdrawals } from '../db/schema/payouts';
import { GatewayError } from '../etax/gateway';
import { addToMonthTotals } from '../cash/money-totals';
import { post } from '../ledger/ledger';
import { stepTime, type StepContext, type StepOutcome } from '../tasks/step-types';
import type { TaskRow } from '../tasks/task-queue';
import { PayoutUnavailable, type PayoutOutcome, type PayoutStatus } from './payout-gateway';

/** How often a payout the bank is still processing is asked about. */
export const BANK_POLL_MS = 1000;

type WithdrawalRow = typeof withdrawals.$inferSelect;

/** Applies a payout's outcome to the withdrawal and the ledger, once (inside the task's commit), at `at` (default now). */
export async function finishWithdrawal(tx: Database, withdrawalId: string, outcome: PayoutOutcome, at?: Date): Promise<void> {
  const paid = outcome.state === 'paid';
  const [withdrawal] = await tx
    .update(withdrawals)
    .set({
      state: paid ? '已到账' : '失败',
      failReason: paid ? null : outcome.reason,
      payoutNo: paid ? outcome.payoutNo : null,
      finishedAt: at ?? new Date(),
    })
    .where(and(eq(withdrawals.id, withdrawalId), eq(withdrawals.state, '审核中')))
    .returning();
  if (!withdrawal) return;
  const movement = { amountFen: withdrawal.amountFen, feeFen: withdrawal.feeFen };
  if (paid) {
    await post(tx, {
      companyId: withdrawal.companyId,
      movement: { kind: 'withdrawal_paid', ...movement },
      idempotencyKey: `withdraw-paid:${withdrawal.id}`,
      memo: withdrawal.account,
      at,
    });
  } else {
    await post(tx, {
      companyId: withdrawal.companyId,
      movement: { kind: 'withdrawal_failed', ...movement },
      idempotencyKey: `withdraw-refund:${withdrawal.id}`,
      memo: outcome.reason,
      at,
    });
    // No longer an expense of the month it was asked in.
    await addToMonthTotals(tx, withdrawal.companyId, withdrawal.createdAt, 'bank', {
      expenseFen: -(withdrawal.amountFen + withdrawal.feeFen),
    });
  }
}

function outcomeOf(withdrawal: WithdrawalRow, outcome: PayoutOutcome, context: StepContext): StepOutcome {
  const paid = outcome.state === 'paid';
  return {
    status: paid ? TaskStatus.Succeeded : TaskStatus.Failed,
    failReason: paid ? null : outcome.reason,
    payload: { stage: 'done' },
    result: { withdrawalId: withdrawal.id, ...(paid && { payoutNo: outcome.payoutNo }) },
    finished: true,
    effects: (tx) => finishWithdrawal(tx, withdrawal.id, outcome, stepTime(context)),
  };
}

/** The bank has the payout and has not decided: the task stays open and asks again (not a failed attempt). */
function awaitingBank(context: StepContext): StepOutcome {
  return {
    status: TaskStatus.Processing,
    failReason: null,
    payload: { stage: 'awaitBank' },
    nextRunAt: new Date(stepTime(context).getTime() + BANK_POLL_MS),
  };
}

async function withdrawalOf(db: Database, task: TaskRow): Promise<WithdrawalRow> {
  const [withdrawal] = await db
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.id, String(task.payload.withdrawalId)));
  if (!withdrawal) throw new GatewayError('提现记录不存在');
  return withdrawal;
}

export async function runWithdrawStep(task: TaskRow, context: StepContext): Promise<StepOutcome> {
  if (!context.payouts) throw new GatewayError('提现通道未配置');
  const withdrawal = await withdrawalOf(context.db, task);
  if (withdrawal.state !== '审核中') {
    return {
      status: withdrawal.state === '已到账' ? TaskStatus.Succeeded : TaskStatus.Failed,
      failReason: withdrawal.failReason,
      payload: { stage: 'done' },
      finished: true,
    };
  }
  try {
    // Handed in once; asked again (a repeated step, stage awaitBank) it answers what the bank has, paying nothing twice.
    const outcome = await context.payouts.payout({
      ref: withdrawal.id,
      amountFen: withdrawal.amountFen,
      bankName: withdrawal.bankName,
      bankAccount: withdrawal.bankAccount,
    });
    return outcome.state === 'processing' ? awaitingBank(context) : outcomeOf(withdrawal, outcome, context);
  } catch (error) {
    if (error instanceof PayoutUnavailable) throw new GatewayError(error.message);
    throw error;
  }
}

/**
 * Before a withdraw task fails for good (attempts used up, or past its deadline), the bank is asked: paid or refused
 * is applied; still processing keeps the task open; never received closes the reference at the bank first (so it can
 * never be paid later) and answers null: the task fails and the money goes back. Throws when the bank cannot be asked
 * (the worker asks again shortly; nothing is given back meanwhile).
 */
export async function settleWithdrawTask(task: TaskRow, context: StepContext, reason: string): Promise<StepOutcome | null> {
  if (!context.payouts) return null;
  const withdrawal = await withdrawalOf(context.db, task);
  if (withdrawal.state !== '审核中') return runWithdrawStep(task, context);
  let status: PayoutStatus = await context.payouts.outcome(withdrawal.id);
  if (status.state === 'unknown') status = await context.payouts.cancelUnreceived(withdrawal.id, reason);
  if (status.state === 'unknown') return null;
  return status.state === 'processing' ? awaitingBank(context) : outcomeOf(withdrawal, status, context);
}

/** A withdraw task that fails for good gives the money back (only after settleWithdrawTask answered null). */
export function withdrawFailed(task: TaskRow, reason: string): (tx: Database) => Promise<void> {
  return (tx) => finishWithdrawal(tx, String(task.payload.withdrawalId), { state: 'failed', reason });
}
