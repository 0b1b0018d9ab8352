/** The frame around every page: the current page fading in, and the tab bar when the page's meta asks for it. */
import { Outlet, useLocation, useMatches } from 'react-router-dom';
import { href } from '@app/host-sdk/paths';
import { isRouteHandle } from '@app/host-sdk/route-meta';
import { AppTabBar, TABS } from './AppTabBar';
import './app-layout.css';

const TAB_PATHS = new Set(TABS.map((tab) => href(tab.route)));

export function AppLayout() {
  const location = useLocation();
  const handle = useMatches()
    .map((match) => match.handle)
    .filter(isRouteHandle)
    .at(-1);
  // A tab's own path keeps the tab bar even when its remote is unavailable, so the user can switch tabs.
  const showTabBar = handle?.meta.tabBar || TAB_PATHS.has(location.pathname);
  return (
    <div className="app-layout">
      <div key={location.pathname} className="app-layout__page" data-page={handle?.meta.name} data-owner={handle?.owner}>
        <Outlet />
      </div>
      {showTabBar ? <AppTabBar /> : null}
    </div>
  );
}
