/**
 * The cash desk as a lean page (docs/architecture.md, "Pages a phone opens cold"): what a customer's phone loads when
 * it opens `/shop/{code}` cold after scanning. The same page as the federated route (ShopCash), with the host's
 * start-up and guard rules, no router and no Module Federation runtime; paying goes on to `/cash/return`, which loads
 * the host. Its page script (`shop-entry.tsx`) and its server build (`shop-server.tsx`, which paints the first screen
 * from `shop/get`: "First screens from the server") are made from these options.
 */
import type { LeanPageOptions } from '@app/host-sdk/lean-page-tree';
import { appPaths } from '@app/host-sdk/paths';
import { SHOP_CASH_META } from '../pages/shop-cash/meta';
import { ShopCash } from '../pages/shop-cash/ShopCash';
import { getShop, type ShopInfo } from '../pages/shop-cash/shop-api';

export const SHOP_LEAN_PAGE: LeanPageOptions<typeof appPaths.shop, Promise<ShopInfo>, 'shop/get'> = {
  meta: SHOP_CASH_META,
  owner: 'payment',
  path: appPaths.shop,
  // `shop/get` is public: it goes out with the config and user calls, unless the server painted the page from it.
  start: ({ code }) => getShop(code),
  firstScreen: { path: 'shop/get', body: ({ code }) => ({ code }) },
  render: ({ code }, shop, { painted, userAgent }) => (
    <ShopCash code={code} navigate={(to) => window.location.assign(to)} firstShop={shop} paintedShop={painted} userAgent={userAgent} />
  ),
};
