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
 * catalogue is installed. Then it renders the page in the host's page frame with the 演示环境 badge and the dialogs.
 *
 * The config call, the user call and the page's own first call (`start`) go out together, so the page costs one
 * round trip after its script (returning from a sign-in, the exchange of its code goes out with the config and the
 * page's call, and the user call once the exchange has answered; so does a page call that needs the session).
 */
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'jotai';
// A lean page has no early calls: its first calls need axios at once, so it is part of the page's own files (the API
// client's load of it then finds it there) instead of a file fetched after the script has run.
import './internal/axios-client';
import { PageBackContext } from '@app/ui/page';
import { setupUi } from '@app/ui/setup';
import type { ParamNames } from './define-paths';
import { DemoBadge } from './demo-badge';
import { DialogHost } from './dialog-host';
import { installErrorCatalogue } from './error-catalogue';
import { pageBack } from './page-back';
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
import { appHref } from './paths';
import type { RouteMeta } from './route-meta';
import { getToken, sessionStore } from './session';
import { loadServicesConfig } from './session-loader';
import { loadStartupConfig, saveStartUrl } from './startup';

/** The params of a route pattern, by name (`'/shop/:code'` → `{ code: string }`). */
export type PathParams<P extends string> = { [K in ParamNames<P>]: string };

export interface LeanPageOptions<P extends string, S> {
  /** The page's route meta, the one its remote's `routes.ts` routes it with (name, title, auth). */
  meta: RouteMeta;
  /** The remote that owns the page (the frame's `data-owner`, as in the host's layout). */
  owner: string;
  /** The page's route pattern (`appPaths.shop`); its params are read from the address. */
  path: P;
  /**
   * The page's own first call, started beside the start-up calls. It is started only when the page is likely to show
   * (a token is there or a sign-in code is being exchanged, or the page needs none) and must need nothing the start-up
   * decides; `render` gets what it
   * returned. A failure it does not handle itself reaches the error catalogue only once that is installed.
   */
  start?: (params: PathParams<P>) => S;
  /**
   * `start` needs the session (a call only a signed-in user may make, like the passenger's `taxiTrip/get`): returning
   * from a sign-in, it goes out once the code's exchange has answered, not beside it — sent before, it would carry no
   * token, be refused and say 登录已失效. Such a `start` returns a promise.
   */
  startNeedsSession?: boolean;
  /** The page, with its params and what `start` returned. */
  render: (params: PathParams<P>, started: S | undefined) => ReactNode;
}

/** How a lean page's start ended: shown, leaving for another address, or stopped (出错了 is shown). */
export type LeanPageOutcome = 'shown' | 'leaving' | 'stopped';

/** The params of `pattern` in `pathname` (a trailing slash allowed), or null when it does not match. */
export function paramsOf(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/');
  const have = (pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname).split('/');
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of want.entries()) {
    const value = have[index] ?? '';
    if (part.startsWith(':')) {
      if (!value) return null;
      try {
        params[part.slice(1)] = decodeURIComponent(value);
      } catch {
        params[part.slice(1)] = value;
      }
    } else if (part !== value) {
      return null;
    }
  }
  return params;
}

/** 返回 of a page opened cold: the app's page behind it only when a reload kept the router's entry, else leave. */
const leanBack = () => pageBack({ back: () => window.history.back(), goHome: () => window.location.replace(appHref('home')) });

/** The host's page frame (host/src/layout/AppLayout.tsx): the page with its name and owner, the badge, the dialogs. */
function LeanFrame({ meta, owner, children }: { meta: RouteMeta; owner: string; children: ReactNode }) {
  return (
    <PageBackContext value={leanBack}>
      <div className="app-layout">
        <div className="app-layout__page" data-page={meta.name} data-owner={owner}>
          {children}
        </div>
        <DemoBadge />
        <DialogHost />
      </div>
    </PageBackContext>
  );
}

/** The page's first call, now, or once the sign-in code's exchange has answered when it needs the session. */
function startPage<P extends string, S>(options: LeanPageOptions<P, S>, params: PathParams<P>, exchanging: boolean): S | undefined {
  const { start } = options;
  if (!start) return undefined;
  if (!exchanging || !options.startNeedsSession) return start(params);
  // A failed exchange shows no page (登录未完成, then signing in): the call is not made.
  return signInExchanged().then(() => (getToken() ? start(params) : Promise.reject(new Error('登录未完成')))) as S;
}

export async function renderLeanPage<const P extends string, S = undefined>(options: LeanPageOptions<P, S>): Promise<LeanPageOutcome> {
  const { meta, owner } = options;
  document.title = meta.title;
  takeSessionFromLocation();
  saveStartUrl();
  const path = `${window.location.pathname}${window.location.search}`;
  const params = (paramsOf(options.path, window.location.pathname) ?? {}) as PathParams<P>;

  // Everything that needs no more than the token goes out at once; the user, after a sign-in code's exchange.
  const configLoading = loadServicesConfig();
  const signedIn = getToken() !== null;
  const exchanging = signingIn();
  if (meta.auth && exchanging) {
    void signInExchanged().then(() => {
      if (getToken()) void preloadUser();
    });
  } else if (meta.auth && signedIn) {
    void preloadUser();
  }
  const started = signedIn || exchanging || !meta.auth ? startPage(options, params, exchanging) : undefined;
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

  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing');
  createRoot(container).render(
    <StrictMode>
      <Provider store={sessionStore}>
        <LeanFrame meta={meta} owner={owner}>
          {options.render(params, started)}
        </LeanFrame>
      </Provider>
    </StrictMode>,
  );
  return 'shown';
}
