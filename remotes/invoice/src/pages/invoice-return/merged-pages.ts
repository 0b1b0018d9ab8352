/**
 * One paged list out of several paged queries that share an order: the blue invoices that can be reversed are those
 * 已开具 and those 部分红冲, which `invoice/list` answers as two queries (it filters by one status). Pages are read in
 * turn (1, 2, 3…, as PagedList asks for them; page 1 starts over). Each source is read ahead far enough that a page can
 * be put together without another call, so a failed call never loses rows already taken from another source.
 */
import type { PagedResult } from '@app/ui/paging';

export type PageLoader<T> = (page: number) => Promise<PagedResult<T>>;

interface SourceState<T> {
  load: PageLoader<T>;
  buffer: T[];
  /** The next page of this source to read. */
  nextPage: number;
  total: number;
  done: boolean;
}

/** `first(a, b)` < 0 when `a` comes before `b`. */
export function mergedPages<T>(sources: readonly PageLoader<T>[], first: (a: T, b: T) => number, pageSize: number): PageLoader<T> {
  /** The reading since the last page 1; a call still running for an older one keeps to its own. */
  let session: { states: SourceState<T>[]; served: number } = { states: [], served: 0 };

  const readAhead = async (state: SourceState<T>) => {
    while (!state.done && state.buffer.length < pageSize) {
      const result = await state.load(state.nextPage);
      state.nextPage += 1;
      state.total = result.total;
      state.buffer.push(...result.list);
      if (result.list.length < pageSize || (state.nextPage - 1) * pageSize >= result.total) state.done = true;
    }
  };

  return async (page) => {
    if (page === 1) session = { states: sources.map((load) => ({ load, buffer: [], nextPage: 1, total: 0, done: false })), served: 0 };
    const current = session;
    await Promise.all(current.states.map(readAhead));
    const list: T[] = [];
    while (list.length < pageSize) {
      let next: SourceState<T> | null = null;
      for (const state of current.states) {
        const head = state.buffer[0];
        if (head === undefined) continue;
        if (!next || first(head, next.buffer[0] as T) < 0) next = state;
      }
      if (!next) break;
      list.push(next.buffer.shift() as T);
    }
    current.served += list.length;
    const finished = current.states.every((state) => state.done && state.buffer.length === 0);
    // At the end the count is exact (rows removed meanwhile would leave the totals promising more than there is).
    return { list, total: finished ? current.served : current.states.reduce((sum, state) => sum + state.total, 0) };
  };
}
