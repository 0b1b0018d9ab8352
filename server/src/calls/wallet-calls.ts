/**
 * The merchant's wallet (managers and holders of benefit_payment): balances, entries, withdrawals. Balances are the
 * ledger's (ledger/ledger.ts); what is due is settled before the wallet is read or withdrawn from
 * (cash/settlement.ts). A withdrawal is checked and posted under the lock of the company's accounts, once per request
 * serial, and paid by the `withdraw` task through the payout gateway (payouts/).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { WITHDRAW_FEE_MIN_FEN, WITHDRAW_FEE_PERMILLE, withdrawalFee } from '@app/domain/ledger-model';
import type { WalletEntry, Withdrawal } from '@app/contract/wallet';
import { settleCompany } from '../cash/settlement';
import type { Database } from '../db/database';
import { ledgerEntries, ledgerTransactions, walletEntry } from '../db/schema/ledger';
import { withdrawals } from '../db/schema/payouts';
import { ApiFailure, ErrorCode } from '../http/api-failure';
import { defineCall } from '../http/define-call';
import { cappedCount, pageWindow } from '../http/paging';
import { merchantBalances } from '../ledger/ledger';
import { boundAccount, requestWithdrawal, withdrawalOfSerial } from '../payouts/withdrawals';

/**
 * The merchant's money stays theirs after the service expires: reading the wallet and withdrawing what is available
 * stay open; taking new payments does not (`shop/get` closes the cash desk, `cash/createOrder` refuses).
 */
const WALLET = { kind: 'company', anyOf: ['company_manage', 'benefit_payment'], allowExpired: true } as const;

type EntryRow = { id: number; label: WalletEntry['kind']; accountKind: string; amount: number; memo: string; createdAt: Date };

/**
 * What the wallet lists: its 冻结 and 可提现 entries, but a settlement once. The ledger posts it as two entries (冻结
 * −x, 可提现 +x), which listed apart read as money leaving; the list shows its 可提现 side as the one movement from 冻结
 * to 可提现. The rows read are still those of the partial index `ledger_entries_wallet` (at most one skipped a row).
 */
const listedEntry = and(walletEntry, sql`not (${ledgerEntries.label} = '结算' and ${ledgerEntries.accountKind} = 'merchant_frozen')`);

function balanceOf(row: EntryRow): WalletEntry['balance'] {
  if (row.label === '结算') return 'frozenToAvailable';
  return row.accountKind === 'merchant_frozen' ? 'frozen' : 'available';
}

function entryView(row: EntryRow): WalletEntry {
  return {
    id: String(row.id),
    kind: row.label,
    amountFen: row.amount,
    balance: balanceOf(row),
    memo: row.memo,
    at: row.createdAt.toISOString(),
  };
}

const ENTRY_ORDER = [desc(ledgerEntries.createdAt), desc(ledgerEntries.id)];

async function entries(db: Database, companyId: string, limit: number, offset: number): Promise<WalletEntry[]> {
  const rows = await db
    .select({
      id: ledgerEntries.id,
      label: ledgerEntries.label,
      accountKind: ledgerEntries.accountKind,
      amount: ledgerEntries.amount,
      memo: ledgerTransactions.memo,
      createdAt: ledgerEntries.createdAt,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(and(eq(ledgerEntries.companyId, companyId), listedEntry))
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
    const [list, total] = await Promise.all([
      entries(services.db, company.id, limit, offset),
      cappedCount(services.db, ledgerEntries, and(eq(ledgerEntries.companyId, company.id), listedEntry), ENTRY_ORDER),
    ]);
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

const withdraw = defineCall('wallet/withdraw', {
  access: WALLET,
  handler: async ({ caller, company, body, services }) => {
    const account = boundAccount(company);
    if (!account) throw new ApiFailure(ErrorCode.TaskStateConflict, '请先绑定提现账户（在企业信息中填写银行账号）');
    const request = { companyId: company.id, userId: caller.userId, amountFen: body.amountFen, requestSerial: body.requestSerial, account };
    const done = await withdrawalOfSerial(services.db, request);
    if (done) return withdrawalView(done);
    const created = await requestWithdrawal(services.db, services.tasks, {
      ...request,
      settlementDelayMs: services.money.settlementDelayMs,
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
    const [rows, total] = await Promise.all([
      services.db
        .select()
        .from(withdrawals)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
      cappedCount(services.db, withdrawals, where, order),
    ]);
    return { total, list: rows.map(withdrawalView) };
  },
});

export const walletCalls = [getWallet, walletEntries, withdrawPreview, withdraw, listWithdrawals];
