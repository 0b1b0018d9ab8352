/**
 * Invoice deliveries as rows: queued (a row and its task, in the caller's transaction), read for the screens, and the
 * invoice list's filter of invoices whose delivery failed.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { DELIVERY_CHANNELS, DELIVERY_STATES, type DeliveryChannel, type InvoiceDelivery } from '@app/contract/invoice';
import type { Database } from '../db/database';
import { invoiceDeliveries, invoices } from '../db/schema/invoices';
import { tasks } from '../db/schema/tasks';
import { TASK_DEADLINE_MS } from '../tasks/task-queue';
import { DELIVERY_TASK } from '../tasks/worker-task-type';
import { shownState } from './delivery-state';

export type DeliveryRow = typeof invoiceDeliveries.$inferSelect;

/** Sending attempts before a delivery fails for good; the worker waits 1, 2, 4, 8 and 16 s between them. */
export const DELIVERY_ATTEMPTS = 6;

export interface DeliveryTarget {
  channel: DeliveryChannel;
  address: string;
}

export interface QueueOptions {
  invoice: { id: string; companyId: string };
  targets: readonly DeliveryTarget[];
  /** Whose task sends it: the user who issued the invoice, or who asked to resend it. */
  userId: string;
  /** invoice/resend: who asked for it again. */
  requestedBy?: string;
  /** When it was asked for: now, or a past time of the demo history. */
  at: Date;
  /**
   * Only recorded as sent at `at`, not sent: the demo history's past invoices, whose deliveries happened back then
   * (db/demo-history.ts).
   */
  recordOnly?: boolean;
}

/** The targets of an invoice's delivery fields: its phone (SMS) and its e-mail, where given. */
export function deliveryTargets(phone: string, email: string): DeliveryTarget[] {
  return [
    ...(phone ? [{ channel: 'sms' as const, address: phone }] : []),
    ...(email ? [{ channel: 'email' as const, address: email }] : []),
  ];
}

/**
 * Inserts the deliveries and a task for each, in `tx` (the worker finds the tasks once it commits); they replace the
 * invoice's earlier deliveries on their channels. A task's request serial is its delivery's, so no delivery ever gets
 * two tasks.
 */
export async function queueDeliveries(tx: Database, options: QueueOptions): Promise<DeliveryRow[]> {
  if (!options.targets.length) return [];
  const { invoice, at } = options;
  const channels = options.targets.map((target) => target.channel);
  await tx
    .update(invoiceDeliveries)
    .set({ superseded: true })
    .where(
      and(
        eq(invoiceDeliveries.invoiceId, invoice.id),
        inArray(invoiceDeliveries.channel, channels),
        eq(invoiceDeliveries.superseded, false),
      ),
    );
  if (options.recordOnly) {
    return tx
      .insert(invoiceDeliveries)
      .values(
        options.targets.map((target) => ({
          ...target,
          invoiceId: invoice.id,
          companyId: invoice.companyId,
          state: 'sent' as const,
          attempts: 1,
          createdAt: at,
          updatedAt: at,
          sentAt: at,
        })),
      )
      .returning();
  }
  const rows = await tx
    .insert(invoiceDeliveries)
    .values(
      options.targets.map((target) => ({
        ...target,
        invoiceId: invoice.id,
        companyId: invoice.companyId,
        taskId: randomUUID(),
        requestedBy: options.requestedBy ?? null,
        createdAt: at,
        updatedAt: at,
      })),
    )
    .returning();
  await tx.insert(tasks).values(
    rows.map((row) => ({
      id: row.taskId as string,
      companyId: invoice.companyId,
      userId: options.userId,
      type: DELIVERY_TASK,
      payload: { stage: 'start', deliveryId: row.id },
      requestSerial: `delivery:${row.id}`,
      maxAttempts: DELIVERY_ATTEMPTS,
      deadlineAt: new Date(at.getTime() + TASK_DEADLINE_MS[DELIVERY_TASK]),
      createdAt: at,
      updatedAt: at,
      nextRunAt: at,
    })),
  );
  return rows;
}

export function deliveryView(row: DeliveryRow): InvoiceDelivery {
  const state = shownState(row.state);
  return {
    id: row.id,
    channel: row.channel,
    channelName: DELIVERY_CHANNELS[row.channel],
    address: row.address,
    state,
    stateName: DELIVERY_STATES[state],
    failReason: row.failReason,
    attempts: row.attempts,
    resent: row.requestedBy !== null,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    failedAt: row.failedAt?.toISOString() ?? null,
  };
}

/** An invoice's deliveries, newest first (the caller has checked the invoice is the company's). */
export async function invoiceDeliveryList(db: Database, invoiceId: string): Promise<InvoiceDelivery[]> {
  const rows = await db
    .select()
    .from(invoiceDeliveries)
    .where(eq(invoiceDeliveries.invoiceId, invoiceId))
    .orderBy(desc(invoiceDeliveries.id));
  return rows.map(deliveryView);
}

/** The latest delivery on its channel failed: the predicate of `invoice_deliveries_company_failed`, written the same way so it is used. */
const latestFailed = sql`${invoiceDeliveries.state} = 'failed' and not ${invoiceDeliveries.superseded}`;

/**
 * invoice/list's deliveryFailed: the company's invoices whose latest delivery on some channel failed (a later one on
 * that channel, asked with invoice/resend, replaces it), found from those deliveries: few, whatever the invoices.
 */
export function deliveryFailedFilter(db: Database, companyId: string): SQL {
  const failed = db
    .select({ invoiceId: invoiceDeliveries.invoiceId })
    .from(invoiceDeliveries)
    .where(and(eq(invoiceDeliveries.companyId, companyId), latestFailed));
  return inArray(invoices.id, failed);
}

/** Which of these invoices (the company's, a page of its list) have a latest delivery on some channel that failed. */
export async function failedDeliveryInvoices(db: Database, companyId: string, invoiceIds: readonly string[]): Promise<Set<string>> {
  if (!invoiceIds.length) return new Set();
  const rows = await db
    .selectDistinct({ invoiceId: invoiceDeliveries.invoiceId })
    .from(invoiceDeliveries)
    .where(and(eq(invoiceDeliveries.companyId, companyId), inArray(invoiceDeliveries.invoiceId, [...invoiceIds]), latestFailed));
  return new Set(rows.map((row) => row.invoiceId));
}
