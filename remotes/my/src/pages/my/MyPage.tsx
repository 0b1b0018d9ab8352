import { useRouteMeta } from '@app/host-sdk/router';
import { Page } from '@app/ui/page';
import { PagePlaceholder } from '@app/ui/page-placeholder';

export default function MyPage() {
  const meta = useRouteMeta();
  return (
    <Page title={meta?.title ?? '我的'} noBack>
      <PagePlaceholder purpose="个人信息、当前企业、税务账号状态和功能菜单。" />
    </Page>
  );
}
