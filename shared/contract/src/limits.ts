/** Paging of every list call (docs/product.md, "Constants"): pages of 20 by default, at most 1000 items in all. */
export const PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
/** A list never answers more than this many items; `total` is capped the same way. */
export const LIST_LIMIT = 1000;
