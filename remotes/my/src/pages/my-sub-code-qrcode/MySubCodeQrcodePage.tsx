import { useRouteMeta } from '@app/host-sdk/router';
import { Page } from '@app/ui/page';
import { PagePlaceholder } from '@app/ui/page-placeholder';

export default function MySubCodeQrcodePage() {
  const meta = useRouteMeta();
  return (
    <Page title={meta?.title ?? '子码二维码'}>
      <PagePlaceholder purpose="按背景色、图片、二维码和文字绘制子码海报并保存。" />
    </Page>
  );
}
