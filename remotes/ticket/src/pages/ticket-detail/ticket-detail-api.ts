/** What the detail page does to a ticket (`@app/contract/ticket`): 查验 again, reimbursed or not, delete, its PDF. */
import type { CallResult } from '@app/contract/api';
import { ApiError, callApi } from '@app/host-sdk/api-client';
import type { TicketDetail } from '../../features/tickets/tickets-api';

/** Starts a 查验 task; while one runs (2001) the running one's id. */
export async function verifyTicket(id: string): Promise<string> {
  try {
    return (await callApi('ticket/verify', { id }, { noRepeat: true, handles: [2001] })).taskId;
  } catch (error) {
    const running = error instanceof ApiError && error.errorCode === 2001 ? (error.result as { taskId?: unknown } | null)?.taskId : null;
    if (typeof running === 'string') return running;
    throw error;
  }
}

/** Compare-and-set: already so (2005) says who did it and when, in the API client's toast. */
export function markReimbursed(id: string, reimbursed: boolean): Promise<TicketDetail> {
  return callApi('ticket/markReimbursed', { id, reimbursed }, { noRepeat: true });
}

export function deleteTicket(id: string): Promise<CallResult<'ticket/delete'>> {
  return callApi('ticket/delete', { id });
}

export function getTicketPdfLink(id: string): Promise<CallResult<'ticket/pdfLink'>> {
  return callApi('ticket/pdfLink', { id });
}
