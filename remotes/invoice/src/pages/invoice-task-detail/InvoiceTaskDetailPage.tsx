import { useRouteMeta } from '@app/host-sdk/router';
import { Page } from '@app/ui/page';
import { PagePlaceholder } from '@app/ui/page-placeholder';

export default function InvoiceTaskDetailPage() {
  const meta = useRouteMeta();
  return (
    <Page title={meta?.title ?? '任务详情'}>
      <PagePlaceholder purpose="实时查看一个税务局任务的进度、结果或失败原因。" />
    </Page>
  );
}
