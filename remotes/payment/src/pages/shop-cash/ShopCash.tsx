/**
 * `/shop/{code}`: the cash desk a customer sees after scanning a shop code or a sub-code (through its short link
 * `/t/{code}`). It names the shop (and the sub-code) and takes the payment (CashDesk.tsx: the amount keypad or the
 * sub-code's fixed amount, then WeChat Pay, Alipay or the demo provider, among those `shop/get` says are offered); a
 * code that takes nothing says 暂停收款 with the reason, a deployment that offers no way to pay 商户暂未开通在线支付,
 * an unknown code 店铺不存在.
 *
 * It knows no router: it is given the code and a way to go elsewhere, by the federated route (ShopCashPage.tsx, in
 * the host) or by the lean page a phone opens cold (src/lean/shop-entry.tsx).
 */
import { Page } from '@app/ui/page';
import { Skeleton } from '@app/ui/skeleton';
import { StatusView } from '@app/ui/status-view';
import { LoadedView } from '@app/widgets/state-view';
import { useLoadedByCode } from '@app/widgets/use-loaded-by-code';
import { CashDesk } from './CashDesk';
import { SHOP_CASH_META } from './meta';
import { NO_ONLINE_PAYMENT } from './pay-channel';
import { getShop, type ShopInfo } from './shop-api';
import './shop-cash.css';

function ShopSkeleton() {
  return (
    <div className="shop-cash__card" role="status" aria-busy="true" aria-label="加载中">
      <Skeleton animated className="shop-cash__avatar-skeleton" />
      <Skeleton.Title animated className="shop-cash__title-skeleton" />
      <Skeleton.Paragraph animated lineCount={3} />
    </div>
  );
}

export interface ShopCashProps {
  /** The shop or sub-code's code (`/shop/{code}`). */
  code: string;
  /** Goes to another address of the app (after paying: `/cash/return`). */
  navigate: (to: string) => void;
  /** `shop/get` for `code`, already under way (the lean page starts it with its start-up calls). */
  firstShop?: Promise<ShopInfo>;
  /** `shop/get` for `code`, already answered: the server painted the page from it, and the page hydrates that. */
  paintedShop?: ShopInfo;
  /** The browser's User-Agent, which says how it pays (the server's render has no `navigator`). */
  userAgent?: string;
}

/** A shop found: its cash desk, or why it takes nothing now. */
function ShopFound({ shop, navigate, userAgent }: { shop: ShopInfo; navigate: (to: string) => void; userAgent: string }) {
  // No payment provider set up (and demo payment off) means no pay button that could only fail.
  const closed = shop.closedReason
    ? { title: '暂停收款', description: shop.closedReason }
    : shop.channels.length === 0
      ? { title: NO_ONLINE_PAYMENT, description: '请向商家询问其他付款方式' }
      : null;
  if (!closed) return <CashDesk shop={shop} navigate={navigate} userAgent={userAgent} />;
  return (
    <StatusView icon="closed" title={closed.title} description={closed.description}>
      <p className="shop-cash__closed-shop">
        {shop.shopName}
        {shop.subCodeName ? ` · ${shop.subCodeName}` : ''}
      </p>
    </StatusView>
  );
}

export function ShopCash({ code, navigate, firstShop, paintedShop, userAgent = navigator.userAgent }: ShopCashProps) {
  const { loaded, retry } = useLoadedByCode(code, getShop, firstShop, paintedShop);
  return (
    <Page title={SHOP_CASH_META.title}>
      <div className="shop-cash">
        <LoadedView
          loaded={loaded}
          placeholder={<ShopSkeleton />}
          missing={{ title: '店铺不存在', description: '请核对收款码是否正确，或向商家重新索取' }}
          failedTitle="店铺信息加载失败"
          onRetry={retry}
        >
          {(shop) => <ShopFound shop={shop} navigate={navigate} userAgent={userAgent} />}
        </LoadedView>
      </div>
    </Page>
  );
}
