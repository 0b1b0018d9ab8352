import type { CallResult } from '@app/contract/api';
import { callApi } from '@app/host-sdk/api-client';

/** The absolute address of the company's /shop/{code} page, its name and code. */
export type InvoiceQrcode = CallResult<'company/getInvoiceQrcode'>;

export function getInvoiceQrcode(): Promise<InvoiceQrcode> {
  return callApi('company/getInvoiceQrcode');
}
