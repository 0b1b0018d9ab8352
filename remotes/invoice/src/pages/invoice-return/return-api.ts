/** The call of the red-invoice form (server/src/calls/invoice-calls.ts `task/createRedInvoiceTask`). */
import type { CreatedInvoice, RedInvoiceRequest } from '@app/domain/invoice-requests';
import { callApi } from '@app/host-sdk/api-client';

/** Creates the task that issues the red invoice; the same `requestSerial` again answers the same task. */
export function createRedInvoiceTask(request: RedInvoiceRequest): Promise<CreatedInvoice> {
  return callApi<CreatedInvoice>('task/createRedInvoiceTask', request, { noRepeat: true });
}
