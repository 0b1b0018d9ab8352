import { useRouteMeta } from '@app/host-sdk/router';
import { Page } from '@app/ui/page';
import { PagePlaceholder } from '@app/ui/page-placeholder';

export default function MyCompanyGoodsAddPage() {
  const meta = useRouteMeta();
  return (
    <Page title={meta?.title ?? '新增商品'}>
      <PagePlaceholder purpose="新增或编辑一件开票商品。" />
    </Page>
  );
}
