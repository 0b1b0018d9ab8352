import { useRouteMeta } from '@app/host-sdk/router';
import { Page } from '@app/ui/page';
import { PagePlaceholder } from '@app/ui/page-placeholder';

export default function SubCodeFormPage() {
  const meta = useRouteMeta();
  return (
    <Page title={meta?.title ?? '编辑子码'}>
      <PagePlaceholder purpose="子码的名称、可选的固定商品与金额、启用状态（新增与编辑共用此页）。" />
    </Page>
  );
}
