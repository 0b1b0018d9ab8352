import { useRouteMeta } from '@app/host-sdk/router';
import { Page } from '@app/ui/page';
import { PagePlaceholder } from '@app/ui/page-placeholder';

export default function IncomeStatisticsPage() {
  const meta = useRouteMeta();
  return (
    <Page title={meta?.title ?? '收入统计'}>
      <PagePlaceholder purpose="按日、按月统计收入，附图表。" />
    </Page>
  );
}
