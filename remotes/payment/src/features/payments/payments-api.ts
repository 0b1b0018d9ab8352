/** The merchant's calls of 收支 (`@app/contract/payment`): the month's records and totals, one record, issuing its invoice. */
import { callApi } from '@app/host-sdk/api-client';
import { LOAD_PROBLEM_CODES } from '@app/widgets/load-problem';
import type { CallBody, CallResult } from '@app/contract/api';

export type { PaymentRecord } from '@app/contract/payment';

export type PaymentQuery = Omit<CallBody<'payment/list'>, 'page'>;

export function listPayments(query: PaymentQuery, page: number): Promise<CallResult<'payment/list'>> {
  return callApi('payment/list', { ...query, page });
}

/** One record; an unknown one (4004, or 4000 for an id that cannot be one) the page explains itself. */
export function getPayment(id: string): Promise<CallResult<'payment/get'>> {
  return callApi('payment/get', { id }, { handles: LOAD_PROBLEM_CODES });
}

export function issueInvoice(body: CallBody<'payment/issueInvoice'>): Promise<CallResult<'payment/issueInvoice'>> {
  return callApi('payment/issueInvoice', body, { noRepeat: true });
}
