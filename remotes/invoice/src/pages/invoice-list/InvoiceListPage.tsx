import { useRouteMeta } from '@app/host-sdk/router';
import { Page } from '@app/ui/page';
import { PagePlaceholder } from '@app/ui/page-placeholder';

export default function InvoiceListPage() {
  const meta = useRouteMeta();
  return (
    <Page title={meta?.title ?? '发票列表'} noBack>
      <PagePlaceholder purpose="查看已开具的发票，按蓝字红字、状态、月份和购买方筛选。" />
    </Page>
  );
}
