/** The four tabs of docs/product.md, "Screens and the host": 开票, 票夹, 收支, 我的. */
import { useLocation, useNavigate } from 'react-router-dom';
import { TabBar } from '@app/ui/tab-bar';
import { appHref, type StaticAppPathName } from '@app/host-sdk/paths';
import { TabIcon, type TabIconName } from './TabIcon';

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

export function AppTabBar() {
  const location = useLocation();
  const navigate = useNavigate();
  const active = TABS.find((tab) => appHref(tab.route) === location.pathname)?.route;
  return (
    <nav className="app-tab-bar" aria-label="底部导航">
      <TabBar activeKey={active ?? null} onChange={(key) => navigate(appHref(key as StaticAppPathName))}>
        {TABS.map((tab) => (
          <TabBar.Item key={tab.route} title={tab.title} icon={<TabIcon name={tab.icon} />} />
        ))}
      </TabBar>
    </nav>
  );
}
