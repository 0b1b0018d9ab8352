/**
 * docs/routes.md, as the sources say it today: every route with its owner, page module and calls, each call prefix
 * with the server files that define it, and each call with the pages and client modules that make it.
 * scripts/routes-doc.ts writes it; architecture.test.ts fails when the file on disk differs.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { type PageCalls, pageCalls, serverCalls } from './page-calls';
import { allRoutes, type RouteEntry } from './route-table';

export const ROUTES_DOC = 'docs/routes.md';
export const ROUTES_DOC_COMMAND = 'node scripts/run.mjs scripts/routes-doc.ts';

/** Where client code lives: what the "named in" column searches. */
const CLIENT_SOURCES = ['host/src', 'remotes', 'shared/host-sdk/src', 'shared/widgets/src'];
const TEST = /(^|\/)(test|tests|test-support)\/|\.(test|spec)\.[^/]+$/;

const code = (text: string) => `\`${text}\``;
const list = (items: readonly string[]) => (items.length === 0 ? '—' : items.map(code).join(', '));
const fileLink = (file: string) => `[${file}](../${file})`;

function clientFiles(root: string, dir: string): string[] {
  return readdirSync(join(root, dir))
    .sort()
    .flatMap((name) => {
      const path = `${dir}/${name}`;
      if (statSync(join(root, path)).isDirectory()) return name === 'node_modules' || name === 'dist' ? [] : clientFiles(root, path);
      return /\.(ts|tsx)$/.test(name) && !TEST.test(path) ? [path] : [];
    });
}

/** The client modules that write each call's name. */
function namedIn(root: string, calls: ReadonlySet<string>): Map<string, string[]> {
  const named = new Map<string, string[]>();
  for (const file of CLIENT_SOURCES.flatMap((dir) => clientFiles(root, dir))) {
    for (const match of readFileSync(join(root, file), 'utf8').matchAll(/['"`]([a-zA-Z]+\/[a-zA-Z]+)['"`]/g)) {
      const call = match[1] ?? '';
      if (calls.has(call) && !named.get(call)?.includes(file)) named.set(call, [...(named.get(call) ?? []), file]);
    }
  }
  return named;
}

function routesTable(routes: readonly { route: RouteEntry; calls?: PageCalls }[]): string[] {
  const rows = routes.map(({ route, calls }) => {
    const page = route.pageFile ? fileLink(route.pageFile) : `redirects to ${code(route.redirectTo ?? '?')}`;
    return `| ${code(route.path)} | ${route.owner} | ${route.name} | ${route.title} | ${page} | ${list(calls?.own ?? [])} | ${list(calls?.viaHostSdk ?? [])} |`;
  });
  return [
    '| path | owner | page name | title | page module | calls | calls through `@app/host-sdk` |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
  ];
}

function prefixTable(defined: ReadonlyMap<string, string>): string[] {
  const byPrefix = new Map<string, { files: Set<string>; calls: string[] }>();
  for (const [call, file] of [...defined].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const prefix = call.slice(0, call.indexOf('/'));
    const entry = byPrefix.get(prefix) ?? { files: new Set(), calls: [] };
    entry.files.add(file);
    entry.calls.push(call.slice(prefix.length + 1));
    byPrefix.set(prefix, entry);
  }
  const rows = [...byPrefix].map(
    ([prefix, { files, calls }]) => `| ${code(`${prefix}/`)} | ${[...files].sort().map(fileLink).join(', ')} | ${calls.join(', ')} |`,
  );
  return ['| prefix | defined in | its calls |', '| --- | --- | --- |', ...rows];
}

function callsTable(
  defined: ReadonlyMap<string, string>,
  routes: readonly { route: RouteEntry; calls?: PageCalls }[],
  named: ReadonlyMap<string, string[]>,
): string[] {
  const rows = [...defined.keys()].sort().map((call) => {
    const pages = routes.filter(({ calls }) => calls?.own.includes(call)).map(({ route }) => route.path);
    const through = routes.filter(({ calls }) => calls?.viaHostSdk.includes(call)).map(({ route }) => route.path);
    const pagesCell = [list(pages), ...(through.length > 0 ? [`through \`@app/host-sdk\`: ${list(through)}`] : [])].join('; ');
    return `| ${code(call)} | ${fileLink(defined.get(call) ?? '')} | ${pagesCell} | ${list(named.get(call) ?? [])} |`;
  });
  return ['| call | defined in | pages that make it | client modules that name it |', '| --- | --- | --- | --- |', ...rows];
}

export function renderRoutesDoc(root: string): string {
  const defined = serverCalls(root);
  const known = new Set(defined.keys());
  const routes = allRoutes(root).map((route) => ({ route, calls: route.pageFile ? pageCalls(route.pageFile, root, known) : undefined }));
  const lines = [
    '# 优税通 · routes and calls',
    '',
    `<!-- Written by \`${ROUTES_DOC_COMMAND}\` from the sources; architecture.test.ts fails when it is stale. Do not edit by hand. -->`,
    '',
    'Every route of the app, the app that owns it, its page module and the API calls the page makes; then each call',
    'prefix with the server files that define its calls, and each call with the pages and client modules that make it.',
    `Regenerate after changing a route, a page's calls or a server calls file: ${code(ROUTES_DOC_COMMAND)}.`,
    '',
    "The routes are read from `host/src/router/host-routes.tsx` and each remote's `src/routes.ts`, their patterns from",
    "the remote's `src/paths.ts` or `@app/host-sdk/paths` (`appPaths`). A page's calls are the call names written in what",
    "its module uses, followed through its imports as a bundler's tree-shaking follows them (the remote's features, the",
    "shared widgets, the host's modules); calls made inside `@app/host-sdk` (the session, the dialogs, task polling) are",
    'in their own column. A call made only through an object passed at run time (the remote registry, a context) is not',
    'seen: the "client modules" column of the last table names every module that writes the call.',
    '',
    '## Routes',
    '',
    ...routesTable(routes),
    '',
    '## Call prefixes and the server files that define them',
    '',
    `Each call is declared with \`defineCall('<prefix>/<action>', …)\` (${fileLink('server/src/http/define-call.ts')}).`,
    '',
    ...prefixTable(defined),
    '',
    '## Calls',
    '',
    ...callsTable(defined, routes, namedIn(root, known)),
    '',
  ];
  return lines.join('\n');
}

export function routesDocPath(root: string): string {
  return join(root, ROUTES_DOC);
}

/** The lines where the file on disk and the sources part, for the stale file's message. */
export function firstDifference(actual: string, expected: string, root: string): string {
  const a = actual.split('\n');
  const b = expected.split('\n');
  const line = a.findIndex((text, index) => text !== b[index]);
  const at = line === -1 ? Math.min(a.length, b.length) : line;
  return `${relative(root, routesDocPath(root))}:${at + 1}\n  on disk: ${a[at] ?? '(end)'}\n  sources: ${b[at] ?? '(end)'}`;
}
