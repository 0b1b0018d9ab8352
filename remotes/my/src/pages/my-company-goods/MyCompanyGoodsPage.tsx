import { useRouteMeta } from '@app/host-sdk/router';
import { Page } from '@app/ui/page';
import { PagePlaceholder } from '@app/ui/page-placeholder';

export default function MyCompanyGoodsPage() {
  const meta = useRouteMeta();
  return (
    <Page title={meta?.title ?? '商品管理'}>
      <PagePlaceholder purpose="企业的开票商品：税收分类编码、规格、单位、含税单价和税率。" />
    </Page>
  );
}
