/**
 * The payment remote's first-screen build (docs/architecture.md, "First screens from the server"): the server paints
 * 收支 (`/payment/list`) with it for a company's user: this month's totals and first rows, from the answer the page
 * carries, or 暂无权限 for a user who may not see them.
 */
import { appPaths } from '@app/host-sdk/paths';
import { isCompanyUser } from '@app/host-sdk/roles';
import { tabFirstScreen } from '@app/host-sdk/tab-first-screen-server';
import PaymentListPage from './pages/payment-list/PaymentListPage';
import { PAYMENT_LIST_META } from './pages/payment-list/payment-list-meta';

export const { render } = tabFirstScreen('payment', [
  {
    path: appPaths.paymentList,
    meta: PAYMENT_LIST_META,
    Page: PaymentListPage,
    paints: (user) => isCompanyUser(user) && !!user.companyInfo,
  },
]);
