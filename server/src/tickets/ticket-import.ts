/**
 * Importing a ticket (ticket/import; the demo history's hand-imported tickets): the domain's rules of the fields at the
 * day of `at`, the same invoice already in the company's folder refused with where it is (2005), then the ticket
 * (查验中) and its verification task in one transaction. A concurrent import of the same invoice loses to the folder's
 * unique (company, code, number) and is refused as any duplicate.
 */
import { recordAudit } from '../audit/audit-trail';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { TicketImport } from '@app/contract/ticket';
import { chinaDate } from '@app/domain/china-time';
import { ticketImportProblems } from '@app/domain/ticket';
import type { Database } from '../db/database';
import { tickets } from '../db/schema/tickets';
import { ApiFailure, ErrorCode, invalidInput } from '../http/api-failure';
import type { TaskQueue } from '../tasks/task-queue';
import { insertTicket, whereTicketIs, type TicketActor, type TicketRow } from './ticket-records';
import { startTicketVerification } from './ticket-verify';

/** Adds the ticket and starts its verification (the worker is woken); `at`: when (now, or the demo history's past). */
export async function importTicket(
  db: Database,
  queue: TaskQueue,
  by: TicketActor,
  fields: TicketImport,
  at = new Date(),
): Promise<{ row: TicketRow; taskId: string }> {
  const invoiceCode = fields.invoiceCode ?? '';
  const problems = ticketImportProblems({ ...fields, invoiceCode }, chinaDate(at));
  const [first] = Object.values(problems);
  if (first) throw invalidInput(first, problems);
  const refuseDuplicate = async () => {
    const [existing] = await db
      .select({ issueDate: tickets.issueDate, reimbursed: tickets.reimbursed })
      .from(tickets)
      .where(and(eq(tickets.companyId, by.companyId), eq(tickets.invoiceCode, invoiceCode), eq(tickets.number, fields.number)));
    if (existing) throw new ApiFailure(ErrorCode.TaskStateConflict, whereTicketIs(existing));
  };
  await refuseDuplicate();
  const id = randomUUID();
  const created = await db.transaction(async (tx) => {
    const task = await startTicketVerification(tx, queue, by, id, at);
    const row = await insertTicket(tx, {
      id,
      companyId: by.companyId,
      source: fields.source,
      type: fields.type ?? null,
      invoiceCode,
      number: fields.number,
      issueDate: fields.issueDate,
      netFen: fields.netFen,
      checkCodeLast6: fields.checkCodeLast6 ?? '',
      verifyState: '查验中',
      verifyTaskId: task.id,
      createdBy: by.userId,
      createdAt: at,
      updatedAt: at,
    });
    if (!row) return null;
    await recordAudit(tx, { type: 'ticket', id: row.id, summary: `导入发票 ${row.number}（${fields.issueDate}）` });
    return { row, taskId: task.id };
  });
  // Imported at the same moment by someone else: refused as any duplicate.
  if (!created) {
    await refuseDuplicate();
    throw new ApiFailure(ErrorCode.TaskStateConflict, '该发票已在票夹中');
  }
  queue.wake();
  return created;
}
