/**
 * Verification (发票查验) of a ticket, as a `ticket_verify` task: start → ask the bureau (`gateway.verifyInvoice`,
 * under the fault switch like every step, retried with back-off by the worker) → 1 with the answer stored on the
 * ticket: 查验通过 (with the bureau's record: parties, amounts, lines; partly reversed keeps 查验通过 with its red
 * amounts), 已作废, 已红冲, or 查无此票 (to the invoice's own seller or buyer its reason names a printed field that
 * disagrees). A bureau that never answers
 * fails the task after its attempts, and the ticket shows 查验失败 with the reason. The task only writes the ticket
 * it was started for while it is that ticket's current verification (`verify_task_id`), so an older task finishing
 * late changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { TaskStatus } from '@app/contract/task-status';
import type { TicketVerifyState } from '@app/domain/ticket';
import type { Database } from '../db/database';
import { companies } from '../db/schema/companies';
import { invoices } from '../db/schema/invoices';
import { tickets } from '../db/schema/tickets';
import type { VerifyAnswer } from '../etax/gateway';
import type { TaskQueue, TaskRow } from '../tasks/task-queue';
import { stepTime, type StepContext, type StepOutcome } from '../tasks/step-types';
import { changeTicket, invoiceFieldsOf, type TicketActor, type TicketChange, type TicketRow } from './ticket-records';

/** A 查验 task for the ticket, created in `tx` at `at` (the caller wakes the worker once it commits). */
export async function startTicketVerification(
  tx: Database,
  queue: TaskQueue,
  by: TicketActor,
  ticketId: string,
  at?: Date,
): Promise<TaskRow> {
  const { task } = await queue.createOnce(
    tx,
    {
      companyId: by.companyId,
      userId: by.userId,
      type: 'ticket_verify',
      payload: { ticketId },
      requestSerial: `ticket-verify-${randomUUID()}`,
    },
    at,
  );
  return task;
}

function ticketIdOf(task: TaskRow): string {
  return String(task.payload.ticketId ?? '');
}

/** The ticket's current verification is this task. */
function currentOf(task: TaskRow) {
  return and(eq(tickets.id, ticketIdOf(task)), eq(tickets.verifyTaskId, task.id));
}

/** What an answer of the bureau sets on the ticket. */
export function answeredChange(answer: VerifyAnswer, at: Date, invoiceId: string | null): TicketChange {
  if (!answer.found) return { verifyState: '查无此票', verifyMessage: answer.reason, verifiedAt: at, updatedAt: at };
  const { invoice } = answer;
  const state: TicketVerifyState = invoice.status === '已作废' ? '已作废' : invoice.status === '已红冲' ? '已红冲' : '查验通过';
  const message = invoice.status === '部分红冲' ? '发票已部分红冲' : invoice.status === '正常' ? '发票状态正常' : `发票${invoice.status}`;
  return {
    verifyState: state,
    verifyMessage: message,
    verifiedAt: at,
    updatedAt: at,
    ...invoiceFieldsOf(invoice),
    redNetFen: invoice.red.netFen,
    redTaxFen: invoice.red.taxFen,
    redGrossFen: invoice.red.grossFen,
    lines: invoice.lines,
    invoiceId,
  };
}

/** The blue invoice issued in this system under that number, if any (its PDF, its red reversals reach the ticket). */
async function issuedHere(db: Database, ticket: TicketRow): Promise<string | null> {
  if (ticket.invoiceCode !== '') return null;
  const [invoice] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.number, ticket.number), eq(invoices.kind, 'blue')));
  return invoice?.id ?? null;
}

export async function runTicketVerifyStep(task: TaskRow, context: StepContext): Promise<StepOutcome> {
  const done = { status: TaskStatus.Succeeded, failReason: null, payload: { stage: 'done' }, finished: true } as const;
  const [ticket] = await context.db.select().from(tickets).where(currentOf(task));
  // Deleted, or verified again since: nothing to do.
  if (!ticket) return { ...done, result: { ticketId: ticketIdOf(task), verifyState: null } };
  const [asker] = await context.db.select({ taxNumber: companies.xsfNsrsbh }).from(companies).where(eq(companies.id, ticket.companyId));
  const answer = await context.gateway.verifyInvoice(task.id, {
    invoiceCode: ticket.invoiceCode,
    number: ticket.number,
    issueDate: ticket.issueDate,
    netFen: ticket.netFen,
    checkCodeLast6: ticket.checkCodeLast6,
    askerTaxNumber: asker?.taxNumber ?? '',
  });
  const change = answeredChange(answer, stepTime(context), answer.found ? await issuedHere(context.db, ticket) : null);
  return {
    ...done,
    result: { ticketId: ticket.id, verifyState: change.verifyState },
    effects: async (tx) => {
      await changeTicket(tx, currentOf(task), () => change);
    },
  };
}

/** A verification that failed for good (the bureau did not answer): the ticket shows 查验失败 with the reason. */
export function ticketVerifyFailed(task: TaskRow, reason: string) {
  return async (tx: Database) => {
    await changeTicket(tx, currentOf(task), (row) =>
      row.verifyState === '查验中' ? { verifyState: '查验失败', verifyMessage: reason, verifiedAt: new Date() } : null,
    );
  };
}
