/**
 * The four tabs of docs/product.md, "Screens and the host": 开票, 票夹, 收支, 我的. The host's layout draws it, and a
 * tab's first screen painted by the server draws the same (docs/architecture.md, "First screens from the server").
 */
import { useState } from 'react';
import { TabBar } from '@app/ui/tab-bar';
import './app-tab-bar.css';
import { useLocation, useNavigate } from 'react-router-dom';
import { appHref, type StaticAppPathName } from './paths';
import { TabIcon, type TabIconName } from './tab-icon';

interface Tab {
  route: StaticAppPathName;
  title: string;
  icon: TabIconName;
}

export const TABS: readonly Tab[] = [
  { route: 'home', title: '开票', icon: 'invoice' },
  { route: 'ticketIndex', title: '票夹', icon: 'ticket' },
  { route: 'paymentList', title: '收支', icon: 'payment' },
  { route: 'my', title: '我的', icon: 'my' },
];

/** `still`: drawn in place of the same bar the server painted, so it does not slide up a second time. */
export function AppTabBar({ still = false }: { still?: boolean }) {
  // As mounted: a bar that was still does not slide up later (an animation starts when its name is set).
  const [stillAtMount] = useState(still);
  const location = useLocation();
  const navigate = useNavigate();
  const active = TABS.find((tab) => appHref(tab.route) === location.pathname)?.route;
  return (
    <nav className={stillAtMount ? 'app-tab-bar app-tab-bar--still' : 'app-tab-bar'} aria-label="底部导航">
      <TabBar activeKey={active ?? null} onChange={(key) => navigate(appHref(key as StaticAppPathName))}>
        {TABS.map((tab) => (
          <TabBar.Item key={tab.route} title={tab.title} icon={<TabIcon name={tab.icon} />} />
        ))}
      </TabBar>
    </nav>
  );
}
