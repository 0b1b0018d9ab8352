import { useRouteMeta } from '@app/host-sdk/router';
import { Page } from '@app/ui/page';
import { PagePlaceholder } from '@app/ui/page-placeholder';

export default function PaymentDetailPage() {
  const meta = useRouteMeta();
  return (
    <Page title={meta?.title ?? '收支详情'}>
      <PagePlaceholder purpose="一笔收支的金额、时间、付款方、渠道、订单号和开票状态。" />
    </Page>
  );
}
