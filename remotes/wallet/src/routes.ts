/** The wallet remote's pages (exposed as `./routes`): every route of spec §2 it owns. */
import { routePaths } from '@app/host-sdk/paths';
import { pageMeta, type RemoteRoute } from '@app/host-sdk/route-meta';

export const routes: RemoteRoute[] = [
  {
    path: routePaths.wallet,
    meta: pageMeta('Wallet', '钱包'),
    page: () => import('./pages/wallet/WalletPage'),
  },
  {
    path: routePaths.walletList,
    meta: pageMeta('WalletList', '钱包明细'),
    page: () => import('./pages/wallet-list/WalletListPage'),
  },
  {
    path: routePaths.walletWithdraw,
    meta: pageMeta('WalletWithdraw', '提现'),
    page: () => import('./pages/wallet-withdraw/WalletWithdrawPage'),
  },
  {
    path: routePaths.walletWithdrawList,
    meta: pageMeta('WalletWithdrawList', '提现记录'),
    page: () => import('./pages/wallet-withdraw-list/WalletWithdrawListPage'),
  },
];
