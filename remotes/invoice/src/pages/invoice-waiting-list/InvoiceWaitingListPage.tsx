import { useRouteMeta } from '@app/host-sdk/router';
import { Page } from '@app/ui/page';
import { PagePlaceholder } from '@app/ui/page-placeholder';

export default function InvoiceWaitingListPage() {
  const meta = useRouteMeta();
  return (
    <Page title={meta?.title ?? '待开票'}>
      <PagePlaceholder purpose="已同意但尚未开具的发票及其原因，可一键开具全部。" />
    </Page>
  );
}
