/** Paging of every list call: the page the body asks for, within the list limit (see `@app/contract/limits`). */
import { LIST_LIMIT, PAGE_SIZE } from '@app/contract/limits';

export function pageWindow(page = 1, pageSize = PAGE_SIZE): { limit: number; offset: number } {
  const offset = (page - 1) * pageSize;
  return { offset, limit: Math.max(0, Math.min(pageSize, LIST_LIMIT - offset)) };
}

/** The `total` a list answers: how many there are, but never more than a list may show. */
export function cappedTotal(count: number | undefined): number {
  return Math.min(count ?? 0, LIST_LIMIT);
}
