import { useRouteMeta } from '@app/host-sdk/router';
import { Page } from '@app/ui/page';
import { PagePlaceholder } from '@app/ui/page-placeholder';

export default function TitlesCreatePage() {
  const meta = useRouteMeta();
  return (
    <Page title={meta?.title ?? '新增抬头'}>
      <PagePlaceholder purpose="新增或编辑发票抬头：名称、税号、地址电话、开户行及账号。" />
    </Page>
  );
}
