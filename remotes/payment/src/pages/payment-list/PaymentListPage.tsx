import { useRouteMeta } from '@app/host-sdk/router';
import { Page } from '@app/ui/page';
import { PagePlaceholder } from '@app/ui/page-placeholder';

export default function PaymentListPage() {
  const meta = useRouteMeta();
  return (
    <Page title={meta?.title ?? '收支'} noBack>
      <PagePlaceholder purpose="按月查看收入与支出及合计，按类型和渠道筛选。" />
    </Page>
  );
}
