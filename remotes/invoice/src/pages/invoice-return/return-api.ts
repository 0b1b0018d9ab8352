/** The call of the red-invoice form (`task/createRedInvoiceTask`). */
import type { CallBody } from '@app/contract/api';
import type { CreatedInvoice } from '@app/domain/invoice-requests';
import { callApi } from '@app/host-sdk/api-client';

/** Creates the task that issues the red invoice; the same `requestSerial` again answers the same task. */
export function createRedInvoiceTask(request: CallBody<'task/createRedInvoiceTask'>): Promise<CreatedInvoice> {
  return callApi('task/createRedInvoiceTask', request, { noRepeat: true });
}
