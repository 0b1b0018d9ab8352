/**
 * A tab's first screen for the server to paint (docs/architecture.md, "First screens from the server"): a remote's
 * first-screen build renders one of its tabs in the host's frame, from the start-up answers the page carries for the
 * session, as the app's first render draws it from the same answers, in the same frame (`app-frame.tsx`); the app
 * then hydrates it (host/src/bootstrap.tsx). Nothing here touches the browser as it is imported or rendered.
 */
import { type ComponentType, StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider, useAtomValue } from 'jotai';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, useLocation, useMatches, useOutlet } from 'react-router-dom';
import type { AnsweredCall, TabFirstScreenModule } from '@app/contract/first-screen';
import type { Car, ServicesConfig } from '@app/contract/service';
import type { TaxAccount } from '@app/contract/tax-account';
import type { UserDetail } from '@app/contract/user';
import { PageBackContext } from '@app/ui/page';
import { AppFrame } from './app-frame';
import { paintingFrom } from './internal/painted-answers';
import { isCompanyUser } from './roles';
import { isRouteHandle, type RouteHandle, type RouteMeta } from './route-meta';
import { carsAtom, servicesConfigAtom, sessionStore, taxAccountAtom, taxAccountFailedAtom, userDetailAtom } from './session';

export interface TabFirstScreen {
  /** The route's path and meta, as the remote's `routes.ts` routes the page. */
  path: string;
  meta: RouteMeta;
  /** The page's component, the default export of the route's module. */
  Page: ComponentType;
  /** Whether the page's first render for this user is its first screen (not a placeholder for a part still loading). */
  paints: (user: UserDetail) => boolean;
  /**
   * A page that takes input (a form) is painted inert: nothing can be typed into it before the app takes its place,
   * which would drop what was typed.
   */
  takesInput?: boolean;
}

/** The start-up's calls whose answers the session's atoms hold (`session-loader.ts`). */
const USER_DETAIL = 'user/getOfficialAccountLoginUserInfo';
const TAX_ACCOUNT = 'taxAccount/getTaxAccount';
const CARS = 'taxiCar/getMyCars';

const noBack = () => undefined;

/** The host's frame around the page, as its layout (host/src/layout/AppLayout.tsx) draws the first page of a load. */
function Frame({ inert }: { inert: boolean }) {
  // The tab bar is a company user's (AppLayout).
  const user = useAtomValue(userDetailAtom, { store: sessionStore });
  const { pathname, search } = useLocation();
  const outlet = useOutlet();
  const handle = useMatches()
    .map((match) => match.handle)
    .filter(isRouteHandle)
    .at(-1);
  const key = `${pathname}${search}`;
  return (
    <AppFrame
      firstPageEnd={null}
      pages={[{ key, element: outlet, handle }]}
      currentKey={key}
      firstKey={key}
      inertKey={inert ? key : null}
      tabBar={handle?.meta.tabBar && isCompanyUser(user) ? 'still' : 'none'}
    />
  );
}

export function tabFirstScreen(owner: string, screens: readonly TabFirstScreen[]): TabFirstScreenModule {
  return {
    async render({ pathname, answers, config }) {
      const screen = screens.find((candidate) => candidate.path === pathname);
      const answer = (path: string) => answers.find((call: AnsweredCall) => call.path === path);
      const user = answer(USER_DETAIL)?.result as UserDetail | undefined;
      // A service not open to everyone sends the user to services-close (page-guard): nothing to paint.
      const open = (config as ServicesConfig | null)?.systemServiceConfig.available === 'all';
      if (!screen || !user || !open || !screen.paints(user)) return null;

      const handle: RouteHandle = { meta: screen.meta, owner };
      const handler = createStaticHandler([
        { id: 'root', element: <Frame inert={!!screen.takesInput} />, children: [{ path: screen.path, Component: screen.Page, handle }] },
      ]);
      const context = await handler.query(new Request(new URL(pathname, 'http://first-screen.invalid')));
      if (context instanceof Response) return null;
      const router = createStaticRouter(handler.dataRoutes, context);
      // The session's atoms (and the answers a page reads: carried-result) are set and read in one synchronous stretch: no
      // other request's render runs in between.
      const account = answer(TAX_ACCOUNT);
      sessionStore.set(servicesConfigAtom, config as ServicesConfig);
      sessionStore.set(userDetailAtom, user);
      sessionStore.set(taxAccountAtom, account ? (account.result as TaxAccount | null) : undefined);
      sessionStore.set(taxAccountFailedAtom, false);
      sessionStore.set(carsAtom, (answer(CARS)?.result as Car[] | undefined) ?? []);
      try {
        return paintingFrom(answers, () =>
          renderToString(
            <StrictMode>
              <Provider store={sessionStore}>
                <PageBackContext value={noBack}>
                  <StaticRouterProvider router={router} context={context} hydrate={false} />
                </PageBackContext>
              </Provider>
            </StrictMode>,
          ),
        );
      } finally {
        // One user's data stays with that user's page only.
        sessionStore.set(userDetailAtom, null);
        sessionStore.set(taxAccountAtom, undefined);
        sessionStore.set(carsAtom, []);
      }
    },
  };
}
