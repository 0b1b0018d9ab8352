import { useRouteMeta } from '@app/host-sdk/router';
import { Page } from '@app/ui/page';
import { PagePlaceholder } from '@app/ui/page-placeholder';

export default function TaxiTripPage() {
  const meta = useRouteMeta();
  return (
    <Page title={meta?.title ?? '记录行程'}>
      <PagePlaceholder purpose="为默认车辆记录行程：起止时间、起终点、里程和车费，然后分享给乘客。" />
    </Page>
  );
}
