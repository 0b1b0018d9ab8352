/** Merchants' withdrawals and the payout simulator's record (server/src/payouts). */
import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { WITHDRAWAL_STATES } from '@app/contract/wallet';
import { createdAt } from './columns';
import { users } from './users';
import { companies } from './companies';

type WithdrawalState = (typeof WITHDRAWAL_STATES)[number];

/** A merchant's withdrawal to its bank account: 审核中 until the payout task's outcome (已到账 or 失败). */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    feeFen: bigint('fee_fen', { mode: 'number' }).notNull(),
    state: text('state').$type<WithdrawalState>().notNull().default('审核中'),
    failReason: text('fail_reason'),
    /** The bank account paid to, masked, as it was when asked. */
    account: text('account').notNull(),
    bankName: text('bank_name').notNull().default(''),
    bankAccount: text('bank_account').notNull().default(''),
    requestSerial: text('request_serial').notNull(),
    taskId: uuid('task_id'),
    payoutNo: text('payout_no'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('withdrawals_request_serial').on(table.companyId, table.requestSerial),
    index('withdrawals_company_created').on(table.companyId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    // payment/list's expenses: withdrawals that did not fail (= spentWithdrawal).
    index('withdrawals_company_spent')
      .on(table.companyId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.state} <> '失败'`),
  ],
);

export const spentWithdrawal = sql`${withdrawals.state} <> '失败'`;

/**
 * The payout simulator's record by reference: received (`processing`, written before any delay), then what it paid or
 * refused (a repeated payout answers the same; see payouts/payout-simulator.ts).
 */
export const simPayouts = pgTable('sim_payouts', {
  ref: text('ref').primaryKey(),
  state: text('state').$type<'processing' | 'paid' | 'failed'>().notNull(),
  payoutNo: text('payout_no'),
  reason: text('reason'),
  amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
  createdAt: createdAt(),
});
