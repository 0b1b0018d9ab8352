import { useRouteMeta } from '@app/host-sdk/router';
import { Page } from '@app/ui/page';
import { PagePlaceholder } from '@app/ui/page-placeholder';

export default function WalletPage() {
  const meta = useRouteMeta();
  return (
    <Page title={meta?.title ?? '钱包'}>
      <PagePlaceholder purpose="可提现与冻结余额，以及最近的流水。" />
    </Page>
  );
}
