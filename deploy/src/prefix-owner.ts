/**
 * Which app owns a path (docs/architecture.md, "Who owns which route"): the longest matching prefix wins. The host
 * routes with it, and the server with it picks what to preload for a page's first load (server/src/releases/first-load.ts).
 *
 * A prefix matches as follows: `/` matches only the home page; a prefix ending in `/` matches every path under it;
 * any other prefix matches itself and the paths under it segment-wise (`/my/wallet` owns `/my/wallet/list`, not
 * `/my/walletx`).
 */
export interface PrefixOwner {
  name: string;
  prefixes: readonly string[];
}

/** Paths the host renders itself; listed so that no remote is loaded for them. */
export const HOST_PREFIXES = ['/login', '/services-close', '/t/', '/shop/universalBindShop', '/privacy'] as const;

export function prefixMatches(prefix: string, path: string): boolean {
  if (prefix === '/') return path === '/';
  if (prefix.endsWith('/')) return path.startsWith(prefix) || path === prefix.slice(0, -1);
  return path === prefix || path.startsWith(`${prefix}/`);
}

export function ownerOf<T extends PrefixOwner>(path: string, owners: readonly T[]): T | undefined {
  let best: { owner: T; length: number } | undefined;
  for (const owner of owners) {
    for (const prefix of owner.prefixes) {
      if (prefixMatches(prefix, path) && (!best || prefix.length > best.length)) best = { owner, length: prefix.length };
    }
  }
  return best?.owner;
}
