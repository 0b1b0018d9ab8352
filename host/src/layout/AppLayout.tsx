/**
 * The frame around every page: the visited pages (kept alive, the current one fading in), the tab bar, the open
 * dialog, and the 演示环境 badge when sign-in is the demo provider. The first page of a load does not fade in: it
 * replaces the HTML's shell at once, as a page the server drew would (a fade from nothing would hide the first screen
 * for its length, and browsers do not count content under opacity 0 as shown).
 */
import { Activity, useCallback, useEffect, useLayoutEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useLocation, useMatches, useNavigate, useOutlet } from 'react-router-dom';
import { AppTabBar, TABS } from '@app/host-sdk/app-tab-bar';
import { DemoBadge } from '@app/host-sdk/demo-badge';
import { DialogHost } from '@app/host-sdk/dialog-host';
import { pageBack } from '@app/host-sdk/page-back';
import { appHref } from '@app/host-sdk/paths';
import { isCompanyUser } from '@app/host-sdk/roles';
import { isRouteHandle } from '@app/host-sdk/route-meta';
import { userDetailAtom } from '@app/host-sdk/session';
import { resetTabBar, tabBarOverrideAtom } from '@app/host-sdk/tab-bar';
import { PageBackContext } from '@app/ui/page';
import { pageKey, usePageCache } from './page-cache';
import { hasPaintedScreen, PaintedScreenHandover } from './painted-screen';
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
  const [paintedStart] = useState(hasPaintedScreen);
  useEffect(() => {
    if (key !== firstKey) setFirstKey(null);
  }, [key, firstKey]);
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
      <div className="app-layout">
        <PaintedScreenHandover />
        {pages.map((page) => (
          <Activity key={page.key} mode={page.key === key ? 'visible' : 'hidden'}>
            <div
              className={page.key === firstKey ? 'app-layout__page app-layout__page--first' : 'app-layout__page'}
              data-page={page.handle?.meta.name}
              data-owner={page.handle?.owner}
            >
              {page.element}
            </div>
          </Activity>
        ))}
        {showTabBar ? <AppTabBar still={paintedStart && key === firstKey} /> : null}
        <DemoBadge />
        <DialogHost />
      </div>
    </PageBackContext>
  );
}
