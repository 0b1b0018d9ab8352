import { useRouteMeta } from '@app/host-sdk/router';
import { Page } from '@app/ui/page';
import { PagePlaceholder } from '@app/ui/page-placeholder';

export default function MyContactUsPage() {
  const meta = useRouteMeta();
  return (
    <Page title={meta?.title ?? '联系客服'}>
      <PagePlaceholder purpose="客服热线和企业微信客服。" />
    </Page>
  );
}
