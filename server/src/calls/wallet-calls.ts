/**
 * The merchant's wallet (managers and holders of benefit_payment): balances, entries, withdrawals. Balances are the
 * ledger's (ledger/ledger.ts); what is due is settled before the wallet is read or withdrawn from
 * (cash/settlement.ts). A withdrawal is checked and posted under the lock of the company's accounts, once per request
 * serial, and paid by the `withdraw` task through the payout gateway (payouts/).
 */
import { and, desc, eq } from 'drizzle-orm';
import { WITHDRAW_FEE_MIN_FEN, WITHDRAW_FEE_PERMILLE, withdrawalFee } from '@app/domain/ledger-model';
import type { WalletEntry, Withdrawal } from '@app/contract/wallet';
import type { CallerCompany } from '../auth/caller';
import { addToMonthTotals } from '../cash/money-totals';
import { settleCompany, settleDue } from '../cash/settlement';
import type { Database } from '../db/database';
import { ledgerEntries, ledgerTransactions, walletEntry, withdrawals } from '../db/schema';
import { ApiFailure, ErrorCode, invalidField } from '../http/api-failure';
import { defineCall } from '../http/define-call';
import { cappedCount, pageWindow } from '../http/paging';
import { InsufficientFunds, merchantBalances, post } from '../ledger/ledger';

/**
 * The merchant's money stays theirs after the service expires: reading the wallet and withdrawing what is available
 * stay open (issue 20); taking new payments does not (`shop/get` closes the cash desk, `cash/createOrder` refuses).
 */
const WALLET = { kind: 'company', anyOf: ['company_manage', 'benefit_payment'], allowExpired: true } as const;

/** The bank account withdrawals go to: the company's own (银行账号 of its details), masked; null when none. */
function boundAccount(company: CallerCompany): { masked: string; bankName: string; bankAccount: string } | null {
  const bankAccount = company.bankAccount.replace(/\s+/g, '');
  if (!bankAccount) return null;
  const bankName = company.bankName.trim() || '银行账户';
  return { masked: `${bankName}（尾号${bankAccount.slice(-4)}）`, bankName, bankAccount };
}

type EntryRow = { id: number; label: WalletEntry['kind']; accountKind: string; amount: number; memo: string; createdAt: Date };

function entryView(row: EntryRow): WalletEntry {
  return { id: String(row.id), kind: row.label, amountFen: row.amount, balance: row.accountKind === 'merchant_frozen' ? 'frozen' : 'available', memo: row.memo, at: row.createdAt.toISOString() };
}

const ENTRY_ORDER = [desc(ledgerEntries.createdAt), desc(ledgerEntries.id)];

async function entries(db: Database, companyId: string, limit: number, offset: number): Promise<WalletEntry[]> {
  const rows = await db
    .select({ id: ledgerEntries.id, label: ledgerEntries.label, accountKind: ledgerEntries.accountKind, amount: ledgerEntries.amount, memo: ledgerTransactions.memo, createdAt: ledgerEntries.createdAt })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(and(eq(ledgerEntries.companyId, companyId), walletEntry))
    .orderBy(...ENTRY_ORDER)
    .limit(limit)
    .offset(offset);
  return rows.map(entryView);
}

export function withdrawalView(row: typeof withdrawals.$inferSelect): Withdrawal {
  return {
    id: row.id,
    amountFen: row.amountFen,
    feeFen: row.feeFen,
    state: row.state,
    failReason: row.failReason,
    account: row.account,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

const getWallet = defineCall('wallet/get', {
  access: WALLET,
  handler: async ({ company, services }) => {
    await settleCompany(services.db, company.id, services.money.settlementDelayMs);
    const [balances, recent] = await Promise.all([merchantBalances(services.db, company.id), entries(services.db, company.id, 5, 0)]);
    return {
      availableFen: balances.merchant_available,
      frozenFen: balances.merchant_frozen,
      account: boundAccount(company)?.masked ?? null,
      feeRatePermille: WITHDRAW_FEE_PERMILLE,
      feeMinFen: WITHDRAW_FEE_MIN_FEN,
      recent,
    };
  },
});

const walletEntries = defineCall('wallet/entries', {
  access: WALLET,
  handler: async ({ company, body, services }) => {
    await settleCompany(services.db, company.id, services.money.settlementDelayMs);
    const { limit, offset } = pageWindow(body.page, body.pageSize);
    const [list, total] = await Promise.all([entries(services.db, company.id, limit, offset), cappedCount(services.db, ledgerEntries, and(eq(ledgerEntries.companyId, company.id), walletEntry), ENTRY_ORDER)]);
    return { total, list };
  },
});

const withdrawPreview = defineCall('wallet/withdrawPreview', {
  access: WALLET,
  handler: async ({ body }) => {
    const feeFen = withdrawalFee(body.amountFen);
    return { amountFen: body.amountFen, feeFen, arriveFen: body.amountFen };
  },
});

const OVERDRAWN = '提现金额超过可提现余额';

const withdraw = defineCall('wallet/withdraw', {
  access: WALLET,
  handler: async ({ caller, company, body, services }) => {
    const account = boundAccount(company);
    if (!account) throw new ApiFailure(ErrorCode.TaskStateConflict, '请先绑定提现账户（在企业信息中填写银行账号）');
    const feeFen = withdrawalFee(body.amountFen);
    const repeat = async (db: Database) => {
      const [row] = await db.select().from(withdrawals).where(and(eq(withdrawals.companyId, company.id), eq(withdrawals.requestSerial, body.requestSerial)));
      if (row && (row.amountFen !== body.amountFen || row.requestedBy !== caller.userId)) throw invalidField('requestSerial', '请求流水号已用于其他提现，请刷新页面后重新提交');
      return row;
    };
    const done = await repeat(services.db);
    if (done) return withdrawalView(done);
    const created = await services.db.transaction(async (tx) => {
      await settleDue(tx, company.id, services.money.settlementDelayMs);
      const [row] = await tx
        .insert(withdrawals)
        .values({ companyId: company.id, requestedBy: caller.userId, amountFen: body.amountFen, feeFen, account: account.masked, bankName: account.bankName, bankAccount: account.bankAccount, requestSerial: body.requestSerial })
        .onConflictDoNothing({ target: [withdrawals.companyId, withdrawals.requestSerial] })
        .returning();
      // The same serial committed meanwhile: that withdrawal is the answer.
      if (!row) return { row: await repeat(tx), created: false };
      try {
        // Checks available ≥ amount + fee under the account's lock, and holds both.
        await post(tx, { companyId: company.id, movement: { kind: 'withdrawal', amountFen: body.amountFen, feeFen }, idempotencyKey: `withdraw:${row.id}`, memo: account.masked });
      } catch (error) {
        if (error instanceof InsufficientFunds) throw invalidField('amountFen', OVERDRAWN);
        throw error;
      }
      await addToMonthTotals(tx, company.id, row.createdAt, 'bank', { expenseFen: body.amountFen + feeFen });
      const { task } = await services.tasks.createOnce(tx, { companyId: company.id, userId: caller.userId, type: 'withdraw', payload: { withdrawalId: row.id }, requestSerial: `withdraw-${row.id}` });
      const [linked] = await tx.update(withdrawals).set({ taskId: task.id }).where(eq(withdrawals.id, row.id)).returning();
      return { row: linked, created: true };
    });
    if (created.created) services.tasks.wake();
    if (!created.row) throw new ApiFailure(ErrorCode.NotFound, '提现记录不存在');
    return withdrawalView(created.row);
  },
});

const listWithdrawals = defineCall('wallet/withdrawals', {
  access: WALLET,
  handler: async ({ company, body, services }) => {
    const where = eq(withdrawals.companyId, company.id);
    const order = [desc(withdrawals.createdAt), desc(withdrawals.id)];
    const { limit, offset } = pageWindow(body.page, body.pageSize);
    const [rows, total] = await Promise.all([services.db.select().from(withdrawals).where(where).orderBy(...order).limit(limit).offset(offset), cappedCount(services.db, withdrawals, where, order)]);
    return { total, list: rows.map(withdrawalView) };
  },
});

export const walletCalls = [getWallet, walletEntries, withdrawPreview, withdraw, listWithdrawals];
