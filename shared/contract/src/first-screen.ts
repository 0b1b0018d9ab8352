/**
 * A lean page's first screen painted by the server (docs/architecture.md, "First screens from the server"): the page's
 * remote builds, beside the page's bundle, a server build of the same page (`server` of a lean page in
 * `@app/build-config`), listed in the release's `lean-pages.json`. The server loads the one of the version the browser
 * gets, makes the call the first screen shows, and writes the HTML it renders into the page's root, with the call and
 * its result in a JSON block, so that the page's script hydrates what is there instead of drawing it again.
 */

/** The id of the JSON block that carries the call the first screen was painted from, and its result. */
export const FIRST_SCREEN_BLOCK_ID = 'first-screen';

/**
 * The attribute the server sets on the page's root when it painted the first screen in it (a lean page's, a tab's);
 * the page's script removes it once it has hydrated that screen.
 */
export const FIRST_SCREEN_ATTRIBUTE = 'data-first-screen';

/** The call a first screen shows: a path of the contract and its body. */
export interface FirstScreenCall {
  path: string;
  body: Record<string, unknown>;
}

/** A lean page's first-screen call: `session` when it needs the signed-in user's session (the passenger's trip). */
export interface LeanFirstScreenCall extends FirstScreenCall {
  session?: boolean;
}

/**
 * The JSON block: the call and the `result` of its answer; `session`, for a call made with the session, is that
 * session's tag (`@app/contract/first-calls`, PAGE_SESSION_TAG_PREFIX): the page's script takes the result only when
 * the session it holds is that one.
 */
export interface PaintedFirstScreen extends FirstScreenCall {
  result: unknown;
  session?: string;
}

/** What the server gives a first screen's render besides the address. */
export interface FirstScreenInput {
  /** The address (path only). */
  pathname: string;
  /** The result of the first screen's call, as the API answered it. */
  result: unknown;
  /** The service config's result (`sysConfig/get`), as the page's start-up will load it. */
  config: unknown;
  /** The browser's User-Agent: a page may show WeChat's or Alipay's way of paying. */
  userAgent: string;
}

/** What a lean page's server build exports. */
export interface LeanFirstScreenModule {
  /** The call the first screen shows at this address, or null when it paints nothing there. */
  firstCall(pathname: string): LeanFirstScreenCall | null;
  /** The first screen's HTML, as the page's script renders it on hydrating. */
  render(input: FirstScreenInput): string;
}

/** Where a remote's first-screen build and its CSS are, relative to its release folder. */
export const FIRST_SCREEN_FILES = { module: 'first-screen/index.js', css: 'first-screen/index.css' } as const;

/** A start-up call the page carries the answer of, as a tab's first screen is painted from it. */
export interface AnsweredCall extends FirstScreenCall {
  result: unknown;
}

/** What the server gives a tab's first screen: the address, the session's start-up answers, the config, the browser. */
export interface TabFirstScreenInput {
  pathname: string;
  /** The successful answers the page carries for the session (the user's detail first, then what the start-up loads). */
  answers: AnsweredCall[];
  /** The service config's result (`sysConfig/get`). */
  config: unknown;
  userAgent: string;
}

/**
 * What a remote's first-screen build exports (`firstScreen` of its build config): the first screen of one of its tabs,
 * as the app's first render draws it from the same answers, or null where it paints nothing (another address, a user
 * whose screen it does not draw).
 */
export interface TabFirstScreenModule {
  render(input: TabFirstScreenInput): Promise<string | null>;
}

/**
 * The attribute of what a painted page holds back until its screen is on the screen (docs/architecture.md, "First
 * screens from the server"): the app's entry, written inert (`<script type="text/plain" data-after-paint src>`), and
 * each preload of the app's files (`<link data-after-paint="preload" …>`, the attribute holding the `rel`). The page's
 * early script then starts them (`@app/host-sdk`'s `internal/start-after-paint.ts`): the app's start-up neither runs
 * nor downloads before that first paint.
 */
export const AFTER_PAINT_ATTRIBUTE = 'data-after-paint';

/**
 * The attribute that marks a lean page's inline start (`@app/host-sdk/lean-start`) in its HTML: the answers the server
 * writes into a page painted for a session go before it, which takes them.
 */
export const LEAN_START_ATTRIBUTE = 'data-lean-start';
