/**
 * What the screens send to issue invoices (task/createBlueInvoiceTask, task/createRedInvoiceTask) and what they get
 * back: one definition for the server that checks them and the remote that builds them.
 */
import type { InvoiceParty, InvoiceType, RedReason } from './invoice-document';
import type { Discount } from './discount-line';
import type { LineRate } from './invoice-line';

export interface BlueInvoiceLineRequest {
  goodsId: string;
  /** A decimal string, or null when the line prints no quantity. */
  quantity: string | null;
  /** Amount including tax, in fen. */
  grossFen: number;
  /** Per mille, or how the line is untaxed. */
  rate: LineRate;
  /** A discount of the line (折扣行), by amount (fen, including tax) or by percentage; printed as a line of its own. */
  discount?: Discount;
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
  /**
   * Amounts to reverse (positive, including tax), by the blue invoice's line number; none = everything left. A
   * discounted line is reversed with its discount line, whole: its amount is what is left of the pair.
   */
  lines?: { lineNo: number; grossFen: number }[];
}

/** The task that issues the invoice, and the invoice (开具中 until the task succeeds). */
export interface CreatedInvoice {
  taskId: string;
  invoiceId: string;
}
