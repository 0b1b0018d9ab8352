/**
 * The cookie that tells the server who asks for a page or `/remotes.json` (docs/operations.md, "Canary releases"):
 * those requests carry no session (the token is in localStorage), so the bucket and the test flag travel in a cookie.
 * It is set when a session is made (the sign-in exchange: the user's bucket and `users.tester`), cleared on sign-out,
 * and before sign-in set with a random bucket on the first page (a device's). Its value is HMAC-signed with a key
 * derived from the server's secret key: a forged or edited cookie is ignored (then treated as none). It decides only
 * which released version a page gets; the files of every released version are public at their addresses anyway.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { BUCKETS, isBucket, type Viewer } from '@app/deploy/canary-audience';
import { cookieValues } from '../http/cookie-values';

export const CANARY_COOKIE = 'yst_canary';
/** Browsers keep a cookie at most 400 days. */
const MAX_AGE_S = 180 * 24 * 3600;
const VALUE = /^(\d{1,4})\.([01])\.([A-Za-z0-9_-]{43})$/;

export class CanaryCookies {
  private readonly key: Buffer;

  constructor(secretKey: Buffer) {
    // A key of its own: the secret key also signs PDF links, and a signature of one must never pass for the other.
    this.key = createHmac('sha256', secretKey).update('canary-cookie:v1').digest();
  }

  value(viewer: Viewer): string {
    const body = `${viewer.bucket}.${viewer.tester ? 1 : 0}`;
    return `${body}.${this.signature(body)}`;
  }

  /** The viewer in a signed value; null when it is malformed or its signature does not match. */
  verify(value: string): Viewer | null {
    const match = VALUE.exec(value);
    if (!match) return null;
    const body = `${match[1]}.${match[2]}`;
    const expected = Buffer.from(this.signature(body));
    const given = Buffer.from(match[3] ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const bucket = Number(match[1]);
    return isBucket(bucket) ? { bucket, tester: match[2] === '1' } : null;
  }

  /** The viewer of a request's Cookie header: the first validly signed canary cookie, else null. */
  read(cookieHeader: string | undefined): Viewer | null {
    for (const value of cookieValues(cookieHeader, CANARY_COOKIE)) {
      const viewer = this.verify(value);
      if (viewer) return viewer;
    }
    return null;
  }

  setHeader(viewer: Viewer, secure: boolean): string {
    return `${CANARY_COOKIE}=${this.value(viewer)}; Path=/; Max-Age=${MAX_AGE_S}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  }

  clearHeader(secure: boolean): string {
    return `${CANARY_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  }

  private signature(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}

/** A visitor not signed in: a random bucket, kept by their browser. */
export function deviceViewer(): Viewer {
  return { bucket: randomInt(BUCKETS), tester: false };
}
