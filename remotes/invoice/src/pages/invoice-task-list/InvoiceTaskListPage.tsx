import { useRouteMeta } from '@app/host-sdk/router';
import { Page } from '@app/ui/page';
import { PagePlaceholder } from '@app/ui/page-placeholder';

export default function InvoiceTaskListPage() {
  const meta = useRouteMeta();
  return (
    <Page title={meta?.title ?? '开票任务'}>
      <PagePlaceholder purpose="企业在税务局的全部任务：登录、刷脸、蓝字与红字开票。" />
    </Page>
  );
}
