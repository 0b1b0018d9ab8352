/** The payment remote's pages (exposed as `./routes`): every route of spec §2 it owns. */
import { routePaths } from '@app/host-sdk/paths';
import { pageMeta, type RemoteRoute } from '@app/host-sdk/route-meta';

export const routes: RemoteRoute[] = [
  {
    path: routePaths.paymentList,
    meta: pageMeta('payment_list', '收支', { tabBar: true }),
    page: () => import('./pages/payment-list/PaymentListPage'),
  },
  {
    path: routePaths.paymentDetail,
    meta: pageMeta('PaymentDetail', '收支详情'),
    page: () => import('./pages/payment-detail/PaymentDetailPage'),
  },
  {
    path: routePaths.shop,
    meta: pageMeta('ShopCash', '收银台'),
    page: () => import('./pages/shop-cash/ShopCashPage'),
  },
  {
    path: routePaths.cashReturn,
    meta: pageMeta('CashReturn', '支付结果'),
    page: () => import('./pages/cash-return/CashReturnPage'),
  },
];
