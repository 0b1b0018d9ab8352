/**
 * Posting to the wallet's ledger (the rules: `@app/domain/ledger-model`). A movement is posted once per idempotency
 * key (a unique key: a repeated or concurrent post of the same key writes nothing), inside the caller's transaction,
 * as entries that sum to zero. Entries are only ever inserted. Each account's `balance` is changed in the same
 * transaction, under the lock of its row (`SELECT … FOR UPDATE`), and a merchant balance that would go below zero
 * refuses the whole movement (InsufficientFunds): so concurrent withdrawals can never overdraw.
 *
 * Locks are always taken in one order — the company's merchant accounts (by kind), then the system accounts (by
 * kind) — so two postings never wait for each other in a cycle.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  isMerchantAccount,
  MERCHANT_ACCOUNTS,
  postingsOf,
  sumOf,
  SYSTEM_ACCOUNTS,
  type LedgerAccount,
  type MerchantAccount,
  type Movement,
} from '@app/domain/ledger-model';
import type { Database } from '../db/database';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../db/schema/ledger';

export type AccountRow = typeof ledgerAccounts.$inferSelect;

/** A movement refused because it would take a merchant balance below zero. */
export class InsufficientFunds extends Error {
  override name = 'InsufficientFunds';
  constructor(
    readonly account: MerchantAccount,
    readonly balance: number,
    readonly change: number,
  ) {
    super(`${account} balance ${balance} cannot take ${change}`);
  }
}

/** The company's three merchant accounts (made on first use), locked FOR UPDATE when `lock`. */
export async function merchantAccounts(tx: Database, companyId: string, lock = false): Promise<Record<MerchantAccount, AccountRow>> {
  const query = () => {
    const select = tx.select().from(ledgerAccounts).where(eq(ledgerAccounts.companyId, companyId)).orderBy(asc(ledgerAccounts.kind));
    return lock ? select.for('update') : select;
  };
  let rows = await query();
  if (rows.length < MERCHANT_ACCOUNTS.length) {
    await tx
      .insert(ledgerAccounts)
      .values(MERCHANT_ACCOUNTS.map((kind) => ({ companyId, kind })))
      .onConflictDoNothing();
    rows = await query();
  }
  const byKind = Object.fromEntries(rows.map((row) => [row.kind, row])) as Record<MerchantAccount, AccountRow>;
  for (const kind of MERCHANT_ACCOUNTS) if (!byKind[kind]) throw new Error(`ledger account ${kind} of ${companyId} is missing`);
  return byKind;
}

async function systemAccounts(tx: Database, kinds: readonly LedgerAccount[]): Promise<Map<LedgerAccount, AccountRow>> {
  if (kinds.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(ledgerAccounts)
    .where(and(isNull(ledgerAccounts.companyId), inArray(ledgerAccounts.kind, [...kinds])))
    .orderBy(asc(ledgerAccounts.kind))
    .for('update');
  return new Map(rows.map((row) => [row.kind, row]));
}

export interface PostRequest {
  companyId: string;
  movement: Movement;
  idempotencyKey: string;
  memo?: string;
  /** When it is posted: now, unless the demo history posts its past movements at their times (db/demo-history.ts). */
  at?: Date;
}

/**
 * Posts the movement inside `tx` (which must be a transaction); false when this key was posted before (nothing
 * written). Throws InsufficientFunds, writing nothing, when a merchant balance would go negative.
 */
export async function post(tx: Database, request: PostRequest): Promise<boolean> {
  const postings = postingsOf(request.movement);
  if (sumOf(postings) !== 0) throw new Error(`unbalanced ${request.movement.kind}`);
  // The merchant accounts first (the lock order), and the balances checked before anything is written.
  const merchant = await merchantAccounts(tx, request.companyId, true);
  const [seen] = await tx
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.idempotencyKey, request.idempotencyKey));
  if (seen) return false;
  const changes = new Map<LedgerAccount, number>();
  for (const posting of postings) changes.set(posting.account, (changes.get(posting.account) ?? 0) + posting.amountFen);
  for (const [account, change] of changes) {
    if (!isMerchantAccount(account)) continue;
    const balance = merchant[account].balance;
    if (balance + change < 0) throw new InsufficientFunds(account, balance, change);
  }
  const [transaction] = await tx
    .insert(ledgerTransactions)
    .values({
      companyId: request.companyId,
      kind: request.movement.kind,
      idempotencyKey: request.idempotencyKey,
      memo: request.memo ?? '',
      ...(request.at && { createdAt: request.at }),
    })
    .onConflictDoNothing({ target: ledgerTransactions.idempotencyKey })
    .returning({ id: ledgerTransactions.id });
  if (!transaction) return false;
  const system = await systemAccounts(
    tx,
    SYSTEM_ACCOUNTS.filter((kind) => changes.has(kind)),
  );
  const accountOf = (kind: LedgerAccount): AccountRow => {
    const row = isMerchantAccount(kind) ? merchant[kind] : system.get(kind);
    if (!row) throw new Error(`ledger account ${kind} is missing`);
    return row;
  };
  await tx.insert(ledgerEntries).values(
    postings.map((posting) => {
      const account = accountOf(posting.account);
      return {
        transactionId: transaction.id,
        accountId: account.id,
        companyId: account.companyId,
        accountKind: posting.account,
        amount: posting.amountFen,
        label: posting.label,
        ...(request.at && { createdAt: request.at }),
      };
    }),
  );
  for (const [kind, change] of changes) {
    if (change === 0) continue;
    await tx
      .update(ledgerAccounts)
      .set({ balance: sql`${ledgerAccounts.balance} + ${change}` })
      .where(eq(ledgerAccounts.id, accountOf(kind).id));
  }
  return true;
}

/** The company's balances as they stand (no lock): 冻结, 可提现, 提现中. */
export async function merchantBalances(db: Database, companyId: string): Promise<Record<MerchantAccount, number>> {
  const rows = await db
    .select({ kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.companyId, companyId));
  const balances = { merchant_frozen: 0, merchant_available: 0, merchant_withdrawing: 0 };
  for (const row of rows) if (isMerchantAccount(row.kind)) balances[row.kind] = row.balance;
  return balances;
}
