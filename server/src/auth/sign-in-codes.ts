/**
 * The sign-in handover: a finished sign-in (the demo provider, the WeChat or Alipay callback) returns to the app with
 * a one-time code in the address (`?signin=`), never with the session token, and only the browser that started the
 * sign-in can exchange the code for a session (`POST /api/auth/exchange`).
 *
 * Before it leaves for `/api/auth/authorize` the browser makes a random verifier, keeps it, and sends its SHA-256
 * (base64url, the `challenge`, as PKCE's S256). The challenge travels with the sign-in (the OAuth state, the demo
 * page's form) and the code is bound to it. The exchange takes the code and the verifier: the code is used up only
 * by the verifier whose hash is its challenge, within its lifetime, once. So a link that carries a code (or a token)
 * signs nobody in: the phone that opens it never held the verifier of the sign-in that made it.
 *
 * Codes are 256 random bits, kept only as their SHA-256, like session tokens.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '../db/database';
import { signInCodes } from '../db/schema/users';
import { createSession, hashToken } from './session-tokens';

/** Long enough for a slow phone to load the page it returns to; a code is exchanged as that page starts. */
export const SIGN_IN_CODE_LIFETIME_MS = 3 * 60 * 1000;
/** base64url of a SHA-256: 43 characters. */
export const CHALLENGE_PATTERN = '^[A-Za-z0-9_-]{43}$';
/** base64url of at least 256 bits (43 characters), as PKCE bounds a verifier (at most 128). */
export const VERIFIER_PATTERN = '^[A-Za-z0-9_-]{43,128}$';
/** base64url of 256 random bits. */
export const SIGN_IN_CODE_PATTERN = '^[A-Za-z0-9_-]{43}$';

/** The challenge of a verifier: its SHA-256, base64url without padding. */
export function challengeOf(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** A new one-time code that signs `userId` in, for the browser whose verifier hashes to `challenge`. */
export async function issueSignInCode(
  db: Database,
  userId: string,
  challenge: string,
  lifetimeMs = SIGN_IN_CODE_LIFETIME_MS,
): Promise<string> {
  const now = new Date();
  await db.delete(signInCodes).where(lt(signInCodes.expiresAt, now));
  const code = randomBytes(32).toString('base64url');
  await db.insert(signInCodes).values({ codeHash: hashToken(code), userId, challenge, expiresAt: new Date(now.getTime() + lifetimeMs) });
  return code;
}

/**
 * Exchanges a code for a new session token: the code is taken out of the store (compare-and-set: a second exchange,
 * at the same time or later, finds nothing) only with the verifier of its challenge and before it expires. Null when
 * it is unknown, used, expired, or the verifier is not the one it was issued for (the code then stays, for the
 * browser that holds the right verifier).
 */
export async function exchangeSignInCode(db: Database, code: string, verifier: string): Promise<{ token: string; userId: string } | null> {
  const [row] = await db
    .delete(signInCodes)
    .where(
      and(
        eq(signInCodes.codeHash, hashToken(code)),
        eq(signInCodes.challenge, challengeOf(verifier)),
        gt(signInCodes.expiresAt, new Date()),
      ),
    )
    .returning({ userId: signInCodes.userId });
  if (!row) return null;
  return { token: await createSession(db, row.userId), userId: row.userId };
}
