/**
 * The wallet remote's own pages, by name: the one place each pattern is written. `routes.ts` routes them and the
 * pages link to them with `href` from here, so adding a page needs no host release (README.md, "Developing one
 * remote").
 *
 * Its home `/my/wallet` is linked from 我的 (the my remote), so it is named in `@app/host-sdk/paths` (`myWallet`) instead
 * and routed from there.
 */
import { definePaths } from '@app/host-sdk/define-paths';

export const { paths, href } = definePaths({
  walletList: '/my/wallet/list',
  walletWithdraw: '/my/wallet/tixian',
  walletWithdrawList: '/my/wallet/tixian/list',
} as const);
