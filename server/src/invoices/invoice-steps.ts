/**
 * The worker's steps of invoice tasks. Both need the tax-bureau login and today's face authentication, else the task
 * fails with that reason (the user logs in and retries).
 *
 * blue_invoice: start → issue (gateway, idempotent on the task id) → 1, the invoice 已开具 with its number
 * red_invoice:  start → open the red-letter confirmation form → [02: poll until the buyer confirms (04) or it is
 *               void] → issue (ref `<task id>:issue`) → 1, the red invoice 已开具 and its blue one 部分红冲 / 已红冲
 *
 * Issuing is the one step whose outcome can be unknown (the bureau may issue after the worker stopped waiting). So
 * every issue step first asks the bureau what became of its ref, and issues only when nothing was; and before a task
 * that was issuing is given up (`settleInvoiceTask`), the bureau is asked again: an invoice it issued is recorded as
 * issued with its number, one it is still working on is waited for.
 *
 * What a step changes besides the task is done by its `effects`, in the transaction that writes the task's outcome:
 * the invoice, its application, and a taxi invoice's trips (已开票 when issued; given back when it fails or is
 * reversed in full, server/src/taxi/trip-records.ts).
 */
import { and, eq, isNull, ne } from 'drizzle-orm';
import { RED_CONFIRMATION_STATES, type RedConfirmation } from '@app/domain/invoice-document';
import type { Database } from '../db/database';
import { invoiceApplications, invoices } from '../db/schema/invoices';
import { taxAccounts } from '../db/schema/tax-accounts';
import { deliveryTargets, queueDeliveries } from '../delivery/delivery-records';
import { GatewayError, type IssueRequest } from '../etax/gateway';
import { addIssuedInvoiceToTotals } from '../statistics/invoice-totals';
import { collectIssuedInvoice, reverseCollectedTickets } from '../tickets/ticket-collect';
import { faceAuthenticatedToday, isLoggedIn } from '../tax-accounts/tax-account-records';
import { taskCompany, type TaskRow } from '../tasks/task-queue';
import { TaskStatus } from '@app/contract/task-status';
import { stepTime, type Readiness, type StepContext, type StepOutcome } from '../tasks/step-types';
import { releaseTrips, tripsInvoiced } from '../taxi/trip-records';
import { documentLine, leftOfBlue, linesOf, type InvoiceRow } from './invoice-records';

export const NOT_LOGGED_IN_REASON = '电子税务局未登录，请先登录后重试';
export const NO_FACE_REASON = '今日尚未完成刷脸认证，请先刷脸认证后重试';
const CONFIRMATION_POLL_MS = 1000;
const OUTCOME_POLL_MS = 1000;
export const STILL_ISSUING_REASON = '电子税务局正在开具，请稍候';

/** When a change is written: now (a demo history step's time when it runs in the past). */
type Clock = () => Date;

/** The gateway ref of a task's issue request. */
function issueRef(task: TaskRow): string {
  return task.type === 'blue_invoice' ? task.id : `${task.id}:issue`;
}

function issuedOutcome(invoice: InvoiceRow, issued: { number: string; issuedAt: Date }, issuer: string, context: StepContext): StepOutcome {
  const clock = () => stepTime(context);
  return {
    status: TaskStatus.Succeeded,
    failReason: null,
    payload: { stage: 'done' },
    result: { invoiceId: invoice.id, invoiceNumber: issued.number },
    finished: true,
    effects: invoiceIssued(invoice, issued, issuer, clock, context.recordDeliveriesOnly === true),
  };
}

/**
 * Before an invoice task is given up (attempts used up, or past its deadline): what the bureau did with its issue
 * request. Issued: the task succeeds with that invoice. Still processing: wait for it (null `finished`). Nothing
 * issued (or the task never got to issuing): null, and the task fails as it would have.
 */
export async function settleInvoiceTask(task: TaskRow, context: StepContext): Promise<StepOutcome | null> {
  const stage = String(task.payload.stage ?? 'start');
  if (task.type === 'red_invoice' && stage !== 'issue') return null;
  const clock = () => stepTime(context);
  const outcome = await context.gateway.issueOutcome(issueRef(task));
  if (outcome.state === 'none') return null;
  if (outcome.state === 'processing') return { failReason: STILL_ISSUING_REASON, nextRunAt: new Date(clock().getTime() + OUTCOME_POLL_MS) };
  const invoice = await loadInvoice(context.db, task);
  return issuedOutcome(invoice, outcome, await issuerOf(context.db, taskCompany(task), invoice), context);
}

/** The issuer printed on an invoice: the name on the company's e-tax account. */
async function issuerOf(db: Database, companyId: string, invoice: InvoiceRow): Promise<string> {
  const [account] = await db.select({ personName: taxAccounts.personName }).from(taxAccounts).where(eq(taxAccounts.companyId, companyId));
  return account?.personName ?? invoice.issuer;
}

function failed(reason: string, task: TaskRow, clock: Clock): StepOutcome {
  return { status: TaskStatus.Failed, failReason: reason, finished: true, effects: invoiceFailed(task, reason, clock) };
}

/** The invoice (and its application) of a task that failed for good; a taxi invoice's trips are given back. */
export function invoiceFailed(task: TaskRow, reason: string, clock: Clock = () => new Date()) {
  return async (tx: Database) => {
    const invoiceId = String(task.payload.invoiceId ?? '');
    if (!invoiceId) return;
    const [invoice] = await tx
      .update(invoices)
      .set({ status: '开具失败', failReason: reason, updatedAt: clock() })
      .where(and(eq(invoices.id, invoiceId), eq(invoices.status, '开具中')))
      .returning({ applicationId: invoices.applicationId });
    if (invoice) await releaseTrips(tx, invoiceId);
    if (invoice?.applicationId) {
      await tx
        .update(invoiceApplications)
        .set({ status: '开具失败', updatedAt: clock() })
        .where(eq(invoiceApplications.id, invoice.applicationId));
    }
  };
}

async function loadInvoice(db: Database, task: TaskRow): Promise<InvoiceRow> {
  const [invoice] = await db
    .select()
    .from(invoices)
    .where(eq(invoices.id, String(task.payload.invoiceId ?? '')));
  if (!invoice) throw new GatewayError('发票记录不存在');
  return invoice;
}

/** The issuer's name, or why the bureau will not issue now: read from the company's tax account. */
export async function readiness(db: Database, companyId: string): Promise<Readiness> {
  const [account] = await db.select().from(taxAccounts).where(eq(taxAccounts.companyId, companyId));
  if (!account || !isLoggedIn(account)) return { reason: NOT_LOGGED_IN_REASON };
  if (!faceAuthenticatedToday(account)) return { reason: NO_FACE_REASON };
  return { issuer: account.personName };
}

async function issueRequest(db: Database, invoice: InvoiceRow, redConfirmationNumber?: string): Promise<IssueRequest> {
  const lines = (await linesOf(db, [invoice.id])).get(invoice.id) ?? [];
  return {
    kind: invoice.kind,
    type: invoice.type,
    seller: invoice.seller,
    buyer: invoice.buyer,
    lines: lines.map(documentLine),
    netFen: invoice.netFen,
    taxFen: invoice.taxFen,
    grossFen: invoice.grossFen,
    remarks: invoice.remarks,
    ...(redConfirmationNumber && { redConfirmationNumber }),
  };
}

/**
 * The issued invoice, its deliveries (queued: a task each, delivery/delivery-step.ts; or, for the demo history's past
 * invoices, recorded as sent then), its application, and (red) the new state of the blue invoice it reverses (the
 * month's and day's totals go by the bureau's `issuedAt`).
 */
function invoiceIssued(invoice: InvoiceRow, issued: { number: string; issuedAt: Date }, issuer: string, clock: Clock, recordOnly: boolean) {
  return async (tx: Database) => {
    const at = clock();
    // Compare-and-set: recorded as issued once, so its month's and day's totals count it once.
    const [recorded] = await tx
      .update(invoices)
      .set({ status: '已开具', number: issued.number, issuedAt: issued.issuedAt, issuer, failReason: null, updatedAt: at })
      .where(and(eq(invoices.id, invoice.id), isNull(invoices.issuedAt)))
      .returning({ id: invoices.id });
    if (!recorded) return;
    await addIssuedInvoiceToTotals(tx, invoice, issued.issuedAt);
    if (invoice.kind === 'blue') await tripsInvoiced(tx, invoice.id);
    // The buyer's ticket folder, when the buyer is a company here (tickets/ticket-collect.ts).
    await collectIssuedInvoice(tx, invoice, issued, at);
    const deliveries = await queueDeliveries(tx, {
      invoice,
      targets: deliveryTargets(invoice.deliverPhone, invoice.deliverEmail),
      userId: invoice.createdBy,
      at,
      recordOnly,
    });
    if (invoice.applicationId) {
      await tx
        .update(invoiceApplications)
        .set({ status: deliveries.length ? '已交付' : '已开具', updatedAt: at })
        .where(eq(invoiceApplications.id, invoice.applicationId));
    }
    if (invoice.kind === 'red' && invoice.originalId) {
      const [blue] = await tx.select().from(invoices).where(eq(invoices.id, invoice.originalId)).for('update');
      if (!blue) return;
      const lines = (await linesOf(tx, [blue.id])).get(blue.id) ?? [];
      // Only issued reds change the blue invoice's status; one still being issued counts once it is.
      const left = await leftOfBlue(tx, blue, lines);
      const pending = await tx
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.originalId, blue.id), eq(invoices.status, '开具中'), ne(invoices.id, invoice.id)));
      const leftFen = [...left.values()].reduce((sum, line) => sum + line.grossFen, 0);
      const status = leftFen <= 0 && pending.length === 0 ? '已红冲' : '部分红冲';
      await tx.update(invoices).set({ status, updatedAt: at }).where(eq(invoices.id, blue.id));
      // Reversed in full: a taxi invoice's trips may be invoiced again.
      if (status === '已红冲') await releaseTrips(tx, blue.id);
      await reverseCollectedTickets(tx, blue.id, status === '已红冲', at);
    }
  };
}

function confirmationSaved(invoiceId: string, confirmation: RedConfirmation, clock: Clock) {
  return async (tx: Database) => {
    await tx.update(invoices).set({ redConfirmation: confirmation, updatedAt: clock() }).where(eq(invoices.id, invoiceId));
  };
}

export async function runInvoiceStep(task: TaskRow, context: StepContext): Promise<StepOutcome> {
  const clock = () => stepTime(context);
  const stage = String(task.payload.stage ?? 'start');
  const invoice = await loadInvoice(context.db, task);
  const issuing = task.type === 'blue_invoice' || stage === 'issue';
  // What an earlier attempt (or a retried task) already got issued counts, whatever the login says now.
  const outcome = issuing ? await context.gateway.issueOutcome(issueRef(task)) : null;
  if (outcome?.state === 'issued') return issuedOutcome(invoice, outcome, await issuerOf(context.db, taskCompany(task), invoice), context);
  if (outcome?.state === 'processing')
    return { failReason: STILL_ISSUING_REASON, nextRunAt: new Date(clock().getTime() + OUTCOME_POLL_MS) };

  const ready = context.readiness ?? (await readiness(context.db, taskCompany(task)));
  if ('reason' in ready) return failed(ready.reason, task, clock);
  if (issuing) {
    const issued = await context.gateway.issueInvoice(
      issueRef(task),
      await issueRequest(context.db, invoice, invoice.redConfirmation?.number),
    );
    return issuedOutcome(invoice, issued, ready.issuer, context);
  }

  const reason = invoice.redReason ?? '01';
  const form =
    stage === 'start'
      ? await context.gateway.openRedConfirmation(task.id, {
          seller: invoice.seller,
          buyer: invoice.buyer,
          originalNumber: (await originalNumber(context.db, invoice)) ?? '',
          reason,
          grossFen: invoice.grossFen,
        })
      : await context.gateway.pollRedConfirmation(task.id);
  const confirmation: RedConfirmation = { number: form.number, reason, state: form.state };
  const saved = confirmationSaved(invoice.id, confirmation, clock);
  if (form.state === '01' || form.state === '04') {
    return { payload: { stage: 'issue' }, nextRunAt: clock(), effects: saved };
  }
  if (form.state === '02' || form.state === '03') {
    return { payload: { stage: 'confirm' }, nextRunAt: new Date(clock().getTime() + CONFIRMATION_POLL_MS), effects: saved };
  }
  const voided = `红字确认单${RED_CONFIRMATION_STATES[form.state]}`;
  const markFailed = invoiceFailed(task, voided, clock);
  return {
    ...failed(voided, task, clock),
    effects: async (tx) => {
      await saved(tx);
      await markFailed(tx);
    },
  };
}

async function originalNumber(db: Database, red: InvoiceRow): Promise<string | null> {
  if (!red.originalId) return null;
  const [blue] = await db.select({ number: invoices.number }).from(invoices).where(eq(invoices.id, red.originalId));
  return blue?.number ?? null;
}
