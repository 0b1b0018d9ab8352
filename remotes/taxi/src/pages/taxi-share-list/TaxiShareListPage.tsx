import { useRouteMeta } from '@app/host-sdk/router';
import { Page } from '@app/ui/page';
import { PagePlaceholder } from '@app/ui/page-placeholder';

export default function TaxiShareListPage() {
  const meta = useRouteMeta();
  return (
    <Page title={meta?.title ?? '分享记录'}>
      <PagePlaceholder purpose="已分享的行程，乘客是否已领取、是否已开票。" />
    </Page>
  );
}
