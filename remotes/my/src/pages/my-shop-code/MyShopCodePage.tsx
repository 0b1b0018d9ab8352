/**
 * `/my/shop-code`: the company's shop code as a poster to save and print. Its QR code holds the full short link
 * (`origin + /t/{code}`), which opens the shop page `/shop/{code}`: customers scan it to pay and ask for an invoice.
 * Sub-codes (a cashier, a branch, a table) get their own posters from 子码管理.
 */
import { useEffect, useMemo, useState } from 'react';
import { ApiError } from '@app/host-sdk/api-client';
import { useNavigate } from '@app/host-sdk/router';
import { Button } from '@app/ui/button';
import { Page } from '@app/ui/page';
import { StatusView } from '@app/ui/status-view';
import { QrPoster } from '../../features/qr-poster/QrPoster';
import { shopPosterLayout } from '../../features/qr-poster/drawing-items';
import { href } from '../../paths';
import { getShopCode, linkOf } from '../../features/sub-codes/sub-codes-api';
import './my-shop-code.css';

type ShopCode = { code: string; shopName: string; shortPath: string };
type Loaded = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; shop: ShopCode };

export default function MyShopCodePage() {
  const navigate = useNavigate();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    getShopCode().then(
      (shop) => current && setLoaded({ state: 'ready', shop }),
      (error: unknown) => {
        const message = error instanceof ApiError && error.errorCode !== null ? error.message : '请检查网络后重试';
        if (current) setLoaded({ state: 'failed', message });
      },
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  const shop = loaded.state === 'ready' ? loaded.shop : null;
  const shopName = shop?.shopName ?? null;
  const link = shop ? linkOf(shop.shortPath) : null;
  // Keyed on what is drawn: loading again (the page shown again) does not draw the same poster twice.
  const spec = useMemo(() => (shopName !== null && link ? shopPosterLayout({ shopName, link }) : null), [shopName, link]);

  if (loaded.state === 'failed') {
    return (
      <Page title="店铺码">
        <StatusView icon="disconnected" title="店铺码加载失败" description={loaded.message}>
          <Button
            block
            color="primary"
            onClick={() => {
              setLoaded({ state: 'loading' });
              setAttempt((value) => value + 1);
            }}
          >
            重试
          </Button>
        </StatusView>
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
