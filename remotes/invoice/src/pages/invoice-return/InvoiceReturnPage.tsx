import { useRouteMeta } from '@app/host-sdk/router';
import { Page } from '@app/ui/page';
import { PagePlaceholder } from '@app/ui/page-placeholder';

export default function InvoiceReturnPage() {
  const meta = useRouteMeta();
  return (
    <Page title={meta?.title ?? '红字发票'}>
      <PagePlaceholder purpose="选择已开具的蓝字发票，按原因全额或部分红冲。" />
    </Page>
  );
}
