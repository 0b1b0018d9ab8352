/**
 * The typed route-builder factory: an app names its pages once, in its own `src/paths.ts`, and builds every address
 * of them with the `href` it gets back, never with hand-written strings.
 *
 * ```ts
 * export const { paths, href } = definePaths({ ticketDetail: '/ticket/detail', shop: '/shop/:code' } as const);
 * href('ticketDetail', {}, { id: 't-1' }); // /ticket/detail?id=t-1
 * href('shop', { code: 'S001' });          // /shop/S001
 * ```
 *
 * `href` needs the params exactly when the pattern has `:param`s, and takes an optional query. The pages other apps
 * link to are in `@app/host-sdk/paths` (built with this same factory).
 *
 * No router here: a lean page (`lean-page`) builds addresses with it too, and react-router's `generatePath` would bring
 * the router's whole module (11.7 KiB gzip) into its bundle. `generatePath` below is react-router 7's, to the letter.
 */

/** A query string's values; `undefined` and `null` are left out. */
export type Query = Record<string, string | number | boolean | null | undefined>;

/** Page name → react-router path pattern (absolute, e.g. `/ticket/detail`, `/shop/:code`). */
export type PathTable = Readonly<Record<string, string>>;

/** The `:param` names of a pattern (`'/a/:x/b/:y'` → `'x' | 'y'`). */
export type ParamNames<P extends string> = P extends `${string}:${infer Param}/${infer Rest}`
  ? Param | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Param}`
    ? Param
    : never;

/** What `href` takes after the name: the params when the pattern has any (all of them), then an optional query. */
export type HrefArgs<P extends string> = [ParamNames<P>] extends [never]
  ? [params?: Record<string, never>, query?: Query]
  : [params: { [K in ParamNames<P>]: string }, query?: Query];

/** The names in a table. */
export type PathName<T extends PathTable> = keyof T & string;

/** The names in a table whose pattern has no `:param`. */
export type StaticPathName<T extends PathTable> = {
  [N in PathName<T>]: [ParamNames<T[N]>] extends [never] ? N : never;
}[PathName<T>];

/** Builds the address of a named page of one table. */
export type Href<T extends PathTable> = <N extends PathName<T>>(name: N, ...args: HrefArgs<T[N]>) => string;

export interface DefinedPaths<T extends PathTable> {
  /** The patterns, for a `routes.ts` (`path: paths.ticketDetail`). */
  paths: T;
  href: Href<T>;
}

export function definePaths<const T extends PathTable>(paths: T): DefinedPaths<T> {
  const href = <N extends PathName<T>>(name: N, ...args: HrefArgs<T[N]>): string => {
    const [params, query] = args;
    const pattern = paths[name] as string;
    return generatePath(pattern, params as Record<string, string> | undefined) + toSearch(query);
  };
  return { paths, href };
}

/**
 * The address of `pattern` with `params` put in, as react-router 7's `generatePath` builds it: each `:param` encoded
 * (`encodeURIComponent`), an optional `:param?` left out when not given, a trailing `*` replaced by `params['*']`.
 * A missing required param throws.
 */
export function generatePath(pattern: string, params: Record<string, string | number | null | undefined> = {}): string {
  let path = pattern;
  if (path.endsWith('*') && path !== '*' && !path.endsWith('/*')) path = path.replace(/\*$/, '/*');
  const prefix = path.startsWith('/') ? '/' : '';
  const text = (value: unknown) => (value == null ? '' : String(value));
  const segments = path
    .split(/\/+/)
    .map((segment, index, all) => {
      if (index === all.length - 1 && segment === '*') return text(params['*']);
      const param = /^:([\w-]+)(\??)(.*)/.exec(segment);
      if (param) {
        const [, name = '', optional, suffix = ''] = param;
        const value = params[name];
        if (optional !== '?' && value == null) throw new Error(`Missing ":${name}" param`);
        return encodeURIComponent(text(value)) + suffix;
      }
      return segment.replace(/\?$/g, '');
    })
    .filter((segment) => !!segment);
  return prefix + segments.join('/');
}

export function toSearch(query: Query | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
