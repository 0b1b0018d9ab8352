import { defineRemoteConfig } from '@app/build-config';
import { appPaths } from '@app/host-sdk/paths';
import { FIRST_CALLS } from './src/first-calls';
import { SHOP_CASH_META } from './src/pages/shop-cash/meta';

export default defineRemoteConfig(import.meta.dirname, {
  firstCalls: FIRST_CALLS,
  firstScreen: './src/first-screen.tsx',
  leanPages: {
    // The cash desk a customer's phone opens cold after scanning (docs/architecture.md, "Pages a phone opens cold").
    shop: {
      entry: './src/lean/shop-entry.tsx',
      server: './src/lean/shop-server.tsx',
      path: appPaths.shop,
      except: [appPaths.universalBindShop],
      title: SHOP_CASH_META.title,
    },
  },
});
