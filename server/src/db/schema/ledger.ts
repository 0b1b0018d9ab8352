/** The wallet's ledger: accounts, transactions and their entries (server/src/ledger). */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { EntryLabel, LedgerAccount, MovementKind } from '@app/domain/ledger-model';
import { createdAt } from './columns';
import { companies } from './companies';

/**
 * The wallet's ledger (the rules are `@app/domain/ledger-model`): accounts, append-only transactions and their
 * entries, integer fen. A company has its three merchant accounts (made on first use), the platform its three system
 * accounts (company null, made by the migration). `balance` is the sum of the account's entries, kept in the same
 * transaction that posts them, under the account row's lock; a merchant balance is never negative (checked by the
 * poster before it writes, and by the database).
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<LedgerAccount>().notNull(),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('ledger_accounts_company_kind').on(table.companyId, table.kind),
    uniqueIndex('ledger_accounts_system_kind').on(table.kind).where(sql`${table.companyId} is null`),
    check('ledger_accounts_merchant_not_negative', sql`${table.companyId} is null or ${table.balance} >= 0`),
  ],
);

/** One movement of money: posted once per idempotency key (a notification's key, `settle:<orderNo>`, …). */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<MovementKind>().notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** What the wallet shows beside its entries (the order number, the withdrawal's account). */
    memo: text('memo').notNull().default(''),
    createdAt: createdAt(),
  },
  (table) => [index('ledger_transactions_company').on(table.companyId)],
);

/** The entries of a transaction (summing to zero), never updated or deleted. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'cascade' }),
    /** Copied from the account, so the wallet's list has an index of its own. */
    companyId: uuid('company_id'),
    accountKind: text('account_kind').$type<LedgerAccount>().notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    label: text('label').$type<EntryLabel>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('ledger_entries_transaction').on(table.transactionId),
    index('ledger_entries_account').on(table.accountId),
    // wallet/entries: the company's 冻结 and 可提现 entries, newest first (= walletEntry).
    index('ledger_entries_wallet')
      .on(table.companyId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.accountKind} in ('merchant_frozen', 'merchant_available')`),
  ],
);

/** An entry the wallet shows: the predicate of the partial index `ledger_entries_wallet`, written the same way. */
export const walletEntry = sql`${ledgerEntries.accountKind} in ('merchant_frozen', 'merchant_available')`;
