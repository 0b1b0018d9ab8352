/**
 * A page's first calls (docs/architecture.md, "One fast first load"): the calls a page makes as soon as it shows,
 * declared by the app that owns the page, so that the host page's early calls can send them beside the user's detail,
 * while the app's scripts still download. The app's build writes them into its release (FIRST_CALLS_FILE); the server
 * writes the ones of the requested address into the host's page (FIRST_CALLS_BLOCK_ID), only calls that read
 * (`readOnly` in the contract) and whose body the contract accepts; the page's own call takes the early answer when
 * its path, body and session are the same, and asks the server itself otherwise.
 */
import type { ApiPath, CallBody } from './api';

/** The release's file of first calls, at its root. */
export const FIRST_CALLS_FILE = 'first-calls.json';

/** The id of the JSON block in the host's page that holds the address's first calls. */
export const FIRST_CALLS_BLOCK_ID = 'first-calls';

/**
 * Values of a body that the server fills in when it writes the page, for what a page asks of "now": the month and
 * the day in China's time (YYYY-MM, YYYY-MM-DD), as `@app/domain/china-time` gives them to the page.
 */
export const FIRST_CALL_PLACEHOLDERS = { chinaMonth: '$chinaMonth', chinaDay: '$chinaDay' } as const;
export type FirstCallPlaceholder = (typeof FIRST_CALL_PLACEHOLDERS)[keyof typeof FIRST_CALL_PLACEHOLDERS];

type WithPlaceholders<T> = {
  [K in keyof T]: T[K] extends string ? T[K] | FirstCallPlaceholder : T[K] extends string | undefined ? T[K] | FirstCallPlaceholder : T[K];
};

/**
 * Who a first call is for: `companyUser` sends it only once the user's detail shows a user of a company (as the
 * start-up's tax account is): a page that shows something else to anyone else asks nothing of the server for them.
 */
export const FIRST_CALL_AUDIENCES = ['companyUser'] as const;
export type FirstCallAudience = (typeof FIRST_CALL_AUDIENCES)[number];

/**
 * One first call: a path of the contract and its body (a string field may hold a placeholder), for every user who
 * opens the page or only for `for`.
 */
export type FirstCall = { [P in ApiPath]: { path: P; body: WithPlaceholders<CallBody<P>>; for?: FirstCallAudience } }[ApiPath];

/** An app's first calls by route pattern (`/invoice/list`, `/ticket/:id`: a `:param` is one segment). */
export type FirstCalls = Record<string, FirstCall[]>;

/** The first calls as the server writes them into the page: placeholders filled in. */
export interface WrittenFirstCall {
  path: string;
  body: Record<string, unknown>;
  for?: FirstCallAudience;
}

/**
 * The id of the JSON block in the host's page that holds the answers the server gave, as it wrote the page, to the
 * public calls every start-up makes first and that answer everyone alike (the service config): the page's early calls
 * take them as the network's answers instead of sending those calls.
 */
export const PAGE_ANSWERS_BLOCK_ID = 'page-answers';

/** One answer the page carries: the call (path and body) and the envelope the API answered it with. */
export interface PageAnswer {
  path: string;
  body: Record<string, unknown>;
  answer: unknown;
  /**
   * For an answer given with the session the page's request carried (its cookie, SESSION_PAGE_COOKIE): the session's
   * tag (PAGE_SESSION_TAG_PREFIX), so that the page takes it only where the token it keeps is that session's.
   */
  session?: string;
}

/**
 * The cookie that carries the session to the page's own request, set by the sign-in's exchange and cleared on sign-out:
 * the server answers the start-up's calls with it as it writes the page. No API call reads it (they take the
 * Authorization header only), so a request another site makes the browser send carries no session.
 */
export const SESSION_PAGE_COOKIE = 'yst_session';

/**
 * The sign-in's verifier, kept by the browser in this cookie too (besides localStorage) while a sign-in is under way
 * (SIGN_IN_VERIFIER_COOKIE_SECONDS at most): the page a sign-in returns to (`?signin=`) then comes with it, so the
 * server can make the exchange as it writes that page and write it for the new session, its first screen painted.
 * Set by the browser (not HttpOnly), SameSite=Lax (a top-level return from the provider's page carries it), and
 * cleared by whichever exchange uses the verifier up.
 */
export const SIGN_IN_VERIFIER_COOKIE = 'yst_signin_verifier';
export const SIGN_IN_VERIFIER_COOKIE_SECONDS = 600;

/**
 * A session's tag in the page: the SHA-256 (hex) of this prefix and the token. The page compares it with its own
 * token's; it names the session without being the token or the hash the database keeps.
 */
export const PAGE_SESSION_TAG_PREFIX = 'page-answers:';
