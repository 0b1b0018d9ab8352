/**
 * The browser's side of the sign-in handover, for tests that sign in the way the app does: a verifier kept, its
 * challenge sent to `/api/auth/authorize`, the one-time code read from the address the sign-in returns to, and the
 * exchange of code and verifier for the session token (server/src/auth/sign-in-codes.ts).
 */
import { createHash, randomBytes } from 'node:crypto';

export interface Verifier {
  verifier: string;
  /** SHA-256 of the verifier, base64url: what `/api/auth/authorize` and the demo form carry. */
  challenge: string;
}

/** A fresh verifier (256 random bits, base64url) and its challenge, computed here independently of the server's code. */
export function newVerifier(): Verifier {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The one-time sign-in code in the address a sign-in returned to; throws when there is none. */
export function signInCodeIn(location: string | undefined | null): string {
  const code = new URL(location ?? '', 'http://app.invalid').searchParams.get('signin');
  if (!code) throw new Error(`no sign-in code in ${location}`);
  return code;
}

/** Exchanges a code on a running server (`url`); the session token, or an error with the server's answer. */
export async function exchangeOver(url: string, code: string, verifier: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/exchange`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code, verifier }),
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await response.json()) as { success: boolean; result: { token: string } | null; message: string | null };
  if (!response.ok || !body.success || !body.result) throw new Error(`the exchange answered ${response.status} ${body.message}`);
  return body.result.token;
}
