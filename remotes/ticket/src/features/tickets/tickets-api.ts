/**
 * The ticket folder's calls (`@app/contract/ticket`) more than one page makes: one ticket, and its import (the image,
 * the scan and the form all end in `ticket/import`). Money is integer fen; a list page's own call is beside it.
 */
import type { CallBody, CallResult } from '@app/contract/api';
import type { TicketDetail } from '@app/contract/ticket';
import { callApi } from '@app/host-sdk/api-client';

export type { TicketDetail, TicketSummary, TicketTotals } from '@app/contract/ticket';
export type TicketImportBody = CallBody<'ticket/import'>;

/** One ticket; an unknown one (4004, or 4000 for an id that cannot be one) the page explains itself. */
export function getTicket(id: string): Promise<TicketDetail> {
  return callApi('ticket/get', { id }, { handles: [4000, 4004] });
}

/**
 * Adds a ticket and starts its verification. A refused field (4000) goes under the form's field; a ticket already in
 * the folder (2005: 该发票已在票夹中（2026年11月，已报销）) is said by the API client's toast.
 */
export function importTicket(body: TicketImportBody): Promise<CallResult<'ticket/import'>> {
  return callApi('ticket/import', body, { noRepeat: true });
}
