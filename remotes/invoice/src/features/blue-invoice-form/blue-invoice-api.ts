/**
 * The call of the blue-invoice form: creating the task that issues the invoice (`task/createBlueInvoiceTask`; the
 * goods picker, `@app/widgets/goods-picker`, lists the goods). Money is integer fen.
 */
import type { CallBody } from '@app/contract/api';
import type { CreatedInvoice } from '@app/domain/invoice-requests';
import { callApi } from '@app/host-sdk/api-client';

export function createBlueInvoiceTask(request: CallBody<'task/createBlueInvoiceTask'>): Promise<CreatedInvoice> {
  return callApi('task/createBlueInvoiceTask', request, { noRepeat: true });
}
