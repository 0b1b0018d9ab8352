/**
 * The front version of this build (the host's, or a lean page's: see `lean-page`). When the service config announces
 * a higher frontVersion, clients running an older build reload without cache (docs/product.md: default 100). Bump it
 * with a host release that must reach every open client.
 */
export const FRONT_VERSION = 100;

const RELOAD_PARAM = '_fv';

/**
 * Reloads the page bypassing caches when the server wants a newer front version. Returns false when no reload is
 * needed, or when this page already is the reload for that version (so an old live host cannot loop).
 */
export function reloadForFrontVersion(required: number, location: Location = window.location): boolean {
  if (required <= FRONT_VERSION) return false;
  const url = new URL(location.href);
  if (url.searchParams.get(RELOAD_PARAM) === String(required)) return false;
  url.searchParams.set(RELOAD_PARAM, String(required));
  location.replace(url.toString());
  return true;
}
