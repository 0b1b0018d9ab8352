/**
 * The worker's step of a delivery task: send one invoice to one address, once.
 *
 * pending → sending (compare-and-set, before anything goes out) → the transport sends and records → sent; a
 * temporary failure goes back to pending and the worker retries with back-off; a permanent one, or the last attempt,
 * ends failed with the reason. An attempt that finds the delivery still `sending` from an earlier one (whose worker
 * died, or whose outcome could not be written) does not send again: once no send can still be under way it ends the
 * delivery failed as unknown, for the user to check and resend (docs/server.md, "Delivering invoices").
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { TaskStatus } from '@app/contract/task-status';
import type { Database } from '../db/database';
import { invoiceDeliveries, invoices } from '../db/schema/invoices';
import { GatewayError } from '../etax/gateway';
import { renderInvoicePdf } from '../invoices/invoice-pdf';
import { invoicePdfUrl } from '../invoices/invoice-pdf-link';
import { invoiceDocument } from '../invoices/invoice-records';
import type { StepContext, StepOutcome } from '../tasks/step-types';
import type { TaskRow } from '../tasks/task-queue';
import { DeliveryFailure } from './delivery-failure';
import type { DeliveryRow } from './delivery-records';
import { invoiceMail, invoiceSms, MESSAGE_LINK_LIFETIME_MS } from './invoice-message';
import type { DeliveryChannels, RecordSent } from './transports';

export const UNKNOWN_OUTCOME_REASON = '发送过程中断，无法确认是否已送达，请核实后重新发送';
/** How long past a send's time-out a `sending` delivery is waited for before it is settled as unknown. */
const SETTLE_MARGIN_MS = 1000;

const SENT: StepOutcome = { status: TaskStatus.Succeeded, failReason: null, payload: { stage: 'done' }, finished: true };

function failedOutcome(reason: string): StepOutcome {
  return { status: TaskStatus.Failed, failReason: reason, payload: { stage: 'done' }, finished: true };
}

async function loadDelivery(db: Database, id: number): Promise<DeliveryRow> {
  const [row] = await db.select().from(invoiceDeliveries).where(eq(invoiceDeliveries.id, id));
  if (!row) throw new GatewayError('发送记录不存在');
  return row;
}

/** Moves the delivery from `from` to `to` with these columns; false when it was not in `from`. */
async function move(db: Database, id: number, from: DeliveryRow['state'], set: PgUpdateSetSource<typeof invoiceDeliveries>) {
  const moved = await db
    .update(invoiceDeliveries)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(invoiceDeliveries.id, id), eq(invoiceDeliveries.state, from)))
    .returning({ id: invoiceDeliveries.id });
  return moved.length > 0;
}

/** The outcome of a delivery an attempt cannot claim: already settled, or still `sending` from an earlier attempt. */
async function settle(db: Database, row: DeliveryRow, sendTimeoutMs: number): Promise<StepOutcome> {
  if (row.state === 'sent') return SENT;
  if (row.state === 'failed') return failedOutcome(row.failReason ?? '发送失败');
  if (row.state === 'pending') return { nextRunAt: new Date() };
  const waitMs = sendTimeoutMs + SETTLE_MARGIN_MS;
  // Compared in the database's clock, which wrote `updated_at` when the earlier attempt claimed it.
  const [unknown] = await db
    .update(invoiceDeliveries)
    .set({ state: 'failed', failReason: UNKNOWN_OUTCOME_REASON, failedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(invoiceDeliveries.id, row.id),
        eq(invoiceDeliveries.state, 'sending'),
        sql`${invoiceDeliveries.updatedAt} < now() - (${waitMs} * interval '1 millisecond')`,
      ),
    )
    .returning({ id: invoiceDeliveries.id });
  if (unknown) return failedOutcome(UNKNOWN_OUTCOME_REASON);
  // An earlier attempt may still be sending (it gives up within the send time-out): look again once it must have.
  return { nextRunAt: new Date(Math.max(Date.now() + 100, row.updatedAt.getTime() + waitMs + 100)) };
}

function messageId(row: DeliveryRow, fromAddress: string): string {
  return `<invoice-${row.invoiceId}.delivery-${row.id}@${fromAddress.split('@')[1] ?? 'localhost'}>`;
}

/** What sends this delivery, built before it is claimed: a failure here sends nothing and leaves it pending. */
async function prepare(db: Database, row: DeliveryRow, channels: DeliveryChannels): Promise<(record: RecordSent) => Promise<void>> {
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, row.invoiceId));
  if (!invoice?.number) throw new DeliveryFailure('发票尚未开具，不能发送', true);
  const document = await invoiceDocument(db, invoice);
  const link = `${channels.publicUrl}${invoicePdfUrl(channels.secretKey, invoice.id, Date.now(), MESSAGE_LINK_LIFETIME_MS)}`;
  if (row.channel === 'sms') {
    const text = invoiceSms(document, link);
    return (record) => channels.sms.send({ deliveryId: row.id, to: row.address, text }, record);
  }
  const mail = invoiceMail(document, link);
  const content = await renderInvoicePdf(document);
  return (record) =>
    channels.mail.send(
      {
        deliveryId: row.id,
        messageId: messageId(row, channels.from.address),
        to: row.address,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachment: { fileName: mail.fileName, content },
      },
      record,
    );
}

async function failPermanently(db: Database, row: DeliveryRow, from: DeliveryRow['state'], reason: string): Promise<StepOutcome> {
  await move(db, row.id, from, { state: 'failed', failReason: reason, failedAt: sql`now()` });
  return failedOutcome(reason);
}

export async function runDeliveryStep(task: TaskRow, context: StepContext): Promise<StepOutcome> {
  const channels = context.delivery;
  if (!channels) throw new GatewayError('未配置发送渠道');
  const db = context.db;
  const row = await loadDelivery(db, Number(task.payload.deliveryId));
  if (row.state !== 'pending') return settle(db, row, channels.sendTimeoutMs);
  let send: (record: RecordSent) => Promise<void>;
  try {
    send = await prepare(db, row, channels);
  } catch (error) {
    if (error instanceof DeliveryFailure && error.permanent) return failPermanently(db, row, 'pending', error.reason);
    throw error;
  }
  // Claimed before anything goes out: from here on, an attempt that finds it `sending` never sends it again.
  if (!(await move(db, row.id, 'pending', { state: 'sending', attempts: sql`${invoiceDeliveries.attempts} + 1` }))) {
    return settle(db, await loadDelivery(db, row.id), channels.sendTimeoutMs);
  }
  try {
    await send(async (tx) => {
      if (!(await move(tx, row.id, 'sending', { state: 'sent', sentAt: sql`now()`, failReason: null }))) {
        throw new Error(`delivery ${row.id} was no longer being sent`);
      }
    });
  } catch (error) {
    // Anything but a DeliveryFailure leaves the outcome unknown: the delivery stays `sending` for the next attempt.
    if (!(error instanceof DeliveryFailure)) throw error;
    if (error.permanent) return failPermanently(db, row, 'sending', error.reason);
    await move(db, row.id, 'sending', { state: 'pending', failReason: error.reason });
    throw new GatewayError(error.reason);
  }
  return SENT;
}

/** When the worker gives a delivery task up (its attempts used up, or its deadline passed): the delivery fails. */
export function deliveryGaveUp(task: TaskRow, reason: string) {
  return async (tx: Database) => {
    await tx
      .update(invoiceDeliveries)
      .set({
        state: 'failed',
        failReason: sql`case when ${invoiceDeliveries.state} = 'sending' then ${UNKNOWN_OUTCOME_REASON} else ${`多次重试仍未发送成功：${reason}`} end`,
        failedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(invoiceDeliveries.id, Number(task.payload.deliveryId)), inArray(invoiceDeliveries.state, ['pending', 'sending'])));
  };
}
