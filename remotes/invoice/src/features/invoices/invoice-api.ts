/**
 * The calls on issued invoices (`@app/contract/invoice`), shared by the invoice list, its detail sheet and the
 * red-invoice form.
 */
import type { CallResult } from '@app/contract/api';
import type { InvoiceDelivery } from '@app/contract/invoice';
import { callApi } from '@app/host-sdk/api-client';
import { LOAD_PROBLEM_CODES } from '@app/widgets/load-problem';
import type { InvoiceDocument, InvoiceKind, InvoiceStatus, InvoiceSummary } from '@app/domain/invoice-document';
import type { PagedResult } from '@app/ui/paging';

export interface InvoiceListQuery {
  kind?: InvoiceKind;
  status?: InvoiceStatus;
  /** `YYYY-MM`, China time. */
  month?: string;
  /** Part of the buyer's name or of the invoice number. */
  keyword?: string;
  /** Only invoices whose latest delivery on some channel failed (发送失败). */
  deliveryFailed?: boolean;
}

/** One page of the company's invoices, newest first; empty filters are left out of the request. */
export function listInvoices(query: InvoiceListQuery, page: number): Promise<PagedResult<InvoiceSummary>> {
  const filters = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== ''));
  return callApi('invoice/list', { ...filters, page });
}

/** One invoice; no such invoice, not an invoice id or another company's the screen says itself (`load-problem`). */
export function getInvoice(id: string): Promise<InvoiceDocument> {
  return callApi('invoice/get', { id }, { handles: LOAD_PROBLEM_CODES });
}

/** The blue invoice with that 20-digit number issued on that day (`YYYY-MM-DD`); 4004 when there is none. */
export function findBlueInvoice(number: string, issueDate: string): Promise<InvoiceDocument> {
  return callApi('invoice/findBlue', { number, issueDate }, { handles: [4004] });
}

/** A signed same-origin GET address of the PDF, valid for 10 minutes, and its file name. */
export type PdfLink = CallResult<'invoice/pdfLink'>;

/** `quiet`: a failure is not shown to the user (a link fetched ahead of a tap, fetched again on the tap). */
export function getPdfLink(id: string, { quiet = false }: { quiet?: boolean } = {}): Promise<PdfLink> {
  return callApi('invoice/pdfLink', { id }, quiet ? { handles: true } : {});
}

/** The PDF as an attachment (saved) rather than shown. */
export function downloadUrlOf(link: PdfLink): string {
  return `${link.url}${link.url.includes('?') ? '&' : '?'}download=1`;
}

export interface ResendTarget {
  phone?: string;
  email?: string;
}

/** The rate limit of resending one invoice (5 an hour): its message is shown by the form, beside its button. */
export const RESEND_LIMITED = 4029;

/**
 * Sends the issued invoice again; answers where it went (`13800138000、a@b.com`) and the new deliveries, 待发送
 * (absent from a server older than them). 4029 (too often) is left to the caller to say.
 */
export function resendInvoice(id: string, target: ResendTarget): Promise<CallResult<'invoice/resend'>> {
  return callApi('invoice/resend', { id, ...target }, { noRepeat: true, handles: [RESEND_LIMITED] });
}

/**
 * The invoice's deliveries, newest first. `quiet`: a failure is not shown to the user (the list refreshing itself while
 * one is 待发送 tries again at the next turn).
 */
export async function listDeliveries(id: string, { quiet = false }: { quiet?: boolean } = {}): Promise<InvoiceDelivery[]> {
  const { list } = await callApi('invoice/deliveries', { id }, { handles: quiet ? true : LOAD_PROBLEM_CODES });
  return list;
}
