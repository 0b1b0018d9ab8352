import { useRouteMeta } from '@app/host-sdk/router';
import { Page } from '@app/ui/page';
import { PagePlaceholder } from '@app/ui/page-placeholder';

export default function CashReturnPage() {
  const meta = useRouteMeta();
  return (
    <Page title={meta?.title ?? '支付结果'}>
      <PagePlaceholder purpose="支付结果，可选择抬头申请开票。" />
    </Page>
  );
}
