import { useRouteMeta } from '@app/host-sdk/router';
import { Page } from '@app/ui/page';
import { PagePlaceholder } from '@app/ui/page-placeholder';

export default function WalletListPage() {
  const meta = useRouteMeta();
  return (
    <Page title={meta?.title ?? '钱包明细'}>
      <PagePlaceholder purpose="全部钱包流水。" />
    </Page>
  );
}
