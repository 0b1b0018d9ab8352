import { useRouteMeta } from '@app/host-sdk/router';
import { Page } from '@app/ui/page';
import { PagePlaceholder } from '@app/ui/page-placeholder';

export default function TaxiCarsPage() {
  const meta = useRouteMeta();
  return (
    <Page title={meta?.title ?? '车辆管理'}>
      <PagePlaceholder purpose="企业的车辆：添加、删除，选择默认车辆。" />
    </Page>
  );
}
