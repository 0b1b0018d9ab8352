/**
 * The two statistics pages side by side (开票统计 | 收入统计) for a user who may see the income (a manager or a
 * holder of benefit_payment, as `statistics/income` requires); others see only 开票统计 and no tabs. Switching
 * replaces the page in the history, so 返回 leaves the statistics.
 */
import { hasPermission } from '@app/host-sdk/roles';
import { useNavigate } from '@app/host-sdk/router';
import { useSession } from '@app/host-sdk/session-hooks';
import { Tabs } from '@app/ui/tabs';
import { href } from '../../paths';
import './stats-page.css';

const PAGES = [
  { key: 'invoice', title: '开票统计', to: href('myInvoiceStatistics') },
  { key: 'income', title: '收入统计', to: href('myIncomeStatistics') },
] as const;

export function StatsTabs({ active }: { active: (typeof PAGES)[number]['key'] }) {
  const { user } = useSession();
  const navigate = useNavigate();
  if (!hasPermission(user, 'company_manage') && !hasPermission(user, 'benefit_payment')) return null;
  return (
    <Tabs
      className="stats-tabs"
      activeKey={active}
      onChange={(key) => key !== active && navigate(PAGES.find((page) => page.key === key)?.to ?? PAGES[0].to, { replace: true })}
    >
      {PAGES.map((page) => (
        <Tabs.Tab key={page.key} title={page.title} />
      ))}
    </Tabs>
  );
}
