/**
 * Asking for a withdrawal (`wallet/withdraw`): to the company's own bank account, once per request serial. What is due
 * is settled first; then, in one transaction, the withdrawal is written, its amount and fee (`withdrawalFee`, charged
 * on top) are held by the ledger under the lock of the company's accounts (refused when more than is available), the
 * month's and day's expense is added to, and the `withdraw` task that pays it out is created (withdraw-steps.ts).
 * `at`: when it is asked (now; the demo history's are past times, db/demo-history.ts).
 */
import { formatYuan } from '@app/domain/money';
import { recordAudit } from '../audit/audit-trail';
import { and, eq } from 'drizzle-orm';
import { withdrawalFee } from '@app/domain/ledger-model';
import type { CallerCompany } from '../auth/caller';
import { addToMonthTotals } from '../cash/money-totals';
import { settleDue } from '../cash/settlement';
import type { Database } from '../db/database';
import { withdrawals } from '../db/schema/payouts';
import { invalidField } from '../http/api-failure';
import { InsufficientFunds, post } from '../ledger/ledger';
import type { TaskQueue } from '../tasks/task-queue';

export type WithdrawalRow = typeof withdrawals.$inferSelect;

export const OVERDRAWN = '提现金额超过可提现余额';

export interface BoundAccount {
  /** As the wallet and the withdrawal show it: the bank and the account's last four digits. */
  masked: string;
  bankName: string;
  bankAccount: string;
}

/** The bank account withdrawals go to: the company's own (银行账号 of its details), masked; null when none. */
export function boundAccount(company: Pick<CallerCompany, 'bankName' | 'bankAccount'>): BoundAccount | null {
  const bankAccount = company.bankAccount.replace(/\s+/g, '');
  if (!bankAccount) return null;
  const bankName = company.bankName.trim() || '银行账户';
  return { masked: `${bankName}（尾号${bankAccount.slice(-4)}）`, bankName, bankAccount };
}

export interface WithdrawalRequest {
  companyId: string;
  userId: string;
  amountFen: number;
  requestSerial: string;
  account: BoundAccount;
}

/** The withdrawal asked with this serial before, if any: it must be the same request (else refused, 4000). */
export async function withdrawalOfSerial(db: Database, request: WithdrawalRequest): Promise<WithdrawalRow | undefined> {
  const [row] = await db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.companyId, request.companyId), eq(withdrawals.requestSerial, request.requestSerial)));
  if (row && (row.amountFen !== request.amountFen || row.requestedBy !== request.userId))
    throw invalidField('requestSerial', '请求流水号已用于其他提现，请刷新页面后重新提交');
  return row;
}

/**
 * Writes the withdrawal, holds its money and creates its task (call `queue.wake()` after, when `created`); the one
 * asked with the same serial meanwhile when there is one (`created` false).
 */
export async function requestWithdrawal(
  db: Database,
  queue: TaskQueue,
  request: WithdrawalRequest & { settlementDelayMs: number },
  at?: Date,
): Promise<{ row: WithdrawalRow | undefined; created: boolean }> {
  const { companyId, userId, amountFen, requestSerial, account } = request;
  const feeFen = withdrawalFee(amountFen);
  return db.transaction(async (tx) => {
    await settleDue(tx, companyId, request.settlementDelayMs, at);
    const [row] = await tx
      .insert(withdrawals)
      .values({
        companyId,
        requestedBy: userId,
        amountFen,
        feeFen,
        account: account.masked,
        bankName: account.bankName,
        bankAccount: account.bankAccount,
        requestSerial,
        ...(at && { createdAt: at }),
      })
      .onConflictDoNothing({ target: [withdrawals.companyId, withdrawals.requestSerial] })
      .returning();
    // The same serial committed meanwhile: that withdrawal is the answer.
    if (!row) return { row: await withdrawalOfSerial(tx, request), created: false };
    try {
      // Checks available ≥ amount + fee under the account's lock, and holds both.
      await post(tx, {
        companyId,
        movement: { kind: 'withdrawal', amountFen, feeFen },
        idempotencyKey: `withdraw:${row.id}`,
        memo: account.masked,
        at,
      });
    } catch (error) {
      if (error instanceof InsufficientFunds) throw invalidField('amountFen', OVERDRAWN);
      throw error;
    }
    await addToMonthTotals(tx, companyId, row.createdAt, 'bank', { expenseFen: amountFen + feeFen });
    const { task } = await queue.createOnce(
      tx,
      { companyId, userId, type: 'withdraw', payload: { withdrawalId: row.id }, requestSerial: `withdraw-${row.id}` },
      at,
    );
    const [linked] = await tx.update(withdrawals).set({ taskId: task.id }).where(eq(withdrawals.id, row.id)).returning();
    await recordAudit(tx, {
      type: 'withdrawal',
      id: row.id,
      summary: `提现 ${formatYuan(amountFen)} 至 ${account.masked}（手续费 ${formatYuan(feeFen)}）`,
    });
    return { row: linked, created: true };
  });
}
