/**
 * Cache headers of released files. Hashed files never change, so browsers and CDNs keep them for a year; the files
 * that name them (index.html, mf-manifest.json, a remote's entry) must be revalidated on every load, or a release or
 * rollback would not reach the user.
 */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

/** A file whose name carries its content's hash (the fleet's nginx serves these itself: deploy/src/fleet/nginx-config.ts). */
export const HASHED_FILE = /\.[0-9a-f]{8,}\.[a-z0-9]+$/;

/**
 * @param relativePath path of the file inside its version folder, e.g. `static/js/async/12.ab34cd56ef.js`
 * @param remoteEntry the remote entry file named by the version's mf-manifest.json, if any
 */
export function cacheControlFor(relativePath: string, remoteEntry?: string): string {
  const path = relativePath.replace(/\.(gz|br)$/, '');
  if (path === remoteEntry) return NO_CACHE;
  return HASHED_FILE.test(path) ? IMMUTABLE : NO_CACHE;
}
