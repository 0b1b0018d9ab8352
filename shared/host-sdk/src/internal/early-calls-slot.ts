/**
 * Where the host page's early calls (`early-calls.ts`, a tiny script the host's HTML loads beside its bundles) leave
 * their answers, and where the API client (`api-client.ts`) takes them: the start-up's calls go out while the app's
 * scripts are still downloading, and the app's own call of the same path, with the same body and the same session,
 * gets that answer instead of asking again (docs/architecture.md, "One fast first load").
 *
 * An early call is a preload, not a second client: it only fetches. Whatever is done with the answer (the envelope,
 * the error catalogue, storing the token or the user) is done by the app's own call, as if the network had answered
 * it. An answer is taken once, and only within the start-up (ANSWER_FRESH_MS): a call made later asks the server.
 */

/** The prefix of every call: `POST /api/<module>/<action>`. */
export const API_BASE = '/api';

/** How long after it was sent an early answer may still stand for the app's call: the start-up, not the session. */
export const ANSWER_FRESH_MS = 15_000;

export interface EarlyAnswer {
  status: number;
  /** The answer's body, as text (the API client parses it as it parses any answer). */
  text: string;
}

export interface EarlyCall {
  /** The call's path without the prefix: `user/getOfficialAccountLoginUserInfo`. */
  path: string;
  /** The body as sent (JSON text). */
  body: string;
  /** The Authorization header sent, or null without a session. */
  authorization: string | null;
  /** When it was sent (performance.now()). */
  sentAt: number;
  /** Its answer, or null when none came (the app's call then asks the server itself). */
  answer: Promise<EarlyAnswer | null>;
  /** The answer the page carried for the call (the server's, as it wrote the page), there at once: a first render may draw it. */
  carried?: EarlyAnswer;
}

const SLOT = '__appEarlyCalls';

type WithSlot = typeof globalThis & { [SLOT]?: EarlyCall[] };

/** The early calls of this page load (an empty list where the page's HTML made none). */
export function earlyCalls(): EarlyCall[] {
  const scope = globalThis as WithSlot;
  scope[SLOT] ??= [];
  return scope[SLOT];
}

/** Whether `call` was made for a call of `path` with `body` and `authorization`. */
function madeFor(call: EarlyCall, path: string, body: string, authorization: string | null): boolean {
  return call.path === path && sameBody(call.body, body) && call.authorization === authorization;
}

/**
 * Calls that can be answered once only: the sign-in code's exchange uses the code up, so its early answer is the only
 * one there will be, however late the app asks (a slow phone's scripts can take longer than ANSWER_FRESH_MS).
 */
const ONE_TIME_CALLS: readonly string[] = ['auth/exchange'];

/**
 * Takes the early call that stands for a call of `path` with `body` and `authorization`, if one was sent and is
 * still fresh (a one-time call's at any age); an early call of that path that does not match (another body, another
 * session) is dropped, as is a stale one, so nothing is taken later by a call it was not made for.
 */
export function takeEarlyCall(path: string, body: string, authorization: string | null, now = performance.now()): EarlyCall | null {
  const calls = earlyCalls();
  const index = calls.findIndex((call) => call.path === path);
  if (index < 0) return null;
  const [call] = calls.splice(index, 1);
  const fresh = ONE_TIME_CALLS.includes(path) || (call !== undefined && now - call.sentAt <= ANSWER_FRESH_MS);
  return call && madeFor(call, path, body, authorization) && fresh ? call : null;
}

/**
 * The answer the page carries for that call, left where it is (a render may look). Of any age: it is what the page
 * was painted with, however long the app took to start; a call made later does not take it (ANSWER_FRESH_MS).
 */
export function carriedEarlyCall(path: string, body: string, authorization: string | null): (EarlyCall & { carried: EarlyAnswer }) | null {
  const call = earlyCalls().find((candidate) => candidate.path === path);
  return call?.carried && madeFor(call, path, body, authorization) ? (call as EarlyCall & { carried: EarlyAnswer }) : null;
}

/** Removes that very early call, once its answer has been used (a later call of the same asks the server). */
export function dropEarlyCall(call: EarlyCall): void {
  const calls = earlyCalls();
  const index = calls.indexOf(call);
  if (index >= 0) calls.splice(index, 1);
}

/** JSON text with every object's keys in order: two bodies that differ only in the order of their keys are one. */
function canonical(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), (_key, value: unknown) =>
      value && typeof value === 'object' && !Array.isArray(value)
        ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
        : value,
    );
  } catch {
    return text;
  }
}

export function sameBody(sent: string, asked: string): boolean {
  return sent === asked || canonical(sent) === canonical(asked);
}
