import { useRouteMeta } from '@app/host-sdk/router';
import { Page } from '@app/ui/page';
import { PagePlaceholder } from '@app/ui/page-placeholder';

export default function TicketIndexPage() {
  const meta = useRouteMeta();
  return (
    <Page title={meta?.title ?? '票夹'} noBack>
      <PagePlaceholder purpose="按月查看收到的发票及合计，按类型和是否报销筛选。" />
    </Page>
  );
}
