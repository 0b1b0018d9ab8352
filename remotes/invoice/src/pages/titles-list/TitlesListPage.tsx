import { useRouteMeta } from '@app/host-sdk/router';
import { Page } from '@app/ui/page';
import { PagePlaceholder } from '@app/ui/page-placeholder';

export default function TitlesListPage() {
  const meta = useRouteMeta();
  return (
    <Page title={meta?.title ?? '发票抬头'}>
      <PagePlaceholder purpose="管理常用的企业和个人发票抬头，设置默认抬头。" />
    </Page>
  );
}
