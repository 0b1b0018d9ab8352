import { useRouteMeta } from '@app/host-sdk/router';
import { Page } from '@app/ui/page';
import { PagePlaceholder } from '@app/ui/page-placeholder';

export default function InvoiceQrcodePage() {
  const meta = useRouteMeta();
  return (
    <Page title={meta?.title ?? '开票二维码'}>
      <PagePlaceholder purpose="企业的开票二维码，顾客扫码即可申请开票。" />
    </Page>
  );
}
