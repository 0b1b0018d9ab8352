import { callApi } from '@app/host-sdk/api-client';

export interface InvoiceQrcode {
  /** The absolute address of the company's /shop/{code} page. */
  url: string;
  companyName: string;
  code: string;
}

export function getInvoiceQrcode(): Promise<InvoiceQrcode> {
  return callApi<InvoiceQrcode>('company/getInvoiceQrcode', {});
}
