import { useRouteMeta } from '@app/host-sdk/router';
import { Page } from '@app/ui/page';
import { PagePlaceholder } from '@app/ui/page-placeholder';

export default function MySubCodesPage() {
  const meta = useRouteMeta();
  return (
    <Page title={meta?.title ?? '子码管理'}>
      <PagePlaceholder purpose="收银员、门店或餐桌的子码：名称、固定商品与金额、启用状态。" />
    </Page>
  );
}
