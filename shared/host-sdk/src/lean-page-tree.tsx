/**
 * What a lean page is made of (docs/architecture.md, "Pages a phone opens cold"), apart from its start-up: its options,
 * the params of its address, and the tree it renders in the host's page frame. The page's script (`lean-page.tsx`)
 * and its server build (`lean-page-server.tsx`, "First screens from the server") render the same tree, so that the
 * script hydrates the first screen the server painted. Nothing here touches the browser as it is imported.
 */
import { StrictMode, type ReactNode, useEffect } from 'react';
import { Provider } from 'jotai';
import type { ApiPath, CallBody, CallResult } from '@app/contract/api';
import { PageBackContext } from '@app/ui/page';
import type { ParamNames } from './define-paths';
import { DemoBadge } from './demo-badge';
import { DialogHost } from './dialog-host';
import { pageBack } from './page-back';
import { appHref } from './paths';
import type { RouteMeta } from './route-meta';
import { sessionStore } from './session';

/** The params of a route pattern, by name (`'/shop/:code'` → `{ code: string }`). */
export type PathParams<P extends string> = { [K in ParamNames<P>]: string };

/** What a page renders its first screen with, besides its params and its started call. */
export interface LeanScreen<F extends ApiPath> {
  /** The result of the first screen's call that the server painted the page from (absent: it painted nothing). */
  painted?: CallResult<F>;
  /** The browser's User-Agent (the server's render gets it from the request). */
  userAgent: string;
}

export interface LeanPageOptions<P extends string, S, F extends ApiPath = never> {
  /** The page's route meta, the one its remote's `routes.ts` routes it with (name, title, auth). */
  meta: RouteMeta;
  /** The remote that owns the page (the frame's `data-owner`, as in the host's layout). */
  owner: string;
  /** The page's route pattern (`appPaths.shop`); its params are read from the address. */
  path: P;
  /**
   * The page's own first call, started beside the start-up calls. It is started only when the page is likely to show
   * (a token is there or a sign-in code is being exchanged, or the page needs none) and must need nothing the start-up
   * decides; `render` gets what it returned. A failure it does not handle itself reaches the error catalogue only
   * once that is installed.
   */
  start?: (params: PathParams<P>) => S;
  /**
   * `start` needs the session (a call only a signed-in user may make, like the passenger's `taxiTrip/get`): returning
   * from a sign-in, it goes out once the code's exchange has answered, not beside it — sent before, it would carry no
   * token, be refused and say 登录已失效. Such a `start` returns a promise.
   */
  startNeedsSession?: boolean;
  /**
   * The read-only call the first screen shows, which the server makes to paint it (with the page's server build): its
   * result reaches `render` as `painted`, and the page then renders what the server did. A public call is made
   * without a session; one that needs it (`startNeedsSession`) with the session the page's request brings back from
   * signing in or in its cookie, and the page is painted for that session alone.
   */
  firstScreen?: { path: F; body: (params: PathParams<P>) => CallBody<F> };
  /** The page, with its params, what `start` returned and what it is painted from. */
  render: (params: PathParams<P>, started: S | undefined, screen: LeanScreen<F>) => ReactNode;
}

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

/** The page in the host's page frame (host/src/layout/AppLayout.tsx): its name and owner, the badge, the dialogs. */
export function LeanPageTree({
  meta,
  owner,
  onShown,
  children,
}: {
  meta: RouteMeta;
  owner: string;
  /** Called once the tree's first render is committed (the page's script; the server's render commits nothing). */
  onShown?: () => void;
  children: ReactNode;
}) {
  return (
    <StrictMode>
      <Provider store={sessionStore}>
        <PageBackContext value={leanBack}>
          <div className="app-layout">
            <div className="app-layout__page" data-page={meta.name} data-owner={owner}>
              {children}
            </div>
            <DemoBadge />
            <DialogHost />
          </div>
          <Shown onShown={onShown} />
        </PageBackContext>
      </Provider>
    </StrictMode>
  );
}

/** Draws nothing: part of the tree on the server and in the browser alike, so both render the same tree. */
function Shown({ onShown }: { onShown?: () => void }) {
  useEffect(() => {
    onShown?.();
  }, [onShown]);
  return null;
}
