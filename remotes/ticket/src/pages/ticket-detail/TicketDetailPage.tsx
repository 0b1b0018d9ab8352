import { useRouteMeta } from '@app/host-sdk/router';
import { Page } from '@app/ui/page';
import { PagePlaceholder } from '@app/ui/page-placeholder';

export default function TicketDetailPage() {
  const meta = useRouteMeta();
  return (
    <Page title={meta?.title ?? '票据详情'}>
      <PagePlaceholder purpose="票据的全部信息与查验状态，标记已报销或删除。" />
    </Page>
  );
}
