/**
 * The paging of every list (docs/product.md, "Constants"): pages of 20, at most 1000 items. Apart from PagedList so
 * that an api module can use them without loading the list's gesture and animation libraries. The numbers are the API
 * contract's (`@app/contract/limits`), checked by their types: the contract is never a runtime import of the client.
 */
import type { LIST_LIMIT as CONTRACT_LIST_LIMIT, PAGE_SIZE as CONTRACT_PAGE_SIZE } from '@app/contract/limits';

/** Items per page: every list call answers pages of this size. */
export const PAGE_SIZE: typeof CONTRACT_PAGE_SIZE = 20;
/** A list never shows more than this many items (the server caps `total` the same way). */
export const LIST_LIMIT: typeof CONTRACT_LIST_LIMIT = 1000;

export interface PagedResult<T> {
  list: T[];
  total: number;
}
