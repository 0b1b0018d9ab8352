import { useRouteMeta } from '@app/host-sdk/router';
import { Page } from '@app/ui/page';
import { PagePlaceholder } from '@app/ui/page-placeholder';

export default function InvoiceCreatePage() {
  const meta = useRouteMeta();
  return (
    <Page title={meta?.title ?? '开具发票'}>
      <PagePlaceholder purpose="填写发票类型、购买方、商品明细与金额，开具数电普票或专票。" />
    </Page>
  );
}
