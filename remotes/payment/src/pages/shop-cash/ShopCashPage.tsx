import { useRouteMeta } from '@app/host-sdk/router';
import { Page } from '@app/ui/page';
import { PagePlaceholder } from '@app/ui/page-placeholder';

export default function ShopCashPage() {
  const meta = useRouteMeta();
  return (
    <Page title={meta?.title ?? '收银台'}>
      <PagePlaceholder purpose="顾客扫店铺码或子码付款：店铺名称、金额键盘、微信或支付宝支付。" />
    </Page>
  );
}
