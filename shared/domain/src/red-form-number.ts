/**
 * The number of a red-letter confirmation form (红字发票信息确认单编号). A form is not an invoice: it has a number of its own,
 * of its own format, and no invoice number is ever spent on one. 18 digits: 6 of the seller's registration area (the
 * 3rd–8th characters of its unified social credit code, an administrative division code; 000000 when its number has
 * none), 2 of the year, 2 of the month (China time), 8 of sequence. An invoice number has 20 digits, so the two are
 * never mistaken for each other.
 */
import { chinaDate } from './china-time';

export const RED_FORM_NUMBER = /^\d{18}$/;

/** The registration area of a seller's tax number: the 3rd–8th characters when they are digits, else 000000. */
export function registrationArea(sellerTaxNumber: string): string {
  const area = sellerTaxNumber.slice(2, 8);
  return /^\d{6}$/.test(area) ? area : '000000';
}

/** The form number for the seller, the time it was made and its place in the sequence (1 and up). */
export function redFormNumber(sellerTaxNumber: string, at: Date, sequence: number): string {
  const [year, month] = chinaDate(at).split('-') as [string, string];
  return `${registrationArea(sellerTaxNumber)}${year.slice(2)}${month}${String(sequence % 100_000_000).padStart(8, '0')}`;
}
