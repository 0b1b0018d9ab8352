import { useRouteMeta } from '@app/host-sdk/router';
import { Page } from '@app/ui/page';
import { PagePlaceholder } from '@app/ui/page-placeholder';

export default function TicketImportPage() {
  const meta = useRouteMeta();
  return (
    <Page title={meta?.title ?? '导入发票'}>
      <PagePlaceholder purpose="选择拍照/相册、手动输入或扫码导入发票。" />
    </Page>
  );
}
