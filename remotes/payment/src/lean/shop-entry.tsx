/**
 * The cash desk as a lean page (docs/architecture.md, "Pages a phone opens cold"): what a customer's phone loads when
 * it opens `/shop/{code}` cold after scanning, served by the server in place of the host. The same page as the
 * federated route (ShopCash), with the host's start-up and guard rules from `@app/host-sdk/lean-page`, no router and no
 * Module Federation runtime. Paying goes on to `/cash/return`, which loads the host.
 */
import { renderLeanPage } from '@app/host-sdk/lean-page';
import { appPaths } from '@app/host-sdk/paths';
import { SHOP_CASH_META } from '../pages/shop-cash/meta';
import { ShopCash } from '../pages/shop-cash/ShopCash';
import { getShop } from '../pages/shop-cash/shop-api';

void renderLeanPage({
  meta: SHOP_CASH_META,
  owner: 'payment',
  path: appPaths.shop,
  // `shop/get` is public: it goes out with the config and user calls.
  start: ({ code }) => getShop(code),
  render: ({ code }, shop) => <ShopCash code={code} navigate={(to) => window.location.assign(to)} firstShop={shop} />,
});
