import { useRouteMeta } from '@app/host-sdk/router';
import { Page } from '@app/ui/page';
import { PagePlaceholder } from '@app/ui/page-placeholder';

export default function MyCompanyUsersAddPage() {
  const meta = useRouteMeta();
  return (
    <Page title={meta?.title ?? '添加员工'}>
      <PagePlaceholder purpose="按手机号和姓名添加员工并分配角色。" />
    </Page>
  );
}
