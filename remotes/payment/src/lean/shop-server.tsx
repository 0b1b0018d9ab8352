/** The cash desk's server build (shop-page.tsx): the server paints its first screen with it. */
import { leanFirstScreen } from '@app/host-sdk/lean-page-server';
import { SHOP_LEAN_PAGE } from './shop-page';

export const { firstCall, render } = leanFirstScreen(SHOP_LEAN_PAGE);
