/** The payment remote's pages (exposed as `./routes`): every route of docs/product.md, "Screens and the host" it owns. */
import { appPaths } from '@app/host-sdk/paths';
import { pageMeta, type RemoteRoute } from '@app/host-sdk/route-meta';
import { SHOP_CASH_META } from './pages/shop-cash/meta';
import { PAYMENT_LIST_META } from './pages/payment-list/payment-list-meta';
import { paths } from './paths';

export const routes: RemoteRoute[] = [
  {
    path: appPaths.paymentList,
    meta: PAYMENT_LIST_META,
    page: () => import('./pages/payment-list/PaymentListPage'),
  },
  {
    path: paths.paymentDetail,
    meta: pageMeta('PaymentDetail', '收支详情'),
    page: () => import('./pages/payment-detail/PaymentDetailPage'),
  },
  {
    path: appPaths.shop,
    // Also a lean page (src/lean/shop-entry.tsx): what a phone opens cold at this address.
    meta: SHOP_CASH_META,
    page: () => import('./pages/shop-cash/ShopCashPage'),
  },
  {
    path: paths.cashReturn,
    meta: pageMeta('CashReturn', '支付结果'),
    page: () => import('./pages/cash-return/CashReturnPage'),
  },
];
