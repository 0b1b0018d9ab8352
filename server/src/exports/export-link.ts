/**
 * An export's file by a signed link: a same-origin GET URL that opens without the session header (from WeChat, in the
 * system browser), signed with the server's secret, valid EXPORT_LINK_MINUTES (an e-mailed link: until the file
 * expires).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { EXPORT_LINK_MINUTES } from '@app/contract/export';

export const EXPORT_LINK_LIFETIME_MS = EXPORT_LINK_MINUTES * 60_000;
export const EXPORT_ROUTE_PREFIX = '/files/exports/';

function signature(secretKey: Buffer, exportId: string, expires: number): string {
  return createHmac('sha256', secretKey).update(`export-file:${exportId}:${expires}`).digest('base64url');
}

/** The path of the export's file and when it stops opening (`now + lifetimeMs`). */
export function exportLink(secretKey: Buffer, exportId: string, now = Date.now(), lifetimeMs = EXPORT_LINK_LIFETIME_MS) {
  const expires = now + lifetimeMs;
  return {
    url: `${EXPORT_ROUTE_PREFIX}${exportId}?expires=${expires}&signature=${signature(secretKey, exportId, expires)}`,
    expiresAt: new Date(expires),
  };
}

/** Whether the link is the server's own (`invalid` when not) and still open (`expired` when no longer). */
export function checkExportLink(secretKey: Buffer, exportId: string, expires: string, given: string, now = Date.now()) {
  const at = Number(expires);
  if (!/^\d{1,15}$/.test(expires) || !Number.isSafeInteger(at)) return 'invalid';
  const expected = Buffer.from(signature(secretKey, exportId, at));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return 'invalid';
  return at < now ? 'expired' : 'ok';
}
