import { useRouteMeta } from '@app/host-sdk/router';
import { Page } from '@app/ui/page';
import { PagePlaceholder } from '@app/ui/page-placeholder';

export default function MyCompanyBindPage() {
  const meta = useRouteMeta();
  return (
    <Page title={meta?.title ?? '绑定企业'}>
      <PagePlaceholder purpose="通过企业码或扫描的链接绑定企业。" />
    </Page>
  );
}
