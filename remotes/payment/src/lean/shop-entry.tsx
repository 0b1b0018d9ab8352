/** The cash desk's lean page script (shop-page.tsx). */
import { renderLeanPage } from '@app/host-sdk/lean-page';
import { SHOP_LEAN_PAGE } from './shop-page';

void renderLeanPage(SHOP_LEAN_PAGE);
