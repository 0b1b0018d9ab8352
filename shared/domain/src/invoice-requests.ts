/**
 * What the screens send to issue invoices (task/createBlueInvoiceTask, task/createRedInvoiceTask) and what they get
 * back: one definition for the server that checks them and the remote that builds them.
 */
import type { InvoiceParty, InvoiceType, RedReason } from './invoice-document';
import type { LineRate } from './invoice-line';

export interface BlueInvoiceLineRequest {
  goodsId: string;
  /** A decimal string, or null when the line prints no quantity. */
  quantity: string | null;
  /** Amount including tax, in fen. */
  grossFen: number;
  /** Per mille, or how the line is untaxed. */
  rate: LineRate;
}

export interface BlueInvoiceRequest {
  /** One per form fill: a repeated create answers the same task, so a retry never issues twice. */
  requestSerial: string;
  type: InvoiceType;
  buyer: InvoiceParty;
  lines: BlueInvoiceLineRequest[];
  remarks: string;
  deliverPhone: string;
  deliverEmail: string;
}

export interface RedInvoiceRequest {
  requestSerial: string;
  blueInvoiceId: string;
  reason: RedReason;
  /** Amounts to reverse (positive, including tax), by the blue invoice's line number; none = everything left. */
  lines?: { lineNo: number; grossFen: number }[];
}

/** The task that issues the invoice, and the invoice (开具中 until the task succeeds). */
export interface CreatedInvoice {
  taskId: string;
  invoiceId: string;
}
