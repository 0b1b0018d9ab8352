/**
 * The shared singletons (docs/architecture.md, "Shared code between remotes"): one list, so a remote can never drift
 * from what the host provides; what the host shares, what a remote shares, and the entry that makes the host provide
 * every shared workspace module.
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ModuleFederationOptions } from '@module-federation/rsbuild-plugin';
import { dependsOn, installedPackage, readPackageJson } from './package-json';

export type Shared = NonNullable<ModuleFederationOptions['shared']>;
type SharedConfig = Exclude<Shared, unknown[]> extends Record<string, infer V> ? Exclude<V, string> : never;

/**
 * The workspace's own shared packages, versioned by semver. `@app/widgets` is not one of them: it is a library each
 * remote bundles at its build (docs/architecture.md, "Shared code between remotes"), so a remote picks up a new
 * widget when it rebuilds, with no host release. Every module of theirs (`@app/ui/button`,
 * `@app/host-sdk/session`…) is its own singleton, so a page loads only the UI components it uses: shared modules are
 * not tree-shaken, so one big facade module would put every component into the first load.
 */
const WORKSPACE_SHARED = ['@app/host-sdk', '@app/ui'] as const;
/**
 * Third-party singletons, each entry point listed (a `react-dom/` prefix share would not be marked singleton).
 * react-router is deliberately absent: remotes reach it through `@app/host-sdk/router`, so the host's copy stays
 * tree-shaken (shared whole, every page's first load would carry all of it).
 */
const THIRD_PARTY_SHARED = ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client', 'jotai', 'jotai/utils'] as const;

/**
 * Modules of @app/host-sdk that are the start-up of whoever owns the page, the host or a lean page (lean-pages.ts):
 * the host's start-up and route-guard rules, its error catalogue, sign-in, the 演示环境 badge, what 返回 does and the tap
 * made on a painted screen before the app was there. They are in
 * the SDK so that both run the same code, not for remotes to call: each page owner bundles them as its own code (the
 * host's modules they use, such as the session, are still the shared singletons), which keeps them out of the share
 * scope and its per-module chunks (shared, they would add requests to the host's first load).
 */
const PAGE_OWNER_MODULES = [
  'startup',
  'page-guard',
  'error-catalogue',
  'authorize',
  'in-app-browser',
  'front-version',
  'demo-badge',
  'lean-page',
  'lean-page-tree',
  'page-back',
  'painted-taps',
  'app-tab-bar',
  'tab-icon',
].map((module) => `@app/host-sdk/${module}`);

/**
 * Modules that are not part of the host contract: a remote's standalone shell, the page owner's start-up (above), the
 * server builds of a lean page and of a tab's first screen (React's server renderer, which no browser loads), the host page's inline early calls and a lean page's inline start (bundled apart into their HTML: pluginInlineScript; shared, every page
 * fetched them a second time in the host's start-up files), and the page test harness (test code only, which no app
 * imports).
 */
const NOT_SHARED = new Set([
  '@app/host-sdk/standalone',
  '@app/host-sdk/testing',
  '@app/host-sdk/early-calls',
  '@app/host-sdk/lean-start',
  '@app/host-sdk/lean-page-server',
  '@app/host-sdk/tab-first-screen-server',
  ...PAGE_OWNER_MODULES,
]);

/** A workspace package's modules: `src/<module>.ts(x)` is exported as `<package>/<module>`. */
function workspaceModules(packageDir: string, packageName: string): string[] {
  return readdirSync(join(packageDir, 'src'))
    .filter((file) => /\.tsx?$/.test(file) && !/\.(test|spec)\.tsx?$/.test(file) && !file.endsWith('.d.ts'))
    .map((file) => `${packageName}/${file.replace(/\.tsx?$/, '')}`)
    .filter((module) => !NOT_SHARED.has(module));
}

/**
 * The shared map for an app at `appDir`. Every entry is a singleton with an explicit version and the range the app
 * requires, so the mf-manifest states what the release check compares (react major, host-sdk and ui ranges).
 *
 * A workspace package's range is `^` the exact version the app is built against, read from the installed package:
 * a remote built against `@app/ui` 1.2.0 (whose Form a 1.0 host does not have) requires `^1.2.0`, so a host serving
 * 1.0.0, or 2.0.0, is refused at release. The package.json spec (`workspace:*`) plays no part: nobody keeps a range
 * by hand, and the build never states a looser one than it was built against.
 */
export function sharedDependencies(appDir: string): Shared {
  const pkg = readPackageJson(appDir);
  const shared: Record<string, SharedConfig> = {};
  for (const key of THIRD_PARTY_SHARED) {
    const packageName = key.split('/')[0] as string;
    const { version } = installedPackage(appDir, packageName);
    // The same major is enough: a singleton is only ever one copy, the host's.
    shared[key] = { singleton: true, version, requiredVersion: `^${version.split('.')[0]}.0.0` };
  }
  for (const name of WORKSPACE_SHARED) {
    if (!dependsOn(pkg, name)) continue;
    const { dir, version } = installedPackage(appDir, name);
    for (const module of workspaceModules(dir, name)) {
      shared[module] = { singleton: true, version, requiredVersion: `^${version}` };
    }
  }
  return shared;
}

/**
 * What the host shares: the same singletons, each with no required range (`requiredVersion: false`). The host only ever
 * consumes the modules it provides itself, the same build, so a range would be checked (a semver comparison in the
 * federation runtime, on a phone's main thread, for every shared module the start-up uses) and could never fail. The
 * release check compares each remote's ranges with the versions the host's manifest states
 * (deploy/src/compatibility.ts), which are unchanged.
 */
export function hostSharedDependencies(appDir: string): Shared {
  const shared = sharedDependencies(appDir) as Record<string, SharedConfig>;
  return Object.fromEntries(Object.entries(shared).map(([name, config]) => [name, { ...config, requiredVersion: false as const }]));
}

/**
 * What a remote's release build shares: the same singletons, but with no copy of its own (`import: false`). In the
 * release store the host provides every shared module (see provideAllSharedEntry) and `deploy/` refuses a release or
 * rollback whose remote requires a module the live host does not provide, so a remote's own copies would never run;
 * leaving them out takes their fallback table out of the remote entry and their chunks out of the release. A team's dev
 * server keeps the copies: its standalone page has no host.
 */
export function remoteSharedDependencies(appDir: string, release: boolean): Shared {
  const shared = sharedDependencies(appDir) as Record<string, SharedConfig>;
  if (!release) return shared;
  return Object.fromEntries(Object.entries(shared).map(([name, config]) => [name, { ...config, import: false as const }]));
}

/**
 * The host provides only the shared modules its build contains, so a module only remotes use would otherwise be
 * missing from the share scope, and each remote would run its own copy. This never-loaded entry names every shared
 * workspace module (as lazy imports), so the host provides them all and a release can require that it does.
 */
export function provideAllSharedEntry(appDir: string): string {
  const modules = Object.keys(sharedDependencies(appDir)).filter((key) => key.startsWith('@app/'));
  const dir = join(appDir, 'node_modules', '.cache');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'provide-shared-modules.js');
  const body = modules.map((module) => `  () => import(${JSON.stringify(module)}),`).join('\n');
  writeFileSync(file, `// Generated by @app/build-config: never loaded, see provideAllSharedEntry().\nexport default [\n${body}\n];\n`);
  return file;
}
