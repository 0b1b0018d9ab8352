/**
 * The wallet remote's own pages, by name: the one place each pattern is written. `routes.ts` routes them and the
 * pages link to them with `href` from here, so adding a page needs no host release (README.md, "Developing one
 * remote").
 */
import { definePaths } from '@app/host-sdk/define-paths';

export const { paths, href } = definePaths({
  wallet: '/my/wallet',
  walletList: '/my/wallet/list',
  walletWithdraw: '/my/wallet/tixian',
  walletWithdrawList: '/my/wallet/tixian/list',
} as const);
