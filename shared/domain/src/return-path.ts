/**
 * Where the app may send a user back to (after signing in, after the service reopens): a path of this app, never
 * another site. The one judge of every hop that takes a return address (the server's sign-in routes and OAuth
 * callbacks, the host's services-close page), so they can never disagree.
 *
 * A string is judged as a URL parser will read it: it is parsed against an origin of our own, normalised (dot
 * segments removed, tabs and newlines dropped, as the WHATWG parser does), and what comes out must be on that origin
 * and a path that does not start with `//` or `/\`. What the judge returns is that normalised path, and it is what
 * the caller emits; emitting the raw string instead would let the parser's rewriting (`/.//evil.example` → `//evil.example`)
 * happen after the judgement. On top, the judge refuses anything the app itself never produces and parsers read in
 * different ways: controls, whitespace and backslashes anywhere, and percent-encoded slashes, backslashes or dots in
 * the path at any depth of encoding (so a hop that decodes it again cannot turn it into another site either).
 */

const JUDGE_ORIGIN = 'http://return-path.invalid';
export const MAX_RETURN_PATH_LENGTH = 2048;
/** C0 controls, space, DEL, C1 controls, backslash. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is what it is for
const NEVER_IN_A_RETURN_PATH = /[\u0000-\u0020\u007f-\u009f\\]/;
/** An encoded `/`, `\` or `.` in a path: never produced by the app's own routes. */
const ENCODED_SEPARATOR = /%(2f|5c|2e)/i;
const DECODING_DEPTH = 4;

function pathOf(url: URL): string {
  return `${url.pathname}${url.search}${url.hash}`;
}

/** A path that stays on whatever origin it is resolved against. */
function isPlainPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') && !NEVER_IN_A_RETURN_PATH.test(path);
}

/** The path part, decoded again and again: none of its layers may hide a separator or a second origin. */
function pathLayersAreSafe(pathname: string): boolean {
  let layer = pathname;
  for (let depth = 0; depth < DECODING_DEPTH; depth++) {
    if (ENCODED_SEPARATOR.test(layer) || !isPlainPath(layer)) return false;
    let decoded: string;
    try {
      decoded = decodeURIComponent(layer);
    } catch {
      return false;
    }
    if (decoded === layer) return true;
    layer = decoded;
  }
  return false;
}

/**
 * The normalised same-origin path to emit for `raw`, or null when `raw` could lead anywhere else. Idempotent:
 * `sameOriginPath(p) === p` for every path it returns.
 */
export function sameOriginPath(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_RETURN_PATH_LENGTH) return null;
  if (!isPlainPath(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, JUDGE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== JUDGE_ORIGIN || url.username || url.password) return null;
  const path = pathOf(url);
  if (path.length > MAX_RETURN_PATH_LENGTH || !isPlainPath(path) || !pathLayersAreSafe(url.pathname)) return null;
  return path;
}

/**
 * `path` (a judged return path) with `name=value` set in its query, replacing any earlier one; judged again as it
 * will be emitted. Throws when that would not be a same-origin path (never, for a judged path).
 */
export function withQueryParameter(path: string, name: string, value: string): string {
  const url = new URL(path, JUDGE_ORIGIN);
  url.searchParams.delete(name);
  url.searchParams.set(name, value);
  const emitted = pathOf(url);
  if (sameOriginPath(emitted) !== emitted) throw new Error('return path would leave the app');
  return emitted;
}
