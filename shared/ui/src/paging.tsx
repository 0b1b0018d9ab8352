/**
 * The paging of every list call (SCREENS.md, spec §9): pages of 20, at most 1000 items. Apart from PagedList so that
 * an api module can use them without loading the list's gesture and animation libraries.
 */

/** Items per page: every list call answers pages of this size. */
export const PAGE_SIZE = 20;
/** A list never shows more than this many items (the server caps `total` the same way). */
export const LIST_LIMIT = 1000;

export interface PagedResult<T> {
  list: T[];
  total: number;
}
