import { useRouteMeta } from '@app/host-sdk/router';
import { Page } from '@app/ui/page';
import { PagePlaceholder } from '@app/ui/page-placeholder';

export default function WalletWithdrawPage() {
  const meta = useRouteMeta();
  return (
    <Page title={meta?.title ?? '提现'}>
      <PagePlaceholder purpose="提现到绑定账户：金额、手续费与确认。" />
    </Page>
  );
}
