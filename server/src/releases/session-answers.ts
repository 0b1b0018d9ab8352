/**
 * The start-up's answers for the session the page's request carries (docs/architecture.md, "One fast first load"):
 * with the session cookie (auth/session-cookie.ts), the server asks its own API what the page's early calls would ask
 * first: the user's detail, the address's first calls, and by the session's rules a company's tax account, its
 * company-only first calls and a taxi company's cars. The answers go into the page tagged with the session, and the
 * page takes them instead of sending those calls: a returning user's first screen waits for no call.
 *
 * Only calls the contract marks read-only, with a body it accepts, as the phone would make them (the same handler,
 * access rules and address); only successes; all within SESSION_ANSWERS_LIMIT_MS, else left out (the page asks them).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PageAnswer, WrittenFirstCall } from '@app/contract/first-calls';
import type { UserDetail } from '@app/contract/user';
import { isTaxiUser, loadsCompanyData } from '@app/domain/session-data';
import { pageSessionTag } from '../auth/session-cookie';
import { CANARY_COOKIE } from './canary-cookie';
import { mayBeSentEarly } from './first-calls';
import { callInProcess, succeeded, successResult } from './in-process-call';

/** How long the page waits for them: a slow call is left to the phone, the page is not held up. */
export const SESSION_ANSWERS_LIMIT_MS = 300;

export const USER_DETAIL = 'user/getOfficialAccountLoginUserInfo';
const TAX_ACCOUNT = 'taxAccount/getTaxAccount';
const CARS = 'taxiCar/getMyCars';
/** The start-up's calls whose answers the session's atoms hold (`@app/host-sdk/session`) beside the user's detail. */
const SESSION_STATE_CALLS = new Set([TAX_ACCOUNT, CARS]);

export interface SessionAnswers {
  answers: PageAnswer[];
  /** The canary cookie as the user detail's answer keeps it current: the page sets it, as that call would have. */
  setCookies: string[];
  /** The cookie names no session (expired, revoked, signed out elsewhere): the page clears it. */
  stale: boolean;
  /**
   * The user's detail and each call of the session's state (`SESSION_STATE_CALLS`) asked were answered with success in
   * time. Only then may the server paint the page: the app asks one the page lacks before its first render, which
   * then draws it, so a screen painted without it is not the one the app hydrates (React throws the painted screen
   * away and draws it again). A page's first calls may be missing: both renders draw their placeholders without them.
   */
  complete: boolean;
}

const NONE: SessionAnswers = { answers: [], setCookies: [], stale: false, complete: false };

/**
 * `companyData`: a company user's start-up data (its tax account, a taxi company's cars) is asked too, as the host's
 * start-up loads it; a lean page loads none of it (default true).
 */
export async function sessionAnswers(
  app: FastifyInstance,
  request: FastifyRequest,
  token: string,
  firstCalls: WrittenFirstCall[],
  limitMs = SESSION_ANSWERS_LIMIT_MS,
  { companyData = true } = {},
): Promise<SessionAnswers> {
  const deadline = Date.now() + limitMs;
  const headers = { authorization: `Bearer ${token}`, 'user-agent': request.headers['user-agent'] ?? '' };
  const ask = (path: string, body: Record<string, unknown>) =>
    callInProcess(app, { path, body, headers, remoteAddress: request.ip }, deadline);
  const detail = await ask(USER_DETAIL, {});
  if (!detail) return NONE;
  if (detail.status === 401) return { ...NONE, stale: true };
  const user = successResult(detail) as UserDetail | null;
  if (!user) return NONE;
  const calls = firstCalls.filter((call) => !call.for).map(({ path, body }) => ({ path, body }));
  if (companyData && loadsCompanyData(user)) {
    calls.push({ path: TAX_ACCOUNT, body: {} });
    for (const call of firstCalls) if (call.for === 'companyUser') calls.push({ path: call.path, body: call.body });
    if (isTaxiUser(user)) calls.push({ path: CARS, body: {} });
  }
  const early = calls.filter((call) => mayBeSentEarly(call.path, call.body));
  const answered = await Promise.all(early.map(async (call) => ({ call, answer: await ask(call.path, call.body) })));
  const session = pageSessionTag(token);
  const answers: PageAnswer[] = [{ path: USER_DETAIL, body: {}, answer: detail.envelope, session }];
  for (const { call, answer } of answered) if (succeeded(answer)) answers.push({ ...call, answer: answer.envelope, session });
  const setCookies = detail.setCookies.filter((cookie) => cookie.startsWith(`${CANARY_COOKIE}=`));
  const complete = calls.every((call) => !SESSION_STATE_CALLS.has(call.path) || answers.some((answer) => answer.path === call.path));
  return { answers, setCookies, stale: false, complete };
}
