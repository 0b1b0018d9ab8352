import { useRouteMeta } from '@app/host-sdk/router';
import { Page } from '@app/ui/page';
import { PagePlaceholder } from '@app/ui/page-placeholder';

export default function InvoiceStatisticsPage() {
  const meta = useRouteMeta();
  return (
    <Page title={meta?.title ?? '开票统计'}>
      <PagePlaceholder purpose="按日、按月、按税率统计开票，蓝字与红字对比。" />
    </Page>
  );
}
