/** The folder's list (`ticket/list`): a page of tickets, newest issue date first, with the totals of the whole filter. */
import type { CallBody, CallResult } from '@app/contract/api';
import { callApi } from '@app/host-sdk/api-client';

export type TicketQuery = Omit<CallBody<'ticket/list'>, 'page' | 'pageSize' | 'month'>;
export type TicketPage = CallResult<'ticket/list'>;

export function listTickets(query: TicketQuery, page: number): Promise<TicketPage> {
  return callApi('ticket/list', { ...query, page });
}

/** The server's totals of one month of the filter (one row asked for: only its totals are read). */
export function monthTotals(query: TicketQuery, month: string): Promise<TicketPage['totals']> {
  return callApi('ticket/list', { ...query, month, page: 1, pageSize: 1 }).then((answer) => answer.totals);
}
