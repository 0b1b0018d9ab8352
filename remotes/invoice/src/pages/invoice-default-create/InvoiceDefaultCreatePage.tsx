import { useRouteMeta } from '@app/host-sdk/router';
import { Page } from '@app/ui/page';
import { PagePlaceholder } from '@app/ui/page-placeholder';

export default function InvoiceDefaultCreatePage() {
  const meta = useRouteMeta();
  return (
    <Page title={meta?.title ?? '开票'} noBack>
      <PagePlaceholder purpose="为企业开具蓝字发票：当前企业、税务局登录与刷脸状态、快速开票和常用入口。" />
    </Page>
  );
}
