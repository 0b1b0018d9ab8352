/** The cash desk's route meta: routed with it in `routes.ts`, and shown with it by its lean page (`src/lean/shop-entry.tsx`). */
import { pageMeta } from '@app/host-sdk/route-meta';

export const SHOP_CASH_META = pageMeta('ShopCash', '收银台');
