import { useRouteMeta } from '@app/host-sdk/router';
import { Page } from '@app/ui/page';
import { PagePlaceholder } from '@app/ui/page-placeholder';

export default function WalletWithdrawListPage() {
  const meta = useRouteMeta();
  return (
    <Page title={meta?.title ?? '提现记录'}>
      <PagePlaceholder purpose="提现记录及状态：审核中、已到账、失败。" />
    </Page>
  );
}
