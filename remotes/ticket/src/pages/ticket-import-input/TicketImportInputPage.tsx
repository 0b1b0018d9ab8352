import { useRouteMeta } from '@app/host-sdk/router';
import { Page } from '@app/ui/page';
import { PagePlaceholder } from '@app/ui/page-placeholder';

export default function TicketImportInputPage() {
  const meta = useRouteMeta();
  return (
    <Page title={meta?.title ?? '手动录入'}>
      <PagePlaceholder purpose="录入发票号码、开票日期、金额和校验码后六位。" />
    </Page>
  );
}
