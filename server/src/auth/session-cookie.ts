/**
 * The session on the page's own request (docs/architecture.md, "One fast first load"): the exchange that makes a
 * session also sets it in an HttpOnly cookie, so that the server, writing the host's page, can answer the start-up's
 * calls for that session (releases/session-answers.ts). Signing out clears it. No API call reads it: they take the
 * Authorization header only, so a request another site makes the browser send carries no session to the API.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ApiPath } from '@app/contract/api';
import { PAGE_SESSION_TAG_PREFIX, SESSION_PAGE_COOKIE } from '@app/contract/first-calls';
import { cookieValues } from '../http/cookie-values';
import { tokenFromHeader } from './caller';
import { SESSION_LIFETIME_MS } from './session-tokens';

/** A session token as createSession makes it: 256 bits, base64url. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function sessionCookieHeader(token: string, secure: boolean): string {
  return `${SESSION_PAGE_COOKIE}=${token}; Path=/; Max-Age=${SESSION_LIFETIME_MS / 1000}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function clearedSessionCookieHeader(secure: boolean): string {
  return `${SESSION_PAGE_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The session token a request's cookie carries (the first one shaped as a token), or null. */
export function sessionInCookie(cookieHeader: string | undefined): string | null {
  return cookieValues(cookieHeader, SESSION_PAGE_COOKIE).find((value) => TOKEN.test(value)) ?? null;
}

/** The session's tag in the page (`@app/contract/first-calls`, PAGE_SESSION_TAG_PREFIX). */
export function pageSessionTag(token: string): string {
  return createHash('sha256').update(`${PAGE_SESSION_TAG_PREFIX}${token}`).digest('hex');
}

/** A call's route as the server mounts it (http/register-calls.ts), checked against the contract's paths. */
const callRoute = (path: ApiPath) => `/api/${path}`;

export const SIGN_OUT_ROUTE = callRoute('user/signOut');
/** The user detail: the call every start-up of the app makes with its token. */
export const USER_DETAIL_ROUTE = callRoute('user/getOfficialAccountLoginUserInfo');

/**
 * Signing out clears the cookie, whatever the call answers, as it clears the canary cookie. A user detail answered
 * (the token's session is current: a failure is never a 200) sets it when the browser's cookie carries another
 * session or none (one from before the cookie, cookies cleared but not the app's storage), so that the phone's next
 * page is painted. Its age is the lifetime's whole, as at the exchange: a page finding the session over clears it.
 */
export function registerSessionCookieHooks(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions.url;
    const secure = request.protocol === 'https';
    if (route === SIGN_OUT_ROUTE) reply.header('Set-Cookie', clearedSessionCookieHeader(secure));
    if (route === USER_DETAIL_ROUTE && reply.statusCode === 200) {
      const token = tokenFromHeader(request.headers.authorization);
      if (token && TOKEN.test(token) && sessionInCookie(request.headers.cookie) !== token)
        reply.header('Set-Cookie', sessionCookieHeader(token, secure));
    }
    return payload;
  });
}
