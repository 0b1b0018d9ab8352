/**
 * PagedList: the one list of every list screen. It loads pages of 20 through `load(page)` (page 1-based), shows a
 * skeleton while the first page loads, pull to refresh, infinite scroll up to `total` and at most 1000 items, an empty
 * state with the screen's next action, and an error state with 重试.
 *
 * - Page 1 the page already has (`first`: the answer the page carries) is drawn in the first render, server's or browser's.
 * - A new `queryKey` (another filter or search) starts over: skeleton, then page 1. Answers that arrive for an older
 *   key or an older reload are dropped, so a slow answer never overwrites a newer one.
 * - Reload after a mutation through a handle: pass `ref` (in React 19 a plain prop, no forwardRef) and call
 *   `await listRef.current?.reload()`. It fetches page 1 again while the rows stay on screen (the skeleton shows only
 *   when there were no rows yet), and resolves when done, failed or superseded; it never rejects (a failed call was
 *   already shown to the user by the API client).
 * - The host keeps visited pages mounted (React `<Activity>`), which re-runs effects when a page is shown again: the
 *   list then keeps what it shows instead of loading again. A page that must refresh on return calls `reload()`.
 */
import { useCallback, useEffect, useImperativeHandle, useLayoutEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { Button } from './button';
import { DotLoading } from './dot-loading';
import { InfiniteScroll } from './infinite-scroll';
import { RefreshOnPull } from './refresh-on-pull';
import { Skeleton } from './skeleton';
import { StatusView } from './status-view';
import './paged-list.css';

import { LIST_LIMIT, type PagedResult } from './paging';

export interface PagedListHandle {
  /** Loads page 1 again, keeping the rows on screen until it arrives. */
  reload(): Promise<void>;
}

export interface PagedListEmpty {
  description: string;
  /** The next step, e.g. a button that adds the first item. */
  action?: ReactNode;
}

export interface PagedListProps<T> {
  /** Identifies the query (filters, search): when it changes, the list resets and loads page 1. */
  queryKey: string;
  /** Loads one page (1-based, 20 items). A rejection shows the error state (page 1) or a retry link (later pages). */
  load: (page: number) => Promise<PagedResult<T>>;
  itemKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  empty: PagedListEmpty;
  /** Shown above the rows in every state (filters, a summary). */
  header?: ReactNode;
  /** Skeleton rows while the first page loads. */
  skeletonRows?: number;
  /** Page 1 of the first query, already at hand (the answer the page carries): drawn at once, not asked for. */
  first?: PagedResult<T>;
  ref?: Ref<PagedListHandle>;
}

type ListState<T> =
  | { phase: 'loading' }
  | { phase: 'failed'; message: string }
  | {
      phase: 'ready';
      items: T[];
      total: number;
      /** The last page loaded. */
      page: number;
      /** A page came back empty before `total` was reached (rows were deleted meanwhile): stop asking. */
      exhausted: boolean;
      /** Counts first pages shown, so a fresh first page also gets a fresh infinite scroll. */
      version: number;
    };

const FAILED_MESSAGE = '请检查网络后重试';
const CHINESE = /[\u4e00-\u9fff]/;

/**
 * The server's messages are Chinese sentences worth showing; a library's own (axios's "Network Error", a time-out)
 * mean nothing to the user.
 */
function messageOf(error: unknown): string {
  return error instanceof Error && CHINESE.test(error.message) ? error.message : FAILED_MESSAGE;
}

function firstPage<T>(result: PagedResult<T>, previous: ListState<T>): ListState<T> {
  const version = previous.phase === 'ready' ? previous.version + 1 : 0;
  return {
    phase: 'ready',
    items: result.list.slice(0, LIST_LIMIT),
    total: result.total,
    page: 1,
    exhausted: result.list.length === 0,
    version,
  };
}

function appendPage<T>(state: ListState<T>, result: PagedResult<T>, page: number, itemKey: (item: T) => string): ListState<T> {
  if (state.phase !== 'ready' || page !== state.page + 1) return state;
  // Rows shift between pages when data changes meanwhile: never show one twice.
  const known = new Set(state.items.map(itemKey));
  const fresh = result.list.filter((item) => !known.has(itemKey(item)));
  return {
    ...state,
    items: [...state.items, ...fresh].slice(0, LIST_LIMIT),
    total: result.total,
    page,
    exhausted: result.list.length === 0,
  };
}

function hasMore<T>(state: ListState<T>): boolean {
  return state.phase === 'ready' && !state.exhausted && state.items.length < Math.min(state.total, LIST_LIMIT);
}

function ListSkeleton({ rows }: { rows: number }) {
  return (
    <div className="app-paged-list__skeleton" role="status" aria-busy="true" aria-label="加载中">
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows are all alike and never move: the position is all they have.
        <div className="app-paged-list__skeleton-row" key={index}>
          <Skeleton.Title animated className="app-paged-list__skeleton-title" />
          <Skeleton.Paragraph animated lineCount={2} className="app-paged-list__skeleton-lines" />
        </div>
      ))}
    </div>
  );
}

interface KeptRow<T> {
  item: T;
  element: ReactNode;
}

/**
 * Each row's element, kept while its item and `renderItem` stay the same: a page appended to a long list renders its
 * own rows, not every row above it again (React skips an element it rendered before). A new `renderItem` (the screen
 * rendered again, with other state) renders every row afresh.
 */
function useRowElements<T>(items: readonly T[], itemKey: (item: T) => string, renderItem: (item: T) => ReactNode): ReactNode[] {
  const kept = useRef<{ renderItem: (item: T) => ReactNode; rows: Map<string, KeptRow<T>> } | null>(null);
  const previous = kept.current?.renderItem === renderItem ? kept.current.rows : null;
  const rows = new Map<string, KeptRow<T>>();
  const elements = items.map((item) => {
    const key = itemKey(item);
    const before = previous?.get(key);
    const element =
      before?.item === item ? (
        before.element
      ) : (
        <li className="app-paged-list__row" key={key}>
          {renderItem(item)}
        </li>
      );
    rows.set(key, { item, element });
    return element;
  });
  kept.current = { renderItem, rows };
  return elements;
}

function MoreStatus({ more, failed, retry }: { more: boolean; failed: boolean; retry: () => void }) {
  if (!more) return <span className="app-paged-list__end">没有更多了</span>;
  if (failed) {
    return (
      <span>
        加载失败，
        <button type="button" className="app-paged-list__retry-more" onClick={retry}>
          重新加载
        </button>
      </span>
    );
  }
  return (
    <span>
      加载中
      <DotLoading />
    </span>
  );
}

export function PagedList<T>({ queryKey, load, itemKey, renderItem, empty, header, skeletonRows = 5, first, ref }: PagedListProps<T>) {
  const [state, setState] = useState<ListState<T>>(() => (first ? firstPage(first, { phase: 'loading' }) : { phase: 'loading' }));
  // The latest callbacks, read when an answer arrives (they are usually new functions on every render).
  const latest = useRef({ load, itemKey });
  useLayoutEffect(() => {
    latest.current = { load, itemKey };
  });
  /** Bumped by every new query and reload: an answer for an older one is dropped. */
  const generation = useRef(0);
  /** The query shown (or being loaded): a re-run of the effect for the same key changes nothing. */
  const shownKey = useRef<string | null>(first ? queryKey : null);

  // Reads only refs and sets state: the same function for the list's life.
  const loadFirstPage = useCallback(async (reset: boolean): Promise<void> => {
    const current = ++generation.current;
    if (reset) setState({ phase: 'loading' });
    else setState((previous) => (previous.phase === 'ready' ? previous : { phase: 'loading' }));
    try {
      const result = await latest.current.load(1);
      if (current !== generation.current) return;
      setState((previous) => firstPage(result, previous));
    } catch (error) {
      if (current !== generation.current) return;
      setState((previous) => (previous.phase === 'ready' ? previous : { phase: 'failed', message: messageOf(error) }));
    }
  }, []);

  useEffect(() => {
    if (shownKey.current === queryKey) return;
    shownKey.current = queryKey;
    void loadFirstPage(true);
  }, [queryKey, loadFirstPage]);

  useImperativeHandle(ref, () => ({ reload: () => loadFirstPage(false) }), [loadFirstPage]);

  /**
   * The last page asked for, in the current query. Asking again for it (or an earlier one) shares that load: an
   * infinite scroll asks again as it sees fit, perhaps before the page that just arrived is shown. A failed page may
   * be asked for again.
   */
  const asked = useRef<{ generation: number; page: number; done: Promise<void> } | null>(null);

  const loadMore = (): Promise<void> => {
    if (state.phase !== 'ready') return Promise.resolve();
    const current = generation.current;
    const page = state.page + 1;
    const prior = asked.current;
    if (prior && prior.generation === current && prior.page >= page) return prior.done;
    const ask = { generation: current, page, done: Promise.resolve() };
    ask.done = (async () => {
      let result: PagedResult<T>;
      try {
        result = await latest.current.load(page);
      } catch (error) {
        if (asked.current === ask) asked.current = null;
        // A failure of a superseded query is nobody's concern; a current one shows 加载失败 with a retry link.
        if (current !== generation.current) return;
        throw error;
      }
      if (current !== generation.current) return;
      setState((previous) => appendPage(previous, result, page, latest.current.itemKey));
    })();
    asked.current = ask;
    return ask.done;
  };

  const rowElements = useRowElements(state.phase === 'ready' ? state.items : [], itemKey, renderItem);
  let body: ReactNode;
  if (state.phase === 'loading') {
    body = <ListSkeleton rows={skeletonRows} />;
  } else if (state.phase === 'failed') {
    body = (
      <StatusView icon="disconnected" title="加载失败" description={state.message}>
        <div className="app-paged-list__state-action">
          <Button color="primary" fill="outline" size="small" onClick={() => void loadFirstPage(true)}>
            重试
          </Button>
        </div>
      </StatusView>
    );
  } else {
    const more = hasMore(state);
    body = (
      <RefreshOnPull onRefresh={() => loadFirstPage(false)}>
        {state.items.length === 0 ? (
          <StatusView icon="empty" title={empty.description}>
            {empty.action ? <div className="app-paged-list__state-action">{empty.action}</div> : null}
          </StatusView>
        ) : (
          <>
            <ul className="app-paged-list__rows">{rowElements}</ul>
            <InfiniteScroll key={state.version} className="app-paged-list__more" loadMore={loadMore} hasMore={more}>
              {(moreLeft, failed, retry) => <MoreStatus more={moreLeft} failed={failed} retry={retry} />}
            </InfiniteScroll>
          </>
        )}
      </RefreshOnPull>
    );
  }

  return (
    <div className="app-paged-list">
      {header}
      {body}
    </div>
  );
}
