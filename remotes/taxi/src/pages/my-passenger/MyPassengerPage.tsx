import { useRouteMeta } from '@app/host-sdk/router';
import { Page } from '@app/ui/page';
import { PagePlaceholder } from '@app/ui/page-placeholder';

export default function MyPassengerPage() {
  const meta = useRouteMeta();
  return (
    <Page title={meta?.title ?? '乘客信息'}>
      <PagePlaceholder purpose="乘客的个人信息和默认发票抬头。" />
    </Page>
  );
}
