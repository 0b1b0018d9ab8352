import { useRouteMeta } from '@app/host-sdk/router';
import { Page } from '@app/ui/page';
import { PagePlaceholder } from '@app/ui/page-placeholder';

export default function TaxiInvoiceCreatePage() {
  const meta = useRouteMeta();
  return (
    <Page title={meta?.title ?? '出租车发票'}>
      <PagePlaceholder purpose="为乘客已领取的一个或多个行程开具出租车发票。" />
    </Page>
  );
}
