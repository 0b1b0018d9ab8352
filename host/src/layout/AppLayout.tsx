/**
 * The frame around every page (`@app/host-sdk/app-frame`): the visited pages (kept alive, the current one fading in),
 * the tab bar, the open dialog, and the 演示环境 badge when sign-in is the demo provider. The first page of a load does
 * not fade in: it replaces the HTML's shell at once, or hydrates the screen the server painted (a fade from nothing
 * would hide the first screen for its length, and browsers do not count content under opacity 0 as shown).
 */
import { useCallback, useEffect, useLayoutEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useLocation, useMatches, useNavigate, useOutlet } from 'react-router-dom';
import { AppFrame } from '@app/host-sdk/app-frame';
import { TABS } from '@app/host-sdk/app-tab-bar';
import { pageBack } from '@app/host-sdk/page-back';
import { appHref } from '@app/host-sdk/paths';
import { isCompanyUser } from '@app/host-sdk/roles';
import { isRouteHandle } from '@app/host-sdk/route-meta';
import { userDetailAtom } from '@app/host-sdk/session';
import { resetTabBar, tabBarOverrideAtom } from '@app/host-sdk/tab-bar';
import { PageBackContext } from '@app/ui/page';
import { pageKey, usePageCache } from './page-cache';
import { PaintedScreenHandover, paintedRoot, paintedScreenIsInert } from './painted-screen';
import './app-layout.css';

const TAB_PATHS = new Set(TABS.map((tab) => appHref(tab.route)));
/** Pages opened by the J4Project partner show no tab bar (docs/product.md, "Screens and the host"). */
const PROJECT_MARKER = 'J4Project';

export function AppLayout() {
  const location = useLocation();
  const outlet = useOutlet();
  const handle = useMatches()
    .map((match) => match.handle)
    .filter(isRouteHandle)
    .at(-1);
  const key = pageKey(location);
  const pages = usePageCache({ key, element: outlet, handle });
  // The page the load opened on, until the user goes elsewhere: from then on it fades in like any other.
  const [firstKey, setFirstKey] = useState<string | null>(key);
  const [paintedStart] = useState(() => paintedRoot() !== null);
  // A painted form stays inert until hydrated (the first render draws what the server did), then takes input.
  const [inertKey, setInertKey] = useState<string | null>(() => (paintedScreenIsInert() ? key : null));
  useEffect(() => {
    if (key !== firstKey) setFirstKey(null);
  }, [key, firstKey]);
  const taken = useCallback(() => setInertKey(null), []);
  const user = useAtomValue(userDetailAtom);
  const override = useAtomValue(tabBarOverrideAtom);
  const navigate = useNavigate();
  const back = useCallback(
    () => pageBack({ back: () => void navigate(-1), goHome: () => void navigate(appHref('home'), { replace: true }) }),
    [navigate],
  );

  // A layout effect, so the reset lands in the same commit as the new page: before the page's own effects (which may
  // hide the tab bar again) and before anything can observe the new page with the old override.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key`: each new page starts from the tab bar its route says.
  useLayoutEffect(() => resetTabBar(), [key]);

  // A tab's own path keeps the tab bar even when its remote is unavailable, so the user can switch tabs.
  const wantsTabBar = override === 'show' || (override !== 'hide' && (handle?.meta.tabBar || TAB_PATHS.has(location.pathname)));
  const showTabBar = wantsTabBar && isCompanyUser(user) && !window.location.href.includes(PROJECT_MARKER);

  return (
    <PageBackContext value={back}>
      <AppFrame
        firstPageEnd={<PaintedScreenHandover onTaken={taken} />}
        pages={pages}
        currentKey={key}
        firstKey={firstKey}
        inertKey={inertKey}
        tabBar={showTabBar ? (paintedStart && key === firstKey ? 'still' : 'shown') : 'none'}
      />
    </PageBackContext>
  );
}
