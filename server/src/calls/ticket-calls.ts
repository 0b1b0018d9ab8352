/**
 * The ticket folder (票夹, issue 23): the list with its totals, one ticket, importing one (its verification starts at
 * once), verifying again, marking reimbursed, deleting, the PDF of a ticket issued here, and the WeChat JS-SDK
 * signature the scan page needs. Rows and totals: tickets/ticket-records.ts; the list and keyword:
 * tickets/ticket-search.ts; verification: tickets/ticket-verify.ts; automatic collection: tickets/ticket-collect.ts.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { chinaDate, chinaDateTime } from '@app/domain/china-time';
import { ticketImportProblems } from '@app/domain/ticket';
import { invoices, tickets, users } from '../db/schema';
import { ApiFailure, ErrorCode, invalidInput } from '../http/api-failure';
import { defineCall } from '../http/define-call';
import { cappedCount, pageWindow } from '../http/paging';
import { invoicePdfUrl } from '../invoices/invoice-pdf-link';
import type { TaskQueue } from '../tasks/task-queue';
import type { Database } from '../db/database';
import { changeTicket, deleteTicket, insertTicket, loadCompanyTicket, SUMMARY_COLUMNS, ticketDetail, ticketSummary, whereTicketIs, type TicketRow } from '../tickets/ticket-records';
import { filterTotals, searchTickets, ticketConditions, TICKET_LIST_ORDER } from '../tickets/ticket-search';
import { jsapiConfigFor } from '../wechat/jsapi';

const listTickets = defineCall('ticket/list', {
  access: { kind: 'company' },
  handler: async ({ company, body, services }) => {
    const db = services.db;
    const filters = { month: body.month, type: body.type, verifyState: body.verifyState, reimbursed: body.reimbursed };
    const conditions = ticketConditions(filters);
    const keyword = body.keyword?.trim();
    const window = pageWindow(body.page, body.pageSize);
    if (keyword) {
      const { ids, total, totals } = await searchTickets(db, company.id, keyword, conditions.length ? and(...conditions) : undefined, window);
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

/** A 查验 task for the ticket, created in `tx` (the caller wakes the worker once it commits). */
async function startVerification(tx: Database, queue: TaskQueue, companyId: string, userId: string, ticketId: string) {
  const { task } = await queue.createOnce(tx, { companyId, userId, type: 'ticket_verify', payload: { ticketId }, requestSerial: `ticket-verify-${randomUUID()}` });
  return task;
}

const importTicket = defineCall('ticket/import', {
  access: { kind: 'company' },
  rateLimit: { max: 60, windowMs: 60_000 },
  handler: async ({ caller, company, body, services }) => {
    const invoiceCode = body.invoiceCode ?? '';
    const problems = ticketImportProblems({ ...body, invoiceCode }, chinaDate(new Date()));
    const [first] = Object.values(problems);
    if (first) throw invalidInput(first, problems);
    const db = services.db;
    const refuseDuplicate = async () => {
      const [existing] = await db
        .select({ issueDate: tickets.issueDate, reimbursed: tickets.reimbursed })
        .from(tickets)
        .where(and(eq(tickets.companyId, company.id), eq(tickets.invoiceCode, invoiceCode), eq(tickets.number, body.number)));
      if (existing) throw new ApiFailure(ErrorCode.TaskStateConflict, whereTicketIs(existing));
    };
    await refuseDuplicate();
    const id = randomUUID();
    const created = await db.transaction(async (tx) => {
      const task = await startVerification(tx, services.tasks, company.id, caller.userId, id);
      const row = await insertTicket(tx, {
        id,
        companyId: company.id,
        source: body.source,
        type: body.type ?? null,
        invoiceCode,
        number: body.number,
        issueDate: body.issueDate,
        netFen: body.netFen,
        checkCodeLast6: body.checkCodeLast6 ?? '',
        verifyState: '查验中',
        verifyTaskId: task.id,
        createdBy: caller.userId,
      });
      return row ? { row, taskId: task.id } : null;
    });
    // Imported at the same moment by someone else: refused as any duplicate.
    if (!created) {
      await refuseDuplicate();
      throw new ApiFailure(ErrorCode.TaskStateConflict, '该发票已在票夹中');
    }
    services.tasks.wake();
    return { ticket: await ticketDetail(db, created.row), taskId: created.taskId };
  },
});

const verifyTicket = defineCall('ticket/verify', {
  access: { kind: 'company' },
  rateLimit: { max: 60, windowMs: 60_000 },
  handler: async ({ caller, company, body, services }) => {
    const ticket = await loadCompanyTicket(services.db, body.id, company.id);
    if (ticket.verifyState === '查验中' && ticket.verifyTaskId) throw new ApiFailure(ErrorCode.TaskExists, '该发票正在查验中', { taskId: ticket.verifyTaskId });
    const taskId = await services.db.transaction(async (tx) => {
      const task = await startVerification(tx, services.tasks, company.id, caller.userId, ticket.id);
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
      return task.id;
    });
    services.tasks.wake();
    return { taskId };
  },
});

async function reimbursedByName(db: Database, row: TicketRow): Promise<string> {
  if (!row.reimbursedBy) return '';
  const [user] = await db.select({ nickname: users.nickname }).from(users).where(eq(users.id, row.reimbursedBy));
  return user?.nickname ?? '';
}

const markReimbursed = defineCall('ticket/markReimbursed', {
  access: { kind: 'company' },
  handler: async ({ caller, company, body, services }) => {
    const db = services.db;
    await loadCompanyTicket(db, body.id, company.id);
    const changed = await db.transaction((tx) =>
      changeTicket(tx, and(eq(tickets.id, body.id.toLowerCase()), eq(tickets.companyId, company.id)), (row) =>
        row.reimbursed === body.reimbursed ? null : body.reimbursed ? { reimbursed: true, reimbursedAt: new Date(), reimbursedBy: caller.userId } : { reimbursed: false, reimbursedAt: null, reimbursedBy: null },
      ),
    );
    if (!changed) {
      const now = await loadCompanyTicket(db, body.id, company.id);
      if (now.reimbursed) {
        const who = await reimbursedByName(db, now);
        throw new ApiFailure(ErrorCode.TaskStateConflict, `该发票已由${who || '他人'}于${now.reimbursedAt ? chinaDateTime(now.reimbursedAt) : ''}标记为已报销`);
      }
      throw new ApiFailure(ErrorCode.TaskStateConflict, '该发票尚未报销');
    }
    return ticketDetail(db, changed);
  },
});

const deleteTicketCall = defineCall('ticket/delete', {
  access: { kind: 'company' },
  handler: async ({ company, body, services }) => {
    const ticket = await loadCompanyTicket(services.db, body.id, company.id);
    const deleted = await services.db.transaction((tx) => deleteTicket(tx, ticket.id, company.id));
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

export const ticketCalls = [listTickets, getTicket, importTicket, verifyTicket, markReimbursed, deleteTicketCall, ticketPdfLink, wechatJsapiConfig];

