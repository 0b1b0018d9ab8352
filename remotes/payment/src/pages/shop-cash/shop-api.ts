import { callApi } from '@app/host-sdk/api-client';
import type { ShopInfo } from '@app/contract/sub-code';

/** What the cash desk shows of a shop or sub-code (`shop/get`); `closedReason` is set when it takes nothing. */
export type { ShopInfo } from '@app/contract/sub-code';

/** The shop or sub-code behind `code`; an unknown code (4004, or 4000 for one that cannot be a code) the page explains itself. */
export function getShop(code: string): Promise<ShopInfo> {
  return callApi('shop/get', { code }, { handles: [4000, 4004] });
}
