/**
 * The conditions of 收支 (`payment/list`): the paid orders (income) and the withdrawals that did not fail (expense) of
 * the company in a range of China time, by type and channel; shared by the list and its export (server/src/exports/),
 * so both select exactly the same records.
 */
import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { PaymentRecord } from '@app/contract/payment';
import type { Database } from '../db/database';
import { cashOrders, paidOrder } from '../db/schema/cash';
import { invoiceApplications, invoices } from '../db/schema/invoices';
import { spentWithdrawal, withdrawals } from '../db/schema/payouts';
import { users } from '../db/schema/users';
import type { Access } from '../http/access';
import { incomeColumns } from './orders';

/** Who sees 收支 (managers and holders of benefit_payment), and so who may export it. */
export const PAYMENT_LIST_ACCESS = { kind: 'company', anyOf: ['company_manage', 'benefit_payment'] } as const satisfies Access;

export interface PaymentListFilters {
  type?: PaymentRecord['type'];
  channel?: PaymentRecord['channel'];
}

export const INCOME_ORDER = [desc(cashOrders.paidAt), desc(cashOrders.id)];
export const EXPENSE_ORDER = [desc(withdrawals.createdAt), desc(withdrawals.id)];

/** Which sides the filters keep, and each side's conditions, for the instants from `from` up to `to`. */
export function paymentSides(companyId: string, filters: PaymentListFilters, from: Date, to: Date) {
  const wantIncome = filters.type !== 'expense' && filters.channel !== 'bank';
  const wantExpense = filters.type !== 'income' && (filters.channel === undefined || filters.channel === 'bank');
  const incomeWhere = and(
    eq(cashOrders.companyId, companyId),
    ...(filters.channel ? [eq(cashOrders.channel, filters.channel as 'wechat')] : []),
    paidOrder,
    gte(cashOrders.paidAt, from),
    lt(cashOrders.paidAt, to),
  ) as SQL;
  const expenseWhere = and(
    eq(withdrawals.companyId, companyId),
    spentWithdrawal,
    gte(withdrawals.createdAt, from),
    lt(withdrawals.createdAt, to),
  ) as SQL;
  return { wantIncome, wantExpense, incomeWhere, expenseWhere };
}

/** Paid orders with their payer, application and invoice (`incomeRecord` makes the line). */
export function incomeQuery(db: Database) {
  return db
    .select(incomeColumns)
    .from(cashOrders)
    .leftJoin(users, eq(users.id, cashOrders.payerId))
    .leftJoin(invoiceApplications, eq(invoiceApplications.id, cashOrders.applicationId))
    .leftJoin(invoices, eq(invoices.id, sql`coalesce(${cashOrders.invoiceId}, ${invoiceApplications.invoiceId})`));
}
