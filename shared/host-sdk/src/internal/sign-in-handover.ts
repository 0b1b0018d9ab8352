/**
 * The browser's side of the sign-in handover (docs/architecture.md, "Signing in"; the server's side is
 * server/src/auth/sign-in-codes.ts). A sign-in never brings the session token back in an address, where a Referer, a
 * screenshot or a shared link could carry it on, and where a link made by someone else could sign this phone into
 * their account. Instead:
 *
 * - before leaving for `/api/auth/authorize` the browser makes a random verifier (256 bits), keeps it, and sends its
 *   SHA-256 (base64url, the challenge) along (`authorize.ts`);
 * - the sign-in returns with a one-time code (`?signin=`) bound to that challenge;
 * - the start-up (`page-guard.ts`) takes the code out of the address at once and exchanges it, with the verifier, by
 *   `POST /api/auth/exchange` for the token. A code from anyone else's sign-in fails: this browser does not hold the
 *   verifier it was made for.
 *
 * The verifier is kept in localStorage, not sessionStorage: an in-app browser may show the provider's pages (WeChat's
 * or Alipay's authorisation) in a webview of its own and come back in another, which would not have this one's
 * sessionStorage; localStorage is the origin's, as the session token already is. One verifier at a time: starting a
 * sign-in replaces it, and an exchange uses it up (two sign-ins started in two tabs at once: the first to come back
 * fails, and its user signs in again). A private module of this package, bundled by the page owner with `authorize`
 * and `page-guard`.
 */
import { NETWORK_ERROR_MESSAGE, postApi, type ApiEnvelope } from '../api-client';
import { clearCompanyState, setToken } from '../session';
import { SIGN_IN_VERIFIER_COOKIE, SIGN_IN_VERIFIER_COOKIE_SECONDS, SIGN_IN_VERIFIER_STORAGE_KEY } from '../storage-keys';

export { SIGN_IN_CODE_PARAMETER, SIGN_IN_VERIFIER_STORAGE_KEY } from '../storage-keys';

/** What an exchange this browser cannot make is told: it did not start that sign-in (or has lost its verifier). */
export const NOT_STARTED_HERE_MESSAGE = '登录未在此浏览器中发起，未能登录';

function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * SHA-256 for PKCE's S256: Web Crypto's digest, which exists only in secure contexts (https or localhost); elsewhere (a
 * phone reaching a demo server at http://<address>) a well-kept implementation, loaded then, so that no page's
 * start-up carries it (a signed-in load never hashes).
 */
async function sha256(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  if (globalThis.crypto?.subtle) return new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  const { sha256: hash } = await import('@noble/hashes/sha2.js');
  return hash(bytes);
}

/** The challenge of a verifier: its SHA-256, base64url without padding (PKCE's S256). */
export async function challengeOf(verifier: string): Promise<string> {
  return base64Url(await sha256(new TextEncoder().encode(verifier)));
}

/**
 * The verifier in a cookie too, for a while: the page the sign-in returns to brings it to the server, which then makes
 * the exchange as it writes that page, painted for the new session (`@app/contract/first-calls`,
 * SIGN_IN_VERIFIER_COOKIE). `maxAge` 0 clears it.
 */
function setVerifierCookie(value: string, maxAge: number): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from older iOS web views (WeChat's); a verifier is base64url, nothing to escape.
  document.cookie = `${SIGN_IN_VERIFIER_COOKIE}=${value}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure}`;
}

/**
 * Starts a sign-in: keeps a new random verifier at once (replacing any earlier one) and resolves with its challenge.
 */
export function startSignIn(): Promise<string> {
  const verifier = base64Url(crypto.getRandomValues(new Uint8Array(32)));
  localStorage.setItem(SIGN_IN_VERIFIER_STORAGE_KEY, verifier);
  setVerifierCookie(verifier, SIGN_IN_VERIFIER_COOKIE_SECONDS);
  return challengeOf(verifier);
}

export type HandoverOutcome = { signedIn: true } | { signedIn: false; message: string };

/**
 * Exchanges the code a sign-in returned with for the session token, with this browser's verifier (used up here,
 * whatever the answer). Signed in: the token is stored. Refused, or no answer: nothing changes (a user signed in
 * before stays so) and the outcome says why, in Chinese.
 */
export async function exchangeSignInCode(code: string): Promise<HandoverOutcome> {
  const verifier = localStorage.getItem(SIGN_IN_VERIFIER_STORAGE_KEY);
  localStorage.removeItem(SIGN_IN_VERIFIER_STORAGE_KEY);
  setVerifierCookie('', 0);
  if (!verifier) return { signedIn: false, message: NOT_STARTED_HERE_MESSAGE };
  try {
    // Every answer is read (a refusal is a 4xx with the envelope); only no answer at all throws.
    const data = (await postApi('auth/exchange', { code, verifier })).data as Partial<ApiEnvelope<{ token?: unknown } | null>> | null;
    const token = data?.success ? data.result?.token : undefined;
    if (typeof token === 'string' && token) {
      // Whatever was loaded about a user signed in before belongs to them, not to this session.
      clearCompanyState();
      setToken(token);
      return { signedIn: true };
    }
    return { signedIn: false, message: (data && typeof data.message === 'string' && data.message) || NETWORK_ERROR_MESSAGE };
  } catch {
    return { signedIn: false, message: NETWORK_ERROR_MESSAGE };
  }
}
