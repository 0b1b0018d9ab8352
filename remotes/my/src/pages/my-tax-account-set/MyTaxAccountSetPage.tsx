import { useRouteMeta } from '@app/host-sdk/router';
import { Page } from '@app/ui/page';
import { PagePlaceholder } from '@app/ui/page-placeholder';

export default function MyTaxAccountSetPage() {
  const meta = useRouteMeta();
  return (
    <Page title={meta?.title ?? '设置税务账号'}>
      <PagePlaceholder purpose="设置电子税务局的登录身份、手机号、证件号和密码。" />
    </Page>
  );
}
