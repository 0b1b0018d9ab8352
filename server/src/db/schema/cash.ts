/** Payments at shops' cash desks and the income and expense totals (server/src/cash). */
import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ORDER_STATES, PayChannel } from '@app/contract/payment';
import { createdAt } from './columns';
import { users } from './users';
import { companies, subCodes, goods } from './companies';
import { dayColumn, monthColumn, totalsTable } from './totals-table';

type OrderState = (typeof ORDER_STATES)[number];

/**
 * A customer's payment at a shop's cash desk (`/shop/{code}`): 待支付 until a verified notification (or the demo
 * provider) pays it, once. Income is frozen until `paid_at` + the settlement delay, then settled (`settled_at`).
 */
export const cashOrders = pgTable(
  'cash_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderNo: text('order_no').notNull().unique(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    subCodeId: uuid('sub_code_id').references(() => subCodes.id, { onDelete: 'set null' }),
    subCodeName: text('sub_code_name'),
    /** The sub-code's fixed goods, if it has them (the invoice's goods). */
    goodsId: uuid('goods_id').references(() => goods.id, { onDelete: 'set null' }),
    goodsName: text('goods_name'),
    payerId: uuid('payer_id')
      .notNull()
      .references(() => users.id),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    channel: text('channel').$type<PayChannel>().notNull(),
    state: text('state').$type<OrderState>().notNull().default('待支付'),
    providerTradeNo: text('provider_trade_no'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** The customer's invoice application (cash/applyInvoice), or the invoice the merchant issued (payment/issueInvoice). */
    applicationId: uuid('application_id'),
    invoiceId: uuid('invoice_id'),
    createdAt: createdAt(),
  },
  (table) => [
    // payment/list's income and the statistics: paid orders by company, newest first (= paidOrder).
    index('cash_orders_company_paid')
      .on(table.companyId, table.paidAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.paidAt} is not null`),
    index('cash_orders_company_channel_paid')
      .on(table.companyId, table.channel, table.paidAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.paidAt} is not null`),
    // Settlement: paid orders not settled yet, by company (= unsettledOrder).
    index('cash_orders_unsettled').on(table.companyId, table.paidAt).where(sql`${table.paidAt} is not null and ${table.settledAt} is null`),
    index('cash_orders_payer').on(table.payerId, table.createdAt.desc().nullsFirst()),
  ],
);

export const paidOrder = sql`${cashOrders.paidAt} is not null`;
export const unsettledOrder = sql`${cashOrders.paidAt} is not null and ${cashOrders.settledAt} is null`;

/**
 * 收支 totals by company, China month (YYYYMM) and channel (`bank` for withdrawals): kept in the transactions that pay
 * an order (income) and ask for or fail a withdrawal (expense, amount + fee), so payment/list's totals read a few rows.
 */
export const moneyMonthTotals = totalsTable(
  'money_month_totals',
  { month: monthColumn(), channel: text('channel').notNull() },
  { incomeFen: 'bigint', incomeCount: 'integer', expenseFen: 'bigint' },
);

/**
 * `money_month_totals` by China day (YYYYMMDD): kept in the same transactions (statistics/income reads a range's days
 * here: by day, or the partial first and last months of a range by month; its whole months from the monthly totals).
 */
export const moneyDayTotals = totalsTable(
  'money_day_totals',
  { day: dayColumn(), channel: text('channel').notNull() },
  { incomeFen: 'bigint', incomeCount: 'integer', expenseFen: 'bigint' },
);
