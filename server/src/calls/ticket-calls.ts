/**
 * The ticket folder (票夹): the list with its totals, one ticket, importing one (its verification starts at
 * once), verifying again, marking reimbursed, deleting, the PDF of a ticket issued here, and the WeChat JS-SDK
 * signature the scan page needs. Rows and totals: tickets/ticket-records.ts; the list and keyword:
 * tickets/ticket-search.ts; importing: tickets/ticket-import.ts; verification: tickets/ticket-verify.ts; reimbursement:
 * tickets/ticket-reimburse.ts; automatic collection: tickets/ticket-collect.ts.
 */
import { recordAudit } from '../audit/audit-trail';
import { and, eq, inArray } from 'drizzle-orm';
import { invoices } from '../db/schema/invoices';
import { tickets } from '../db/schema/tickets';
import { ApiFailure, ErrorCode } from '../http/api-failure';
import { defineCall } from '../http/define-call';
import { cappedCount, pageWindow } from '../http/paging';
import { invoicePdfUrl } from '../invoices/invoice-pdf-link';
import { importTicket } from '../tickets/ticket-import';
import { changeTicket, deleteTicket, loadCompanyTicket, SUMMARY_COLUMNS, ticketDetail, ticketSummary } from '../tickets/ticket-records';
import { markTicketReimbursed } from '../tickets/ticket-reimburse';
import { filterTotals, searchTickets, ticketConditions, TICKET_LIST_ACCESS, TICKET_LIST_ORDER } from '../tickets/ticket-search';
import { startTicketVerification } from '../tickets/ticket-verify';
import { jsapiConfigFor } from '../wechat/jsapi';

const listTickets = defineCall('ticket/list', {
  access: TICKET_LIST_ACCESS,
  handler: async ({ company, body, services }) => {
    const db = services.db;
    const filters = { month: body.month, type: body.type, verifyState: body.verifyState, reimbursed: body.reimbursed };
    const conditions = ticketConditions(filters);
    const keyword = body.keyword?.trim();
    const window = pageWindow(body.page, body.pageSize);
    if (keyword) {
      const { ids, total, totals } = await searchTickets(
        db,
        company.id,
        keyword,
        conditions.length ? and(...conditions) : undefined,
        window,
      );
      if (!ids.length) return { total, list: [], totals };
      const byId = new Map((await db.select(SUMMARY_COLUMNS).from(tickets).where(inArray(tickets.id, ids))).map((row) => [row.id, row]));
      return { total, list: ids.flatMap((id) => byId.get(id) ?? []).map(ticketSummary), totals };
    }
    const where = and(eq(tickets.companyId, company.id), ...conditions);
    const [rows, total, totals] = await Promise.all([
      db
        .select(SUMMARY_COLUMNS)
        .from(tickets)
        .where(where)
        .orderBy(...TICKET_LIST_ORDER)
        .limit(window.limit)
        .offset(window.offset),
      cappedCount(db, tickets, where, TICKET_LIST_ORDER),
      filterTotals(db, company.id, filters),
    ]);
    return { total, list: rows.map(ticketSummary), totals };
  },
});

const getTicket = defineCall('ticket/get', {
  access: { kind: 'company' },
  handler: async ({ company, body, services }) => ticketDetail(services.db, await loadCompanyTicket(services.db, body.id, company.id)),
});

const importTicketCall = defineCall('ticket/import', {
  access: { kind: 'company' },
  rateLimit: { max: 60, windowMs: 60_000 },
  handler: async ({ caller, company, body, services }) => {
    const created = await importTicket(services.db, services.tasks, { companyId: company.id, userId: caller.userId }, body);
    return { ticket: await ticketDetail(services.db, created.row), taskId: created.taskId };
  },
});

const verifyTicket = defineCall('ticket/verify', {
  access: { kind: 'company' },
  rateLimit: { max: 60, windowMs: 60_000 },
  handler: async ({ caller, company, body, services }) => {
    const ticket = await loadCompanyTicket(services.db, body.id, company.id);
    if (ticket.verifyState === '查验中' && ticket.verifyTaskId)
      throw new ApiFailure(ErrorCode.TaskExists, '该发票正在查验中', { taskId: ticket.verifyTaskId });
    const taskId = await services.db.transaction(async (tx) => {
      const task = await startTicketVerification(tx, services.tasks, { companyId: company.id, userId: caller.userId }, ticket.id);
      let running: string | null = null;
      const changed = await changeTicket(tx, and(eq(tickets.id, ticket.id), eq(tickets.companyId, company.id)), (row) => {
        if (row.verifyState === '查验中' && row.verifyTaskId) {
          running = row.verifyTaskId;
          return null;
        }
        return { verifyState: '查验中', verifyTaskId: task.id, verifyMessage: null };
      });
      if (running) throw new ApiFailure(ErrorCode.TaskExists, '该发票正在查验中', { taskId: running });
      if (!changed) throw new ApiFailure(ErrorCode.NotFound, '发票不存在');
      await recordAudit(tx, { type: 'ticket', id: ticket.id, summary: `查验发票 ${ticket.number}` });
      return task.id;
    });
    services.tasks.wake();
    return { taskId };
  },
});

const markReimbursed = defineCall('ticket/markReimbursed', {
  access: { kind: 'company' },
  handler: async ({ caller, company, body, services }) =>
    ticketDetail(
      services.db,
      await markTicketReimbursed(services.db, { companyId: company.id, userId: caller.userId }, body.id, body.reimbursed),
    ),
});

const deleteTicketCall = defineCall('ticket/delete', {
  access: { kind: 'company' },
  handler: async ({ company, body, services }) => {
    const ticket = await loadCompanyTicket(services.db, body.id, company.id);
    const deleted = await services.db.transaction(async (tx) => {
      const row = await deleteTicket(tx, ticket.id, company.id);
      if (row)
        await recordAudit(tx, {
          type: 'ticket',
          id: ticket.id,
          summary: `删除发票 ${ticket.number}（${ticket.sellerName || '销售方未知'}）`,
        });
      return row;
    });
    if (!deleted) throw new ApiFailure(ErrorCode.NotFound, '发票不存在');
    return { id: deleted.id };
  },
});

const ticketPdfLink = defineCall('ticket/pdfLink', {
  access: { kind: 'company' },
  handler: async ({ company, body, services }) => {
    const ticket = await loadCompanyTicket(services.db, body.id, company.id);
    const noPdf = new ApiFailure(ErrorCode.NotFound, '该发票不是在本系统开具的，暂无 PDF');
    if (!ticket.invoiceId) throw noPdf;
    const [invoice] = await services.db.select().from(invoices).where(eq(invoices.id, ticket.invoiceId));
    // Only the invoice's seller or buyer may have its PDF, whoever typed its number in.
    if (!invoice?.number || (invoice.companyId !== company.id && invoice.buyer.taxNumber !== company.xsfNsrsbh)) throw noPdf;
    return { url: invoicePdfUrl(services.secretKey, invoice.id), fileName: `发票_${invoice.number}.pdf` };
  },
});

const wechatJsapiConfig = defineCall('wechat/jsapiConfig', {
  access: { kind: 'user' },
  rateLimit: { max: 60, windowMs: 60_000 },
  handler: async ({ body, services }) => jsapiConfigFor(services.wechatJsapi, services.publicUrl, body.url),
});

export const ticketCalls = [
  listTickets,
  getTicket,
  importTicketCall,
  verifyTicket,
  markReimbursed,
  deleteTicketCall,
  ticketPdfLink,
  wechatJsapiConfig,
];
