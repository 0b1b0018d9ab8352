/**
 * PDF links: a same-origin GET URL a phone can open or download without the session header (WeChat's browser cannot
 * add one), signed with the server's secret and valid for a few minutes.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const PDF_LINK_LIFETIME_MS = 10 * 60_000;
export const PDF_ROUTE_PREFIX = '/files/invoices/';

function signature(secretKey: Buffer, invoiceId: string, expires: number): string {
  return createHmac('sha256', secretKey).update(`invoice-pdf:${invoiceId}:${expires}`).digest('base64url');
}

/** The path (same origin) of an invoice's PDF, valid until `now + lifetimeMs` (a message's link: longer). */
export function invoicePdfUrl(secretKey: Buffer, invoiceId: string, now = Date.now(), lifetimeMs = PDF_LINK_LIFETIME_MS): string {
  const expires = now + lifetimeMs;
  return `${PDF_ROUTE_PREFIX}${invoiceId}.pdf?expires=${expires}&signature=${signature(secretKey, invoiceId, expires)}`;
}

export function verifyPdfLink(secretKey: Buffer, invoiceId: string, expires: string, given: string, now = Date.now()): boolean {
  const at = Number(expires);
  if (!Number.isSafeInteger(at) || at < now) return false;
  const expected = Buffer.from(signature(secretKey, invoiceId, at));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
