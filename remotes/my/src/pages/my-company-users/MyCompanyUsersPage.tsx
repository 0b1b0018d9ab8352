import { useRouteMeta } from '@app/host-sdk/router';
import { Page } from '@app/ui/page';
import { PagePlaceholder } from '@app/ui/page-placeholder';

export default function MyCompanyUsersPage() {
  const meta = useRouteMeta();
  return (
    <Page title={meta?.title ?? '员工管理'}>
      <PagePlaceholder purpose="企业成员及其角色，移除成员。" />
    </Page>
  );
}
