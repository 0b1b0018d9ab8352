/**
 * Cache headers of released files. A version's folder in the store is written once, and a file whose name carries its
 * content's hash (the chunks, the stylesheets and a remote's entry, `static/js/ticket.12ae95e305.js`) never changes,
 * so browsers and CDNs keep it for a year: a phone opening a page fetches the live remote's entry once, not once plus a
 * revalidation before it can run it. The files that say what is live and name those (index.html, `/remotes.json`,
 * mf-manifest.json) are revalidated on every load, or a release or rollback would not reach the user.
 */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

/** A file whose name carries its content's hash (the fleet's nginx serves these itself: deploy/src/fleet/nginx-config.ts). */
export const HASHED_FILE = /\.[0-9a-f]{8,}\.[a-z0-9]+$/;

/** @param relativePath path of the file inside its version folder, e.g. `static/js/async/12.ab34cd56ef.js` */
export function cacheControlFor(relativePath: string): string {
  const path = relativePath.replace(/\.(gz|br)$/, '');
  return HASHED_FILE.test(path) ? IMMUTABLE : NO_CACHE;
}
