import { useRouteMeta } from '@app/host-sdk/router';
import { Page } from '@app/ui/page';
import { PagePlaceholder } from '@app/ui/page-placeholder';

export default function TicketImportImagePage() {
  const meta = useRouteMeta();
  return (
    <Page title={meta?.title ?? '图片导入'}>
      <PagePlaceholder purpose="从图片中识别发票二维码，确认解析出的信息。" />
    </Page>
  );
}
