import { useRouteMeta } from '@app/host-sdk/router';
import { Page } from '@app/ui/page';
import { PagePlaceholder } from '@app/ui/page-placeholder';

export default function MyTaxiTripPage() {
  const meta = useRouteMeta();
  return (
    <Page title={meta?.title ?? '企业行程'}>
      <PagePlaceholder purpose="出租车管理员按车辆和日期查看企业的全部行程。" />
    </Page>
  );
}
