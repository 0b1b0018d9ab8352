/**
 * What a remote's `./routes` module exports, and what the host reads from it. Remotes describe their pages; the host
 * turns them into router routes (with an error boundary each), so a remote never touches the router's internals.
 */
import type { ComponentType } from 'react';

export interface RouteMeta {
  /** The page name (docs/product.md, "Screens and the host" where it gives one, e.g. InvoiceDefaultCreate, payment_list). Unique across the app. */
  name: string;
  /** Chinese title: the NavBar and the document title. */
  title: string;
  /** Whether the bottom tab bar shows on this page. */
  tabBar: boolean;
  /** Whether the page stays alive (state and scroll kept) when the user leaves it. */
  keepAlive: boolean;
  /** Whether the page needs a signed-in user. */
  auth: boolean;
}

export interface RemoteRoute {
  /** A react-router path pattern, absolute (e.g. `/invoice/create`, `/shop/:code`). */
  path: string;
  meta: RouteMeta;
  /** Loads the page module; its default export is the page component. */
  page: () => Promise<PageModule>;
}

/** A page module: its component, and what it loads before it is first shown. */
export interface PageModule {
  default: ComponentType;
  /**
   * Run once the guard let the user in (the session is loaded), before the page is first shown: loads what the first
   * screen shows but the page splits off, such as the part for this kind of user (docs/architecture.md, "One fast
   * first load"). Without it, that part suspends the first render and its calls start only after it shows. A
   * failure shows the page as unavailable, with 重试.
   */
  prepare?: () => Promise<unknown>;
}

/** The shape of every remote's exposed `./routes` module. */
export interface RemoteRoutesModule {
  routes: RemoteRoute[];
}

/** The handle the host attaches to each router route, read back with `useMatches()`. */
export interface RouteHandle {
  meta: RouteMeta;
  /** The remote that owns the route, or `host`. */
  owner: string;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'meta' in value && 'owner' in value;
}

/** Builds a page's meta with the common defaults: signed in, no tab bar, kept alive. */
export function pageMeta(name: string, title: string, overrides: Partial<Omit<RouteMeta, 'name' | 'title'>> = {}): RouteMeta {
  return { name, title, tabBar: false, keepAlive: true, auth: true, ...overrides };
}
