/** The wallet remote's pages (exposed as `./routes`): every route of docs/product.md, "Screens and the host" it owns. */
import { appPaths } from '@app/host-sdk/paths';
import { pageMeta, type RemoteRoute } from '@app/host-sdk/route-meta';
import { paths } from './paths';

export const routes: RemoteRoute[] = [
  { path: appPaths.myWallet, meta: pageMeta('Wallet', '钱包'), page: () => import('./pages/wallet/WalletPage') },
  { path: paths.walletList, meta: pageMeta('WalletList', '钱包明细'), page: () => import('./pages/wallet-list/WalletListPage') },
  {
    path: paths.walletWithdraw,
    meta: pageMeta('WalletWithdraw', '提现', { keepAlive: false }),
    page: () => import('./pages/wallet-withdraw/WalletWithdrawPage'),
  },
  {
    path: paths.walletWithdrawList,
    meta: pageMeta('WalletWithdrawList', '提现记录'),
    page: () => import('./pages/wallet-withdraw-list/WalletWithdrawListPage'),
  },
];
