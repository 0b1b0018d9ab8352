import { useRouteMeta } from '@app/host-sdk/router';
import { Page } from '@app/ui/page';
import { PagePlaceholder } from '@app/ui/page-placeholder';

export default function LifeServicesJoinPage() {
  const meta = useRouteMeta();
  return (
    <Page title={meta?.title ?? '生活服务入驻'}>
      <PagePlaceholder purpose="报名加入生活服务合作计划。" />
    </Page>
  );
}
