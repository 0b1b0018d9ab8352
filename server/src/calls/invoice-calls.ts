/**
 * Invoices: issuing blue and red invoices through tasks, retrying a failed one, the list, one invoice, finding a blue
 * invoice by number and date, its PDF link, its deliveries and resending it, the home page's counts, and the company's
 * invoicing link.
 */
import { formatYuan } from '@app/domain/money';
import { recordAudit } from '../audit/audit-trail';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database';
import { invoiceNumberProblem, INVOICE_NUMBER_MESSAGES } from '@app/domain/invoice-number';
import { invoiceMonthTotals } from '../db/schema/invoice-totals';
import { invoiceApplications, invoices } from '../db/schema/invoices';
import { openTask, tasks } from '../db/schema/tasks';
import { failedDeliveryInvoices, invoiceDeliveryList } from '../delivery/delivery-records';
import { resendInvoice } from '../delivery/resend-invoice';
import { ApiFailure, ErrorCode, invalidField } from '../http/api-failure';
import { defineCall } from '../http/define-call';
import { cappedCount, pageWindow } from '../http/paging';
import { INVOICE_LIST_ORDER, searchInvoices } from '../invoices/invoice-search';
import { INVOICE_LIST_ACCESS, invoiceListConditions, reversedOfBlue } from '../invoices/invoice-list-query';
import { checkReversible, createBlueInvoice, createRedInvoice } from '../invoices/create-invoices';
import { invoicePdfUrl } from '../invoices/invoice-pdf-link';
import { invoiceDocument, invoiceSummary, leftOfBlue, linesOf, loadCompanyInvoice } from '../invoices/invoice-records';
import { TASK_DEADLINE_MS } from '../tasks/task-queue';
import { TaskStatus } from '@app/contract/task-status';
import { clientTask, loadCompanyTask } from '../tasks/company-task';
import { reclaimTrips } from '../taxi/trip-records';
import { chinaMonthNumber, chinaRange, inChinaRange } from '@app/domain/china-time';
import { requestedRange } from '../http/china-range';

const createBlueInvoiceTask = defineCall('task/createBlueInvoiceTask', {
  access: { kind: 'company', agreement: true },
  rateLimit: { max: 30, windowMs: 60_000 },
  handler: async ({ caller, company, body, services }) => {
    const summary = `开具${body.type}，价税合计 ${formatYuan(body.lines.reduce((sum, line) => sum + line.grossFen, 0))}`;
    const created = await createBlueInvoice(services.db, services.tasks, caller.userId, company, body, undefined, (tx, invoice) =>
      recordAudit(tx, { type: 'invoice', id: invoice.invoiceId, summary }),
    );
    services.tasks.wake();
    return created;
  },
});

const createRedInvoiceTask = defineCall('task/createRedInvoiceTask', {
  access: { kind: 'company', agreement: true },
  rateLimit: { max: 30, windowMs: 60_000 },
  handler: async ({ caller, company, body, services }) => {
    const created = await createRedInvoice(services.db, services.tasks, caller.userId, company, body);
    services.tasks.wake();
    return created;
  },
});

/** A failed invoice task runs again from the start (the gateway is idempotent on its id, so nothing is issued twice). */
const retryTask = defineCall('task/retryTask', {
  access: { kind: 'company', agreement: true },
  rateLimit: { max: 20, windowMs: 60_000 },
  handler: async ({ company, body, services }) => {
    const task = await loadCompanyTask(services.db, body.id, company);
    if (task.type !== 'blue_invoice' && task.type !== 'red_invoice')
      throw new ApiFailure(ErrorCode.TaskStateConflict, '登录和刷脸任务请重新发起');
    if (task.status !== TaskStatus.Failed) throw new ApiFailure(ErrorCode.TaskStateConflict, '只有失败的任务可以重试');
    await services.db.transaction(async (tx) => {
      const [invoice] = await tx
        .select()
        .from(invoices)
        .where(eq(invoices.id, String(task.payload.invoiceId)))
        .for('update');
      if (!invoice) throw new ApiFailure(ErrorCode.NotFound, '发票记录不存在');
      if (invoice.kind === 'red' && invoice.originalId) {
        // What is left may have changed since: the red invoice must still fit.
        const [blue] = await tx.select().from(invoices).where(eq(invoices.id, invoice.originalId)).for('update');
        if (!blue) throw new ApiFailure(ErrorCode.NotFound, '原蓝字发票不存在');
        checkReversible(blue);
        const left = await leftOfBlue(tx, blue, (await linesOf(tx, [blue.id])).get(blue.id) ?? []);
        for (const line of (await linesOf(tx, [invoice.id])).get(invoice.id) ?? []) {
          if (-line.grossFen > (left.get(line.lineNo)?.grossFen ?? 0))
            throw new ApiFailure(ErrorCode.TaskStateConflict, '可红冲金额已变化，请重新发起红冲');
        }
      }
      // A taxi invoice's trips were given back when it failed: it claims them again, unless another invoice has.
      if (invoice.kind === 'blue') await reclaimTrips(tx, invoice.id);
      await tx.update(invoices).set({ status: '开具中', failReason: null, updatedAt: new Date() }).where(eq(invoices.id, invoice.id));
      if (invoice.applicationId)
        await tx
          .update(invoiceApplications)
          .set({ status: '开票中', updatedAt: new Date() })
          .where(eq(invoiceApplications.id, invoice.applicationId));
      await tx
        .update(tasks)
        .set({
          status: TaskStatus.Queued,
          failReason: null,
          attempts: 0,
          finishedAt: null,
          payload: sql`${tasks.payload} || '{"stage":"start"}'::jsonb`,
          nextRunAt: new Date(),
          deadlineAt: new Date(Date.now() + TASK_DEADLINE_MS[task.type]),
          updatedAt: new Date(),
        })
        .where(and(eq(tasks.id, task.id), eq(tasks.status, TaskStatus.Failed)));
      const what = invoice.kind === 'red' ? '红冲' : '开具';
      await recordAudit(tx, { type: 'invoice', id: invoice.id, summary: `重试${what}发票，价税合计 ${formatYuan(invoice.grossFen)}` });
    });
    services.tasks.wake();
    return { taskId: task.id };
  },
});

/** A page of the list on its index, and the capped total. */
async function listedInvoices(db: Database, where: SQL | undefined, window: { limit: number; offset: number }) {
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(invoices)
      .where(where)
      .orderBy(...INVOICE_LIST_ORDER)
      .limit(window.limit)
      .offset(window.offset),
    cappedCount(db, invoices, where, INVOICE_LIST_ORDER),
  ]);
  return { rows, total };
}

/** A page of a keyword search (server/src/invoices/invoice-search.ts): the page's ids, then their rows by primary key. */
async function searchedInvoices(
  db: Database,
  companyId: string,
  keyword: string,
  filters: SQL | undefined,
  window: { limit: number; offset: number },
) {
  const { ids, total } = await searchInvoices(db, companyId, keyword, filters, window);
  if (!ids.length) return { rows: [], total };
  const byId = new Map((await db.select().from(invoices).where(inArray(invoices.id, ids))).map((row) => [row.id, row]));
  return { rows: ids.flatMap((id) => byId.get(id) ?? []), total };
}

const listInvoices = defineCall('invoice/list', {
  access: INVOICE_LIST_ACCESS,
  handler: async ({ company, body, services }) => {
    // Months of the China calendar: issued (or, not yet issued, created) in that month in Beijing time.
    const range = body.month ? requestedRange('month', '月份不存在', body.month) : undefined;
    const filters = invoiceListConditions(services.db, company.id, body, range);
    const keyword = body.keyword?.trim();
    const window = pageWindow(body.page, body.pageSize);
    const { rows, total } = keyword
      ? await searchedInvoices(services.db, company.id, keyword, filters, window)
      : await listedInvoices(services.db, and(eq(invoices.companyId, company.id), filters), window);
    const [reversed, failed] = await Promise.all([
      reversedOfBlue(
        services.db,
        rows.filter((row) => row.kind === 'blue').map((row) => row.id),
      ),
      failedDeliveryInvoices(
        services.db,
        company.id,
        rows.map((row) => row.id),
      ),
    ]);
    return {
      total,
      list: rows.map((row) => ({ ...invoiceSummary(row, reversed.get(row.id) ?? 0), deliveryFailed: failed.has(row.id) })),
    };
  },
});

const getInvoice = defineCall('invoice/get', {
  access: { kind: 'company' },
  handler: async ({ company, body, services }) => invoiceDocument(services.db, await loadCompanyInvoice(services.db, body.id, company.id)),
});

const findBlueInvoice = defineCall('invoice/findBlue', {
  access: { kind: 'company' },
  handler: async ({ company, body, services }) => {
    const problem = invoiceNumberProblem(body.number);
    if (problem) throw invalidField('number', INVOICE_NUMBER_MESSAGES[problem]);
    const [invoice] = await services.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.companyId, company.id), eq(invoices.number, body.number), eq(invoices.kind, 'blue')));
    // A date that does not exist (2026-02-30) finds nothing, as any other wrong date does.
    const issueDay = chinaRange(body.issueDate);
    if (!invoice?.issuedAt || !issueDay || !inChinaRange(issueDay, invoice.issuedAt))
      throw new ApiFailure(ErrorCode.NotFound, '未找到该发票，请核对发票号码和开票日期');
    return invoiceDocument(services.db, invoice);
  },
});

const invoicePdfLink = defineCall('invoice/pdfLink', {
  access: { kind: 'company' },
  handler: async ({ company, body, services }) => {
    const invoice = await loadCompanyInvoice(services.db, body.id, company.id);
    if (!invoice.number) throw new ApiFailure(ErrorCode.TaskStateConflict, '发票尚未开具，暂无 PDF');
    return {
      url: invoicePdfUrl(services.secretKey, invoice.id),
      fileName: `${invoice.kind === 'red' ? '红字' : ''}发票_${invoice.number}.pdf`,
    };
  },
});

const resend = defineCall('invoice/resend', {
  access: { kind: 'company' },
  rateLimit: { max: 10, windowMs: 60_000 },
  handler: async ({ caller, company, body, services }) => resendInvoice(services, caller, company, body),
});

const deliveries = defineCall('invoice/deliveries', {
  access: { kind: 'company' },
  handler: async ({ company, body, services }) => {
    const invoice = await loadCompanyInvoice(services.db, body.id, company.id);
    return { list: await invoiceDeliveryList(services.db, invoice.id) };
  },
});

const invoiceHomeSummary = defineCall('invoice/homeSummary', {
  access: { kind: 'company' },
  handler: async ({ company, services }) => {
    const [applying, waiting, pendingTasks, [issued]] = await Promise.all([
      cappedCount(
        services.db,
        invoiceApplications,
        and(eq(invoiceApplications.companyId, company.id), eq(invoiceApplications.status, '待审核')),
        [desc(invoiceApplications.createdAt)],
      ),
      cappedCount(
        services.db,
        invoiceApplications,
        and(eq(invoiceApplications.companyId, company.id), eq(invoiceApplications.status, '待开票')),
        [desc(invoiceApplications.createdAt)],
      ),
      cappedCount(services.db, tasks, and(eq(tasks.companyId, company.id), openTask, clientTask), [desc(tasks.createdAt)]),
      // Kept as invoices are issued: one row, however many invoices the month has.
      services.db
        .select({ count: invoiceMonthTotals.count, fen: invoiceMonthTotals.grossFen })
        .from(invoiceMonthTotals)
        .where(
          and(
            eq(invoiceMonthTotals.companyId, company.id),
            eq(invoiceMonthTotals.month, chinaMonthNumber(new Date())),
            eq(invoiceMonthTotals.kind, 'blue'),
          ),
        ),
    ]);
    return { applying, waiting, pendingTasks, issuedThisMonth: issued?.count ?? 0, issuedThisMonthFen: issued?.fen ?? 0 };
  },
});

const getInvoiceQrcode = defineCall('company/getInvoiceQrcode', {
  access: { kind: 'company' },
  handler: async ({ company, services }) => ({
    url: `${services.publicUrl}/shop/${encodeURIComponent(company.code)}`,
    companyName: company.name,
    code: company.code,
  }),
});

export const invoiceCalls = [
  createBlueInvoiceTask,
  createRedInvoiceTask,
  retryTask,
  listInvoices,
  getInvoice,
  findBlueInvoice,
  invoicePdfLink,
  resend,
  deliveries,
  invoiceHomeSummary,
  getInvoiceQrcode,
];
