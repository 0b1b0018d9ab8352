/**
 * A lean page's first screen painted by the server (docs/architecture.md, "First screens from the server"): the page's
 * remote builds, beside the page's bundle, a server build of the same page (`server` of a lean page in
 * `@app/build-config`), listed in the release's `lean-pages.json`. The server loads the one of the version the browser
 * gets, makes the call the first screen shows, and writes the HTML it renders into the page's root, with the call and
 * its result in a JSON block, so that the page's script hydrates what is there instead of drawing it again.
 */

/** The id of the JSON block that carries the call the first screen was painted from, and its result. */
export const FIRST_SCREEN_BLOCK_ID = 'first-screen';

/** The attribute the server sets on the page's root when it painted the first screen in it. */
export const FIRST_SCREEN_ATTRIBUTE = 'data-first-screen';

/** The call a first screen shows: a path of the contract and its body. */
export interface FirstScreenCall {
  path: string;
  body: Record<string, unknown>;
}

/** The JSON block: the call and the `result` of its answer. */
export interface PaintedFirstScreen extends FirstScreenCall {
  result: unknown;
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
  firstCall(pathname: string): FirstScreenCall | null;
  /** The first screen's HTML, as the page's script renders it on hydrating. */
  render(input: FirstScreenInput): string;
}
