import { useRouteMeta } from '@app/host-sdk/router';
import { Page } from '@app/ui/page';
import { PagePlaceholder } from '@app/ui/page-placeholder';

export default function MyShopCodePage() {
  const meta = useRouteMeta();
  return (
    <Page title={meta?.title ?? '店铺码'}>
      <PagePlaceholder purpose="店铺收款码，保存后供顾客扫码付款与申请开票。" />
    </Page>
  );
}
