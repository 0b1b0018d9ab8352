/**
 * `/my/shop-code`: the company's shop code as a poster to save and print. Its QR code holds the full short link
 * (`origin + /t/{code}`), which opens the shop page `/shop/{code}`: customers scan it to pay and ask for an invoice.
 * Sub-codes (a cashier, a branch, a table) get their own posters from 子码管理.
 */
import { useMemo } from 'react';
import { useNavigate } from '@app/host-sdk/router';
import { Button } from '@app/ui/button';
import { Page } from '@app/ui/page';
import { LoadProblemView } from '@app/widgets/state-view';
import { useLoadedByCode } from '@app/widgets/use-loaded-by-code';
import { QrPoster } from '../../features/qr-poster/QrPoster';
import { shopPosterLayout } from '../../features/qr-poster/drawing-items';
import { getShopCode, linkOf } from '../../features/sub-codes/sub-codes-api';
import { href } from '../../paths';
import './my-shop-code.css';

/** The company has one shop code: the address names none, so the load is keyed by this. */
const THE_COMPANYS = 'company';

export default function MyShopCodePage() {
  const navigate = useNavigate();
  const { loaded, retry } = useLoadedByCode(THE_COMPANYS, getShopCode, undefined);

  const shop = loaded.state === 'ready' ? loaded.value : null;
  const shopName = shop?.shopName ?? null;
  const link = shop ? linkOf(shop.shortPath) : null;
  // Keyed on what is drawn: loading again (the page shown again) does not draw the same poster twice.
  const spec = useMemo(() => (shopName !== null && link ? shopPosterLayout({ shopName, link }) : null), [shopName, link]);

  if (loaded.state !== 'loading' && loaded.state !== 'ready') {
    return (
      <Page title="店铺码">
        <LoadProblemView problem={loaded} missing={{ title: '店铺码不存在' }} failedTitle="店铺码加载失败" onRetry={retry} />
      </Page>
    );
  }

  return (
    <Page title="店铺码">
      <div className="my-shop-code">
        <QrPoster
          spec={spec}
          alt={shop ? `${shop.shopName}店铺码` : '店铺码'}
          fileName={shop ? `店铺码-${shop.shopName}.png` : '店铺码.png'}
        />
        <p className="my-shop-code__explain">
          顾客用微信或支付宝扫描店铺码，即可向本店付款并申请开票。需要区分收银台、门店或餐桌时，可为每处单独设置子码。
        </p>
        <Button block color="primary" fill="outline" onClick={() => navigate(href('mySubCodes'))}>
          子码管理
        </Button>
      </div>
    </Page>
  );
}
