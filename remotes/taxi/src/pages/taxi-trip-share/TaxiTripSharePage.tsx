import { useRouteMeta } from '@app/host-sdk/router';
import { Page } from '@app/ui/page';
import { PagePlaceholder } from '@app/ui/page-placeholder';

export default function TaxiTripSharePage() {
  const meta = useRouteMeta();
  return (
    <Page title={meta?.title ?? '分享行程'}>
      <PagePlaceholder purpose="行程的分享二维码和链接，乘客扫码领取。" />
    </Page>
  );
}
