import { useRouteMeta } from '@app/host-sdk/router';
import { Page } from '@app/ui/page';
import { PagePlaceholder } from '@app/ui/page-placeholder';

export default function TaxiInvoiceReturnPage() {
  const meta = useRouteMeta();
  return (
    <Page title={meta?.title ?? '出租车发票红冲'}>
      <PagePlaceholder purpose="红冲一张已开具的出租车发票。" />
    </Page>
  );
}
