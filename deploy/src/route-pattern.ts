/**
 * Route patterns (`/shop/:code`, `/invoice/list`) matched as the host's router matches them: the server with it picks a
 * page's first calls and lean pages (server/src/releases/), the host the page module to load at start-up
 * (host/src/remotes/remote-registry.ts).
 */

export function withoutTrailingSlash(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
}

/** Whether `pathname` is an address of the route `pattern` (`/shop/:code`: a `:param` is one non-empty segment). */
export function matchesRoute(pattern: string, pathname: string): boolean {
  const want = pattern.split('/');
  const have = withoutTrailingSlash(pathname).split('/');
  return want.length === have.length && want.every((part, index) => (part.startsWith(':') ? Boolean(have[index]) : part === have[index]));
}
