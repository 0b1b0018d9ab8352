import { useRouteMeta } from '@app/host-sdk/router';
import { Page } from '@app/ui/page';
import { PagePlaceholder } from '@app/ui/page-placeholder';

export default function InvoiceApplyingListPage() {
  const meta = useRouteMeta();
  return (
    <Page title={meta?.title ?? '开票申请'}>
      <PagePlaceholder purpose="审核顾客通过店铺码或子码提交的开票申请：同意开具或拒绝。" />
    </Page>
  );
}
