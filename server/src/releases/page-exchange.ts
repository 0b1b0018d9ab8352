/**
 * The sign-in's exchange made by the page it returns to (docs/architecture.md, "First screens from the server"): a
 * sign-in comes back to `<address>?signin=<code>`, and while it is under way the browser keeps its verifier in a cookie
 * too (`@app/contract/first-calls`, SIGN_IN_VERIFIER_COOKIE). With both, the server makes the exchange the page's early
 * calls would make (the same call, in process: its access rules, rate limit and one-time use), so that it writes the
 * page for the new session (its start-up answers, its first screen painted) rather than for nobody. The exchange's
 * answer goes into the page for the early calls to take, as the network's; the cookies it sets (the session's, the
 * canary's) are set by the page, and the verifier's cookie is cleared. A code that is not this browser's (its
 * verifier does not hash to the code's challenge) is refused here as there, and uses nothing up: the early calls then
 * ask as ever.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type PageAnswer, SIGN_IN_VERIFIER_COOKIE } from '@app/contract/first-calls';
import { SIGN_IN_CODE_PATTERN, VERIFIER_PATTERN } from '../auth/sign-in-codes';
import { cookieValues } from '../http/cookie-values';
import { callInProcess, successResult } from './in-process-call';

const CODE = new RegExp(SIGN_IN_CODE_PATTERN);
const VERIFIER = new RegExp(VERIFIER_PATTERN);

export interface PageExchange {
  /** The new session's token. */
  token: string;
  /** The exchange's answer, for the page to carry (no session tag: it is this code's and verifier's). */
  answer: PageAnswer;
}

/** A page written with a user's answers in it, or a session's token: that user's alone, no cache keeps it. */
export const SESSION_PAGE_CACHE = 'private, no-store';

/**
 * Whether an address's query leaves the first screen painted for a session as the page shows it: none, or only the
 * time stamp the sign-in puts on its way back (`t`, `@app/host-sdk/authorize`) and, where the page made the exchange,
 * its code. Any other is left to the page (a sign-in code the page did not exchange changes the session).
 */
export function paintableQuery(url: string, exchanged: boolean): boolean {
  const query = url.indexOf('?');
  if (query < 0) return true;
  return [...new URLSearchParams(url.slice(query + 1)).keys()].every((name) => name === 't' || (exchanged && name === 'signin'));
}

/** The code in the address a sign-in returned to, or null. */
function signInCodeOf(url: string): string | null {
  const query = url.indexOf('?');
  return query < 0 ? null : new URLSearchParams(url.slice(query + 1)).get('signin');
}

/** Makes the exchange for the page, or null where the request cannot (no code, no verifier) or it was refused. */
export async function exchangeForPage(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<PageExchange | null> {
  const code = signInCodeOf(request.url);
  const verifier = cookieValues(request.headers.cookie, SIGN_IN_VERIFIER_COOKIE).find((value) => VERIFIER.test(value));
  if (!code || !CODE.test(code) || !verifier) return null;
  const body = { code, verifier };
  const answer = await callInProcess(app, {
    path: 'auth/exchange',
    body,
    headers: { 'user-agent': request.headers['user-agent'] ?? '' },
    remoteAddress: request.ip,
  });
  const token = (successResult(answer) as { token?: unknown } | null)?.token;
  if (!answer || typeof token !== 'string' || !token) return null;
  for (const cookie of answer.setCookies) reply.header('Set-Cookie', cookie);
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header('Set-Cookie', `${SIGN_IN_VERIFIER_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`);
  return { token, answer: { path: 'auth/exchange', body, answer: answer.envelope } };
}
