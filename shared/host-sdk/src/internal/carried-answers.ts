/**
 * The answers a page carries (docs/architecture.md, "One fast first load"): what the server answered, as it wrote the
 * page, to calls the page's start-up makes first (`@app/contract/first-calls`, PAGE_ANSWERS_BLOCK_ID): the service
 * config, the sign-in code's exchange (made with the verifier's cookie), and, tagged with the session, the user's
 * detail and the page's first calls. They are put in the early-calls slot as the answers of those calls, for the app's
 * own calls to take. Read by the host page's early calls (`early-calls.ts`) and a lean page's start (`lean-start.ts`):
 * inline scripts, so nothing here may be large.
 */
import type { PAGE_ANSWERS_BLOCK_ID, PAGE_SESSION_TAG_PREFIX, PageAnswer } from '@app/contract/first-calls';
import { SIGN_IN_CODE_PARAMETER, SIGN_IN_VERIFIER_STORAGE_KEY, TOKEN_STORAGE_KEY } from '../storage-keys';
import { earlyCalls, type EarlyAnswer } from './early-calls-slot';

interface Envelope<T> {
  success?: boolean;
  result?: T;
}

/** The contract's names, checked by the compiler (the contract reaches a browser as types only). */
const PAGE_ANSWERS_BLOCK: typeof PAGE_ANSWERS_BLOCK_ID = 'page-answers';
const SESSION_TAG_PREFIX: typeof PAGE_SESSION_TAG_PREFIX = 'page-answers:';

/** The sign-in code the page's address carries, or null. */
export const signInCode = (): string | null => new URL(window.location.href).searchParams.get(SIGN_IN_CODE_PARAMETER);

/** The session token kept from before this page (as the session's storage atom keeps it: JSON), or null. */
export function storedToken(): string | null {
  try {
    const token: unknown = JSON.parse(localStorage.getItem(TOKEN_STORAGE_KEY) ?? 'null');
    return typeof token === 'string' && token ? token : null;
  } catch {
    return null;
  }
}

/** The answers the page carries (none where the server wrote none, or anything else). */
export function pageAnswers(): PageAnswer[] {
  try {
    const answers: unknown = JSON.parse(document.getElementById(PAGE_ANSWERS_BLOCK)?.textContent ?? '[]');
    if (!Array.isArray(answers)) return [];
    return answers.filter(
      (item): item is PageAnswer =>
        typeof item?.path === 'string' &&
        typeof item.body === 'object' &&
        item.body !== null &&
        typeof item.answer === 'object' &&
        item.answer !== null &&
        (item.session === undefined || typeof item.session === 'string'),
    );
  } catch {
    return [];
  }
}

/** The answer the page carries to a public call of `path` (the service config), everyone's alike. */
export const publicAnswer = (carried: PageAnswer[], path: string): PageAnswer | undefined =>
  carried.find((item) => item.session === undefined && item.path === path);

/** Takes an answer the page carries as the answer of the call, as if it had been sent now. */
export function answered(path: string, body: object, token: string | null, answer: unknown): Promise<EarlyAnswer> {
  const carried = { status: 200, text: JSON.stringify(answer) };
  const early = Promise.resolve(carried);
  earlyCalls().push({
    path,
    body: JSON.stringify(body),
    authorization: token ? `Bearer ${token}` : null,
    sentAt: performance.now(),
    answer: early,
    carried,
  });
  return early;
}

/** The result of a successful answer, or null (a refusal, no answer, not JSON). */
export function resultOf<T>(answer: EarlyAnswer | null): T | null {
  if (answer?.status !== 200) return null;
  try {
    const envelope = JSON.parse(answer.text) as Envelope<T>;
    return envelope.success ? (envelope.result ?? null) : null;
  } catch {
    return null;
  }
}

/** The token of an exchange's answer, or null where it was refused. */
export function exchangedToken(answer: EarlyAnswer | null): string | null {
  const exchanged = resultOf<{ token?: unknown }>(answer);
  return typeof exchanged?.token === 'string' && exchanged.token ? exchanged.token : null;
}

/** The exchange's body for `code` with the verifier this browser kept, or null without one. */
export function exchangeBody(code: string): { code: string; verifier: string } | null {
  const verifier = localStorage.getItem(SIGN_IN_VERIFIER_STORAGE_KEY);
  return verifier ? { code, verifier } : null;
}

/** The exchange the page carries for that very body (the server made it as it wrote the page), if any. */
export function carriedExchange(carried: PageAnswer[], body: { code: string; verifier: string }): PageAnswer | undefined {
  const made = publicAnswer(carried, 'auth/exchange');
  return made && JSON.stringify(made.body) === JSON.stringify(body) ? made : undefined;
}

/** The session's tag as the server writes it (SHA-256, hex), or null where this browser cannot hash. */
export async function sessionTag(token: string): Promise<string | null> {
  try {
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${SESSION_TAG_PREFIX}${token}`));
    return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
  } catch {
    return null;
  }
}

/** The answers the server gave for this very session as it wrote the page (its cookie's): none for another session. */
export async function answersOfSession(token: string, answers: PageAnswer[]): Promise<PageAnswer[]> {
  const tagged = answers.filter((item) => item.session !== undefined);
  if (!tagged.length) return [];
  const tag = await sessionTag(token);
  return tag ? tagged.filter((item) => item.session === tag) : [];
}

/**
 * Takes every answer the page carries as the answer of its call (a lean page's start: it sends nothing itself, and
 * the page's start-up asks whatever is not there): the config, the exchange made for this browser's verifier, then
 * what was answered for the session that leaves (the exchanged one, or the one kept). An exchange made for another
 * verifier, or none where the address has a code, takes nothing of the session's.
 */
export async function takeCarriedAnswers(): Promise<void> {
  const carried = pageAnswers();
  if (!carried.length) return;
  const before = storedToken();
  const config = publicAnswer(carried, 'sysConfig/get');
  if (config) answered(config.path, config.body, before, config.answer);
  const code = signInCode();
  let token = before;
  if (code) {
    const body = exchangeBody(code);
    const made = body && carriedExchange(carried, body);
    if (!body || !made) return;
    token = exchangedToken(await answered(made.path, body, before, made.answer));
  }
  if (!token) return;
  for (const item of await answersOfSession(token, carried)) answered(item.path, item.body, token, item.answer);
}
