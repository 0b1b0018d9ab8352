/**
 * A lean page: one page of a remote that a phone opens cold (docs/architecture.md, "Pages a phone opens cold"),
 * built by its remote as a bundle of its own (`leanPages` of `defineRemoteConfig` in @app/build-config) and served by
 * the server at that page's address in place of the host. No router and no Module Federation runtime: the bundle
 * carries its own React, the @app/ui components and the modules of this package it uses. It never runs beside the
 * host, and a link out of it (`location.assign`) loads the host.
 *
 * `renderLeanPage` runs for its one page what the host runs at start-up and in its route guard, with the same code
 * (`startup`, `page-guard`, `error-catalogue`, `authorize`): what the address carries for the session is taken out of it
 * at once (a sign-in code is exchanged for the session, a token dropped, the `_test_` flag kept) and the start address
 * is saved; the service config loads (出错了 on failure, a reload for a newer front version), and a failed sign-in
 * handover says 登录未完成; a closed service goes to the host's services-close page; a signed-out visitor goes to sign in (or is told to open the page in
 * WeChat or Alipay, then the login page); the user loads (登录信息失效 on failure, the agreement gate); the error
 * catalogue is installed. Then it renders the page in the host's page frame with the 演示环境 badge and the dialogs, or
 * hydrates the first screen the server painted there (`lean-page-server.tsx`).
 *
 * The config call, the user call and the page's own first call (`start`) go out together, so the page costs one
 * round trip after its script (returning from a sign-in, the exchange of its code goes out with the config and the
 * page's call, and the user call once the exchange has answered; so does a page call that needs the session).
 */
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
// A lean page has no early calls: its first calls need axios at once, so it is part of the page's own files (the API
// client's load of it then finds it there) instead of a file fetched after the script has run.
import './internal/axios-client';
import type { ApiPath } from '@app/contract/api';
import type { FIRST_SCREEN_ATTRIBUTE, FIRST_SCREEN_BLOCK_ID, PaintedFirstScreen } from '@app/contract/first-screen';
import { setupUi } from '@app/ui/setup';
import { installErrorCatalogue } from './error-catalogue';
import { LeanPageTree, paramsOf, type LeanPageOptions, type LeanScreen, type PathParams } from './lean-page-tree';
import {
  ensureUser,
  isServiceClosed,
  preloadUser,
  servicesCloseHref,
  settleSignIn,
  signedOutStep,
  signingIn,
  signInExchanged,
  takeSessionFromLocation,
} from './page-guard';
import { sessionTag } from './internal/carried-answers';
import { dropPaintedTaps, takeOverPaintedTaps } from './painted-taps';
import { getToken } from './session';
import { loadServicesConfig } from './session-loader';
import { loadStartupConfig, saveStartUrl } from './startup';

/** The contract's names, checked by the compiler (the contract reaches a browser as types only). */
const PAINTED: typeof FIRST_SCREEN_ATTRIBUTE = 'data-first-screen';
const PAINTED_BLOCK: typeof FIRST_SCREEN_BLOCK_ID = 'first-screen';

/** How a lean page's start ended: shown, leaving for another address, or stopped (出错了 is shown). */
export type LeanPageOutcome = 'shown' | 'leaving' | 'stopped';

/**
 * What the server painted the first screen from (docs/architecture.md, "First screens from the server"): the result of
 * the page's own first-screen call for these params, when the root holds the server's paint of it; else nothing. One
 * painted for a session (its call needs one) is taken only by that session, once a sign-in code's exchange has ended:
 * under another, or none, the page draws its own.
 */
async function paintedResult<P extends string, S, F extends ApiPath>(
  options: LeanPageOptions<P, S, F>,
  params: PathParams<P>,
  container: HTMLElement,
): Promise<LeanScreen<F>['painted']> {
  if (!options.firstScreen || !container.hasAttribute(PAINTED)) return undefined;
  let block: PaintedFirstScreen | null;
  try {
    block = JSON.parse(document.getElementById(PAINTED_BLOCK)?.textContent ?? 'null') as PaintedFirstScreen | null;
  } catch {
    return undefined;
  }
  const body = JSON.stringify(options.firstScreen.body(params));
  if (block?.path !== options.firstScreen.path || JSON.stringify(block.body) !== body) return undefined;
  if (block.session !== undefined) {
    await signInExchanged();
    const token = getToken();
    if (!token || (await sessionTag(token)) !== block.session) return undefined;
  }
  return block.result as LeanScreen<F>['painted'];
}

/** The page's first call, now, or once the sign-in code's exchange has answered when it needs the session. */
function startPage<P extends string, S, F extends ApiPath>(
  options: LeanPageOptions<P, S, F>,
  params: PathParams<P>,
  exchanging: boolean,
): S | undefined {
  const { start } = options;
  if (!start) return undefined;
  if (!exchanging || !options.startNeedsSession) return start(params);
  // A failed exchange shows no page (登录未完成, then signing in): the call is not made.
  return signInExchanged().then(() => (getToken() ? start(params) : Promise.reject(new Error('登录未完成')))) as S;
}

export async function renderLeanPage<const P extends string, S = undefined, F extends ApiPath = never>(
  options: LeanPageOptions<P, S, F>,
): Promise<LeanPageOutcome> {
  const { meta, owner } = options;
  document.title = meta.title;
  takeSessionFromLocation();
  saveStartUrl();
  const path = `${window.location.pathname}${window.location.search}`;
  const params = (paramsOf(options.path, window.location.pathname) ?? {}) as PathParams<P>;
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing');
  // Everything that needs no more than the token goes out at once; the user, after a sign-in code's exchange.
  const configLoading = loadServicesConfig();
  const exchanging = signingIn();
  // A first screen the server painted is hydrated: the same tree, from the same result, takes over what is there, and
  // the page's own first call is not made again.
  const painted = await paintedResult(options, params, container);
  const signedIn = getToken() !== null;
  if (meta.auth && exchanging) {
    void signInExchanged().then(() => {
      if (getToken()) void preloadUser();
    });
  } else if (meta.auth && signedIn) {
    void preloadUser();
  }
  const started = painted === undefined && (signedIn || exchanging || !meta.auth) ? startPage(options, params, exchanging) : undefined;
  // `render` hands it to the page; a page that is never shown leaves its failure unhandled no more.
  if (started instanceof Promise) started.catch(() => undefined);

  setupUi();
  const config = await loadStartupConfig(configLoading);
  if (!config) return 'stopped';
  await settleSignIn();
  if (isServiceClosed()) {
    window.location.replace(servicesCloseHref(path));
    return 'leaving';
  }
  installErrorCatalogue({ navigate: (to) => window.location.assign(to) });
  if (meta.auth) {
    if (!getToken()) {
      const step = signedOutStep(path, config.demo);
      if (step.kind === 'authorize') return 'leaving';
      await step.told;
      window.location.replace(step.loginHref);
      return 'leaving';
    }
    await ensureUser();
  }

  // Taps made on the painted screen are made again once the page has hydrated it, those made meanwhile behind them
  // (`painted-taps`), and the root's mark goes; a page that draws its own screen drops them.
  let shown: (() => void) | undefined;
  if (painted === undefined) dropPaintedTaps();
  else {
    const replayTaps = takeOverPaintedTaps(container);
    shown = () => {
      container.removeAttribute(PAINTED);
      void replayTaps();
    };
  }
  const page = (
    <LeanPageTree meta={meta} owner={owner} onShown={shown}>
      {options.render(params, started, { painted, userAgent: navigator.userAgent })}
    </LeanPageTree>
  );
  if (painted === undefined) createRoot(container).render(page);
  // As a transition, hydration yields to the browser every few milliseconds instead of holding it in one long task.
  else startTransition(() => void hydrateRoot(container, page));
  return 'shown';
}
