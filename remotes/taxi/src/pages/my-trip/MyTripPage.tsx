import { useRouteMeta } from '@app/host-sdk/router';
import { Page } from '@app/ui/page';
import { PagePlaceholder } from '@app/ui/page-placeholder';

export default function MyTripPage() {
  const meta = useRouteMeta();
  return (
    <Page title={meta?.title ?? '我的行程'}>
      <PagePlaceholder purpose="乘客已领取的行程，每个行程可申请开票。" />
    </Page>
  );
}
