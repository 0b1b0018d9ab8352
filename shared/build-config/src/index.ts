/**
 * Rsbuild + Module Federation settings for the host and every remote.
 *
 * The list of shared singletons lives here once, so a remote can never drift from what the host provides. Release
 * builds get their versioned public path through `ASSET_PREFIX` (set by `deploy/`); without it a remote builds with
 * `auto` for standalone development.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig, type RsbuildConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation, type ModuleFederationOptions } from '@module-federation/rsbuild-plugin';

type Shared = NonNullable<ModuleFederationOptions['shared']>;
type SharedConfig = Exclude<Shared, unknown[]> extends Record<string, infer V> ? Exclude<V, string> : never;

interface PackageJson {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  federation?: { name: string; port: number; prefixes: string[] };
}

export function readPackageJson(dir: string): PackageJson {
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageJson;
}

/**
 * The workspace's own shared packages, versioned by semver. Every module of theirs (`@app/ui/button`,
 * `@app/host-sdk/session`…) is its own singleton, so a page loads only the UI components it uses: shared modules are
 * not tree-shaken, so one big facade module would put every component into the first load.
 */
const WORKSPACE_SHARED = ['@app/host-sdk', '@app/ui'] as const;
/**
 * Third-party singletons, each entry point listed (a `react-dom/` prefix share would not be marked singleton).
 * react-router is deliberately absent: remotes reach it through `@app/host-sdk/router`, so the host's copy stays
 * tree-shaken (shared whole, it cost 60 KiB gzip of the first load).
 */
const THIRD_PARTY_SHARED = ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client', 'jotai', 'jotai/utils'] as const;

function dependsOn(pkg: PackageJson, name: string): boolean {
  return Boolean(pkg.dependencies?.[name] ?? pkg.peerDependencies?.[name] ?? pkg.devDependencies?.[name]);
}

function installedPackage(fromDir: string, name: string): { dir: string; version: string } {
  const require = createRequire(join(fromDir, 'package.json'));
  const pkgPath = require.resolve(`${name}/package.json`);
  return { dir: dirname(pkgPath), version: (JSON.parse(readFileSync(pkgPath, 'utf8')) as PackageJson).version };
}

/**
 * Modules that are not part of the host contract: a remote's standalone shell, and the page test harness (test code
 * only, which no app imports: shared/build-config/test/import-rules.test.ts checks it).
 */
const NOT_SHARED = new Set(['@app/host-sdk/standalone', '@app/host-sdk/testing']);

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

/** A build for the release store (deploy/ sets the versioned public path), as opposed to a team's dev server. */
const RELEASE_BUILD = Boolean(process.env.ASSET_PREFIX);

/**
 * What a remote's release build shares: the same singletons, but with no copy of its own (`import: false`). In the
 * release store the host provides every shared module (see provideAllSharedEntry) and `deploy/` refuses a release or
 * rollback whose remote requires a module the live host does not provide, so a remote's own copies would never run;
 * leaving them out takes their fallback table out of the remote entry (18.0 → 14.5 KiB gzip for the invoice remote)
 * and their chunks out of the release. A team's dev server keeps the copies: its standalone page has no host.
 */
export function remoteSharedDependencies(appDir: string, release: boolean): Shared {
  const shared = sharedDependencies(appDir) as Record<string, SharedConfig>;
  if (!release) return shared;
  return Object.fromEntries(Object.entries(shared).map(([name, config]) => [name, { ...config, import: false as const }]));
}

const htmlTags = {
  title: '优税通',
  meta: {
    viewport: 'width=device-width, initial-scale=1, maximum-scale=1, user-scalable=no, viewport-fit=cover',
    'format-detection': 'telephone=no',
  },
};

/**
 * The host provides only the shared modules its build contains, so a module only remotes use would otherwise be
 * missing from the share scope, and each remote would run its own copy. This never-loaded entry names every shared
 * workspace module (as lazy imports), so the host provides them all and a release can require that it does.
 */
function provideAllSharedEntry(appDir: string): string {
  const modules = Object.keys(sharedDependencies(appDir)).filter((key) => key.startsWith('@app/'));
  const dir = join(appDir, 'node_modules', '.cache');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'provide-shared-modules.js');
  const body = modules.map((module) => `  () => import(${JSON.stringify(module)}),`).join('\n');
  writeFileSync(file, `// Generated by @app/build-config: never loaded, see provideAllSharedEntry().\nexport default [\n${body}\n];\n`);
  return file;
}

/** The host: registers remotes at runtime from /remotes.json, so it lists none at build time. */
export function defineHostConfig(appDir: string, options: { runtimePlugins: string[] }): RsbuildConfig {
  return defineConfig({
    plugins: [
      pluginReact(),
      pluginModuleFederation({
        name: 'host',
        remotes: {},
        shared: sharedDependencies(appDir),
        shareStrategy: 'loaded-first',
        runtimePlugins: options.runtimePlugins,
        dts: false,
        experiments: { provideExternalRuntime: true, optimization: { target: 'web' } },
      }),
    ],
    source: {
      entry: {
        index: './src/index.ts',
        'provide-shared': { import: provideAllSharedEntry(appDir), html: false },
      },
    },
    html: { title: htmlTags.title, meta: htmlTags.meta },
    output: { assetPrefix: process.env.ASSET_PREFIX ?? '/', distPath: { root: process.env.DIST_DIR ?? 'dist' }, cleanDistPath: true },
    server: { port: 3000, proxy: { '/api': 'http://localhost:8080', '/remotes': 'http://localhost:8080' } },
    performance: { chunkSplit: { strategy: 'split-by-experience', override: { minSize: 0 } } },
  });
}

/**
 * A remote: exposes `./routes`; its package.json `federation` field names it, its standalone dev port and the path
 * prefixes it owns (recorded in the registry at release).
 */
export function defineRemoteConfig(appDir: string): RsbuildConfig {
  const pkg = readPackageJson(appDir);
  if (!pkg.federation) throw new Error(`${pkg.name}: package.json has no "federation" field`);
  const { name, port } = pkg.federation;
  return defineConfig({
    plugins: [
      pluginReact(),
      pluginModuleFederation({
        name,
        exposes: { './routes': './src/routes.ts' },
        shared: remoteSharedDependencies(appDir, RELEASE_BUILD),
        shareStrategy: 'loaded-first',
        dts: false,
        experiments: RELEASE_BUILD ? { externalRuntime: true, optimization: { target: 'web', disableRemote: true } } : {},
      }),
    ],
    // The standalone page for the remote's own team (`pnpm --filter <remote> dev`). Release builds share the host's
    // Module Federation runtime (externalRuntime: 33 → 15 KiB gzip per remote entry), so the standalone page works
    // from the dev server only, not from the release store.
    source: { entry: { index: './src/index.ts' } },
    html: { title: `${htmlTags.title} · ${name}`, meta: htmlTags.meta },
    output: { assetPrefix: process.env.ASSET_PREFIX ?? 'auto', distPath: { root: process.env.DIST_DIR ?? 'dist' }, cleanDistPath: true },
    server: { port, proxy: { '/api': 'http://localhost:8080' } },
    // The standalone page runs two bundler runtimes (the page and the remote container); HMR's per-build chunk check
    // then rejects the container's chunks ("Chunk is from another build"), so remotes live-reload instead.
    dev: { hmr: false, liveReload: true },
  });
}
