/** The customer's calls at the cash desk (`@app/contract/payment`): start paying, follow the order, ask for an invoice. */
import { callApi } from '@app/host-sdk/api-client';
import type { CallBody, CallResult } from '@app/contract/api';

export type { CashOrder, PayChannel, PaymentStart } from '@app/contract/payment';

export function createOrder(body: CallBody<'cash/createOrder'>): Promise<CallResult<'cash/createOrder'>> {
  return callApi('cash/createOrder', body, { noRepeat: true });
}

/** The customer's own order; an unknown one (4004, 1004 another's, 4000 not an order number) the page explains itself. */
export function getOrder(orderNo: string): Promise<CallResult<'cash/getOrder'>> {
  return callApi('cash/getOrder', { orderNo }, { handles: [1004, 4000, 4004] });
}

export function applyInvoice(body: CallBody<'cash/applyInvoice'>): Promise<CallResult<'cash/applyInvoice'>> {
  return callApi('cash/applyInvoice', body, { noRepeat: true, handles: [4000] });
}
