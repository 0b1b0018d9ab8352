import { useRouteMeta } from '@app/host-sdk/router';
import { Page } from '@app/ui/page';
import { PagePlaceholder } from '@app/ui/page-placeholder';

export default function MyCompaniesPage() {
  const meta = useRouteMeta();
  return (
    <Page title={meta?.title ?? '我的企业'}>
      <PagePlaceholder purpose="我所属的企业，切换当前企业。" />
    </Page>
  );
}
