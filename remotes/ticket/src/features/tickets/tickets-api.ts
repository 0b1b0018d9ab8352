/**
 * The ticket folder's calls (`@app/contract/ticket`) more than one page makes: one ticket, and its import (the image,
 * the scan and the form all end in `ticket/import`). Money is integer fen; a list page's own call is beside it.
 */
import type { CallBody, CallResult } from '@app/contract/api';
import type { TicketDetail } from '@app/contract/ticket';
import { callApi } from '@app/host-sdk/api-client';
import { LOAD_PROBLEM_CODES } from '@app/widgets/load-problem';

export type { TicketDetail, TicketSummary, TicketTotals } from '@app/contract/ticket';
export type TicketImportBody = CallBody<'ticket/import'>;

/** One ticket; an unknown one or another company's (4004, 4000, 1004) the page explains itself. */
export function getTicket(id: string): Promise<TicketDetail> {
  return callApi('ticket/get', { id }, { handles: LOAD_PROBLEM_CODES });
}

/**
 * Adds a ticket and starts its verification. A refused field (4000) goes under the form's field; a ticket already in
 * the folder (2005: 该发票已在票夹中（2026年11月，已报销）) is said by the API client's toast.
 */
export function importTicket(body: TicketImportBody): Promise<CallResult<'ticket/import'>> {
  return callApi('ticket/import', body, { noRepeat: true });
}
