/**
 * 收支 (managers and holders of benefit_payment): the company's income (paid cash orders) and expenses (withdrawals
 * that did not fail: amount and fee) of a China month, newest first, with the month's totals from the maintained
 * `money_month_totals`; one record; and issuing the invoice of a paid order as a blue-invoice task.
 */
import { formatYuan } from '@app/domain/money';
import { recordAudit } from '../audit/audit-trail';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { LIST_LIMIT } from '@app/contract/limits';
import { chinaMonth, chinaMonthNumber } from '@app/domain/china-time';
import { expenseRecord, incomeRecord, type IncomeRow } from '../cash/orders';
import type { Database } from '../db/database';
import { cashOrders, moneyMonthTotals, paidOrder } from '../db/schema/cash';
import { invoiceApplications, invoices } from '../db/schema/invoices';
import { spentWithdrawal, withdrawals } from '../db/schema/payouts';
import { tasks } from '../db/schema/tasks';
import { ApiFailure, ErrorCode } from '../http/api-failure';
import { defineCall } from '../http/define-call';
import { requestedRange } from '../http/china-range';
import { cappedCount, pageWindow } from '../http/paging';
import { goodsForInvoice } from '../invoices/applications';
import { createBlueInvoice } from '../invoices/create-invoices';
import { EXPENSE_ORDER, INCOME_ORDER, incomeQuery, PAYMENT_LIST_ACCESS, paymentSides } from '../cash/payment-list-query';

const MONEY = PAYMENT_LIST_ACCESS.anyOf;

/** The China month `YYYY-MM` (this one when none) as an instant range, and its `YYYYMM`. */
function monthRange(month: string | undefined): { from: Date; to: Date; key: number } {
  const { start, end } = requestedRange('month', '月份不存在', month ?? chinaMonth(new Date()));
  return { from: start, to: end, key: chinaMonthNumber(start) };
}

/** A record's place in the list: which side and its id (read from each side's index, never the whole row). */
type Listed = { side: 'income' | 'expense'; id: string };

const listPayments = defineCall('payment/list', {
  access: PAYMENT_LIST_ACCESS,
  handler: async ({ company, body, services }) => {
    const db = services.db;
    const { from, to, key } = monthRange(body.month);
    const { wantIncome, wantExpense, incomeWhere, expenseWhere } = paymentSides(company.id, body, from, to);
    const { limit, offset } = pageWindow(body.page, body.pageSize);
    // Each side's first offset + limit places in the list's order (id and time, from its index alone), merged in the
    // database: only the page's places come back; then only the page's rows are read, by their keys.
    const head = offset + limit;
    const sides: SQL[] = [];
    if (wantIncome && head > 0)
      sides.push(
        sql`(select 'income' as side, ${cashOrders.id} as id, ${cashOrders.paidAt} as at from ${cashOrders} where ${incomeWhere} order by ${sql.join(INCOME_ORDER, sql`, `)} limit ${head})`,
      );
    if (wantExpense && head > 0)
      sides.push(
        sql`(select 'expense' as side, ${withdrawals.id} as id, ${withdrawals.createdAt} as at from ${withdrawals} where ${expenseWhere} order by ${sql.join(EXPENSE_ORDER, sql`, `)} limit ${head})`,
      );
    const [placed, incomeCount, expenseCount, totals] = await Promise.all([
      sides.length
        ? db.execute(
            sql`select side, id from (${sql.join(sides, sql` union all `)}) as listed order by at desc, id desc offset ${offset} limit ${limit}`,
          )
        : Promise.resolve({ rows: [] }),
      wantIncome ? cappedCount(db, cashOrders, incomeWhere, INCOME_ORDER) : Promise.resolve(0),
      wantExpense ? cappedCount(db, withdrawals, expenseWhere, EXPENSE_ORDER) : Promise.resolve(0),
      db
        .select({ channel: moneyMonthTotals.channel, incomeFen: moneyMonthTotals.incomeFen, expenseFen: moneyMonthTotals.expenseFen })
        .from(moneyMonthTotals)
        .where(
          and(
            eq(moneyMonthTotals.companyId, company.id),
            eq(moneyMonthTotals.month, key),
            ...(body.channel ? [eq(moneyMonthTotals.channel, body.channel)] : []),
          ),
        ),
    ]);
    const page = (placed as unknown as { rows: Listed[] }).rows;
    // Payer, application and invoice for the page's income; the page's withdrawals (at most a page of rows, by key).
    const incomeIds = page.flatMap((item) => (item.side === 'income' ? [item.id] : []));
    const expenseIds = page.flatMap((item) => (item.side === 'expense' ? [item.id] : []));
    const [incomeRows, expenseRows] = await Promise.all([
      incomeIds.length ? incomeQuery(db).where(inArray(cashOrders.id, incomeIds)) : Promise.resolve([]),
      expenseIds.length ? db.select().from(withdrawals).where(inArray(withdrawals.id, expenseIds)) : Promise.resolve([]),
    ]);
    const incomeById = new Map(incomeRows.map((row) => [row.order.id, row as IncomeRow]));
    const expenseById = new Map(expenseRows.map((row) => [row.id, row]));
    return {
      total: Math.min(incomeCount + expenseCount, LIST_LIMIT),
      list: page.map((item) =>
        item.side === 'income' ? incomeRecord(incomeById.get(item.id)!) : expenseRecord(expenseById.get(item.id)!),
      ),
      incomeFen: wantIncome ? totals.reduce((sum, row) => sum + row.incomeFen, 0) : 0,
      expenseFen: wantExpense ? totals.reduce((sum, row) => sum + row.expenseFen, 0) : 0,
    };
  },
});

/** A record of the caller's company: a paid order (income) or a withdrawal (expense); 4004 / 1004 otherwise. */
async function loadRecord(
  db: Database,
  id: string,
  companyId: string,
): Promise<{ income: IncomeRow } | { expense: typeof withdrawals.$inferSelect }> {
  const key = id.toLowerCase();
  const [income] = await incomeQuery(db).where(and(eq(cashOrders.id, key), paidOrder));
  if (income) {
    if (income.order.companyId !== companyId) throw new ApiFailure(ErrorCode.NoAccess, '无权查看该企业的收支记录');
    return { income: income as IncomeRow };
  }
  const [expense] = await db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.id, key), spentWithdrawal));
  if (expense) {
    if (expense.companyId !== companyId) throw new ApiFailure(ErrorCode.NoAccess, '无权查看该企业的收支记录');
    return { expense };
  }
  throw new ApiFailure(ErrorCode.NotFound, '收支记录不存在');
}

const getPayment = defineCall('payment/get', {
  access: { kind: 'company', anyOf: MONEY },
  handler: async ({ company, body, services }) => {
    const record = await loadRecord(services.db, body.id, company.id);
    return 'income' in record ? incomeRecord(record.income) : expenseRecord(record.expense);
  },
});

const issueInvoice = defineCall('payment/issueInvoice', {
  access: { kind: 'company', anyOf: MONEY, agreement: true },
  rateLimit: { max: 30, windowMs: 60_000 },
  handler: async ({ caller, company, body, services }) => {
    const record = await loadRecord(services.db, body.id, company.id);
    if (!('income' in record)) throw new ApiFailure(ErrorCode.TaskStateConflict, '只能为收款记录开具发票');
    const created = await services.db.transaction(async (tx) => {
      const [order] = await tx.select().from(cashOrders).where(eq(cashOrders.id, record.income.order.id)).for('update');
      if (!order) throw new ApiFailure(ErrorCode.NotFound, '收支记录不存在');
      if (order.invoiceId) {
        // The same request again answers the same task; another one is told the invoice exists.
        const [same] = await tx.select({ id: invoices.id, taskId: invoices.taskId }).from(invoices).where(eq(invoices.id, order.invoiceId));
        const repeat = await createdBySerial(tx, company.id, body.requestSerial);
        if (same?.taskId && repeat === same.taskId) return { invoiceId: same.id, taskId: same.taskId };
        throw new ApiFailure(ErrorCode.TaskStateConflict, '该笔收款已开具发票');
      }
      if (order.applicationId) {
        const [application] = await tx
          .select({ status: invoiceApplications.status })
          .from(invoiceApplications)
          .where(eq(invoiceApplications.id, order.applicationId));
        if (application && application.status !== '已拒绝')
          throw new ApiFailure(ErrorCode.TaskStateConflict, `客户已申请开票（${application.status}），请在开票申请中处理`);
      }
      const item = await goodsForInvoice(tx, company.id, order.goodsId);
      const invoice = await createBlueInvoice(tx, services.tasks, caller.userId, company, {
        requestSerial: body.requestSerial,
        type: '数电普票',
        buyer: body.buyer,
        lines: [{ goodsId: item.id, quantity: null, grossFen: order.amountFen, rate: item.taxFree ?? item.taxRatePermille ?? 0 }],
        remarks: `订单号：${order.orderNo}`,
        deliverPhone: '',
        deliverEmail: '',
      });
      await tx.update(cashOrders).set({ invoiceId: invoice.invoiceId }).where(eq(cashOrders.id, order.id));
      const summary = `为订单 ${order.orderNo}（${formatYuan(order.amountFen)}）开具发票`;
      await recordAudit(tx, { type: 'invoice', id: invoice.invoiceId, summary });
      return invoice;
    });
    services.tasks.wake();
    return created;
  },
});

/** The task an earlier request with this serial created, if any. */
async function createdBySerial(db: Database, companyId: string, requestSerial: string): Promise<string | null> {
  const [task] = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.companyId, companyId), eq(tasks.requestSerial, requestSerial), inArray(tasks.type, ['blue_invoice'])));
  return task?.id ?? null;
}

export const paymentCalls = [listPayments, getPayment, issueInvoice];
