/**
 * The page cache (docs/product.md, "Screens and the host"): visited pages stay mounted (hidden with React's <Activity>, so their state survives) and
 * get their scroll position back, except pages whose meta says keepAlive: false (InvoiceDefaultCreate,
 * InvoiceApplyingList, InvoiceWaitingList, InvoiceTaskList and the host's pages), which start afresh on every visit.
 */
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import type { RouteHandle } from '@app/host-sdk/route-meta';

export interface CachedPage {
  key: string;
  element: ReactNode;
  handle: RouteHandle | undefined;
}

/** Pages kept besides the current one; the least recently shown goes first. */
export const PAGE_CACHE_SIZE = 8;

export function pageKey(location: { pathname: string; search: string }): string {
  return `${location.pathname}${location.search}`;
}

/** Puts the current page at the end, drops pages that must not be kept, and trims to the cache size. */
export function nextCache(cache: readonly CachedPage[], current: CachedPage): CachedPage[] {
  const others = cache.filter((page) => page.key !== current.key && page.handle?.meta.keepAlive !== false);
  return [...others.slice(-PAGE_CACHE_SIZE), current];
}

/**
 * The pages to render: hidden ones with the element they last had, the current one with the router's live outlet.
 * React keeps a returning page's state because the tree under its <Activity> key keeps its shape; and the live
 * outlet carries the router's current state (a retried page, an error cleared).
 */
export function usePageCache(current: CachedPage): CachedPage[] {
  const cache = useRef<CachedPage[]>([]);
  const scroll = useRef(new Map<string, number>());
  const shown = useRef<string | null>(null);

  cache.current = nextCache(cache.current, current);

  useLayoutEffect(() => {
    const previous = shown.current;
    if (previous === current.key) return;
    if (previous) scroll.current.set(previous, window.scrollY);
    shown.current = current.key;
    // The load's first page keeps where the window is: a screen the server painted may have been scrolled already.
    if (previous) window.scrollTo(0, scroll.current.get(current.key) ?? 0);
  }, [current.key]);

  return cache.current;
}
