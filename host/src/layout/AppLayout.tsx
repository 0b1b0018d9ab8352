/** The frame around every page: the current page fading in, and the tab bar when the page's meta asks for it. */
import { Outlet, useLocation } from 'react-router-dom';
import { AppTabBar } from './AppTabBar';
import { useRouteMeta } from '@app/host-sdk/router';
import './app-layout.css';

export function AppLayout() {
  const location = useLocation();
  const meta = useRouteMeta();
  return (
    <div className="app-layout">
      <div key={location.pathname} className="app-layout__page" data-page={meta?.name}>
        <Outlet />
      </div>
      {meta?.tabBar ? <AppTabBar /> : null}
    </div>
  );
}
