import { useRouteMeta } from '@app/host-sdk/router';
import { Page } from '@app/ui/page';
import { PagePlaceholder } from '@app/ui/page-placeholder';

export default function MyTaxAccountResetHelpPage() {
  const meta = useRouteMeta();
  return (
    <Page title={meta?.title ?? '重置密码帮助'}>
      <PagePlaceholder purpose="重置电子税务局密码的操作步骤。" />
    </Page>
  );
}
