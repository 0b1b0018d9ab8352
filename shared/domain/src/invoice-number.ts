/**
 * The number of a fully digitalised e-invoice (数电发票): 20 digits — 2 of the year, 2 of the region (province-level
 * tax bureau), 1 of the issuing channel, 15 of sequence.
 */

/** Province-level region codes (GB/T 2260), as the 3rd–4th digits of a digital invoice number. */
const REGIONS = new Set([
  '11',
  '12',
  '13',
  '14',
  '15',
  '21',
  '22',
  '23',
  '31',
  '32',
  '33',
  '34',
  '35',
  '36',
  '37',
  '41',
  '42',
  '43',
  '44',
  '45',
  '46',
  '50',
  '51',
  '52',
  '53',
  '54',
  '61',
  '62',
  '63',
  '64',
  '65',
]);

export interface InvoiceNumberParts {
  year: number;
  region: string;
  channel: string;
  sequence: string;
}

export type InvoiceNumberProblem = 'shape' | 'region';

export const INVOICE_NUMBER_MESSAGES: Record<InvoiceNumberProblem, string> = {
  shape: '发票号码应为 20 位数字',
  region: '发票号码的地区代码不正确，请核对',
};

export function invoiceNumberProblem(value: string): InvoiceNumberProblem | null {
  if (!/^\d{20}$/.test(value)) return 'shape';
  return REGIONS.has(value.slice(2, 4)) ? null : 'region';
}

export function parseInvoiceNumber(value: string): InvoiceNumberParts | null {
  if (invoiceNumberProblem(value)) return null;
  return { year: 2000 + Number(value.slice(0, 2)), region: value.slice(2, 4), channel: value.slice(4, 5), sequence: value.slice(5) };
}
