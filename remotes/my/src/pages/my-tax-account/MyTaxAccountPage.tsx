import { useRouteMeta } from '@app/host-sdk/router';
import { Page } from '@app/ui/page';
import { PagePlaceholder } from '@app/ui/page-placeholder';

export default function MyTaxAccountPage() {
  const meta = useRouteMeta();
  return (
    <Page title={meta?.title ?? '税务账号'}>
      <PagePlaceholder purpose="电子税务局账号：登录状态、有效期、刷脸状态，登录、刷脸、设置与清除授权。" />
    </Page>
  );
}
