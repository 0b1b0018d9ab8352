/**
 * Rsbuild + Module Federation settings for the host and every remote.
 *
 * The list of shared singletons lives here once, so a remote can never drift from what the host provides. Release
 * builds get their versioned public path through `ASSET_PREFIX` (set by `deploy/`); without it a remote builds with
 * `auto` for standalone development.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { dirname, join, relative } from 'node:path';
import { defineConfig, type EnvironmentConfig, type RsbuildConfig, type RsbuildPlugin } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation, type ModuleFederationOptions } from '@module-federation/rsbuild-plugin';
import { buildSync } from 'esbuild';
import { FIRST_CALLS_FILE, type FirstCalls } from '@app/contract/first-calls';

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

function dependsOn(pkg: PackageJson, name: string): boolean {
  return Boolean(pkg.dependencies?.[name] ?? pkg.peerDependencies?.[name] ?? pkg.devDependencies?.[name]);
}

function installedPackage(fromDir: string, name: string): { dir: string; version: string } {
  const require = createRequire(join(fromDir, 'package.json'));
  const pkgPath = require.resolve(`${name}/package.json`);
  return { dir: dirname(pkgPath), version: (JSON.parse(readFileSync(pkgPath, 'utf8')) as PackageJson).version };
}

/**
 * Modules of @app/host-sdk that are the start-up of whoever owns the page, the host or a lean page (see `leanPages`
 * below): the host's start-up and route-guard rules, its error catalogue, sign-in, the 演示环境 badge and what 返回 does. They are in
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
  'page-back',
].map((module) => `@app/host-sdk/${module}`);

/**
 * Modules that are not part of the host contract: a remote's standalone shell, the page owner's start-up (above),
 * the host page's inline early calls (bundled apart into its HTML: pluginEarlyCallsScript; shared, every page
 * fetched them a second time in the host's start-up files), and the page test harness (test code only, which no app
 * imports).
 */
const NOT_SHARED = new Set(['@app/host-sdk/standalone', '@app/host-sdk/testing', '@app/host-sdk/early-calls', ...PAGE_OWNER_MODULES]);

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

/** The CSS files of a folder and its subfolders. */
function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

/**
 * The salt of an app's CSS-module class names: a digest of the CSS of the @app/widgets it bundles, or null when it
 * bundles none. Each remote brings its own copy of the widgets' CSS into the one page (docs/architecture.md, "Shared
 * code between remotes"); class names hashed from the module's path alone would be the same in every remote, so a
 * remote built with other widget CSS would restyle the others' widgets. Salted with the CSS itself, the same CSS gives
 * the same names (and the same rules) and different CSS different ones.
 */
export function widgetsCssSalt(appDir: string): string | null {
  if (!dependsOn(readPackageJson(appDir), '@app/widgets')) return null;
  const { dir } = installedPackage(appDir, '@app/widgets');
  const hash = createHash('sha256');
  for (const file of cssFiles(join(dir, 'src')).sort()) hash.update(`${relative(dir, file)}\n${readFileSync(file, 'utf8')}\n`);
  return hash.digest('hex').slice(0, 16);
}

/**
 * `PROFILE_BUILD=1` (`npm run bench:cpu-profile`): not minified, modules named by their path, so that a profile's frames
 * name the modules they are in. For the benchmarks' own release stores only: never set it for `npm run release`.
 */
const PROFILE_BUILD = Boolean(process.env.PROFILE_BUILD);
const profileOutput = PROFILE_BUILD ? { minify: false } : {};
const profileTools = PROFILE_BUILD ? { rspack: { optimization: { moduleIds: 'named' as const } } } : {};

/** A build for the release store (deploy/ sets the versioned public path), as opposed to a team's dev server. */
const RELEASE_BUILD = Boolean(process.env.ASSET_PREFIX);

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
 * The icon: a blue tile with a white receipt, inline (the page makes no request for it, and no browser asks the
 * server for /favicon.ico, which it would answer 404).
 */
const FAVICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#0e5fd8"/><path d="M10 7h12v18l-3-2-3 2-3-2-3 2z" fill="#fff"/><path d="M13 12h6M13 16h6" stroke="#0e5fd8" stroke-width="2"/></svg>',
)}`;

/**
 * What every page's HTML carries (the host's, a lean page's, a remote's own dev page): the language (zh-CN, so a
 * screen reader reads it as Chinese), a viewport that lets the reader zoom, and the icon.
 */
const htmlTags = {
  title: '优税通',
  template: fileURLToPath(new URL('../html/index.html', import.meta.url)),
  meta: {
    viewport: 'width=device-width, initial-scale=1, viewport-fit=cover',
    'format-detection': 'telephone=no',
  },
  tags: [{ tag: 'link', attrs: { rel: 'icon', type: 'image/svg+xml', href: FAVICON } }],
};

/** The folder of `name` as `fromDir`'s package resolves it, or null where it does not depend on it. */
function packageDirFrom(fromDir: string, name: string): string | null {
  try {
    return dirname(createRequire(join(fromDir, 'package.json')).resolve(`${name}/package.json`));
  } catch {
    return null;
  }
}

/**
 * Library files that a production build should take instead of the ones their packages name:
 * - antd-mobile's ES modules import a few of rc-util's CommonJS files (`rc-util/lib/…`), which bring CommonJS copies
 *   of Babel's helpers beside the ES ones every other module uses, into the host's start-up;
 *   rc-util's `es/` folder has the same modules.
 * - react-router 7's package exports name only its development build (remix-run/react-router#12532), which warns in
 *   the console; its production build differs only in that.
 */
function libraryAliases(appDir: string): Record<string, string> {
  const aliases: Record<string, string> = {};
  const ui = packageDirFrom(appDir, '@app/ui');
  const antd = ui ? packageDirFrom(ui, 'antd-mobile') : null;
  const rcUtil = antd ? packageDirFrom(antd, 'rc-util') : null;
  if (rcUtil) aliases['rc-util/lib'] = join(rcUtil, 'es');
  const routerDom = packageDirFrom(appDir, 'react-router-dom');
  const router = routerDom ? packageDirFrom(routerDom, 'react-router') : null;
  if (router) {
    aliases['react-router$'] = join(router, 'dist/production/index.mjs');
    aliases['react-router/dom$'] = join(router, 'dist/production/dom-export.mjs');
  }
  return aliases;
}

const HOST_TEMPLATE = fileURLToPath(new URL('../html/host.html', import.meta.url));

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

/**
 * Puts the host page's early calls (`@app/host-sdk/early-calls`; docs/architecture.md, "One fast first load") inline at
 * the top of its head, marked `data-early-calls`: they go out as the HTML is parsed, not a round trip later, and read
 * the blocks the server writes before them (the address's first calls). The server's Content-Security-Policy for the
 * page names the script by its hash. It is bundled apart (esbuild), since every entry of the host's own build carries
 * the Module Federation runtime (130 KiB).
 */
function pluginEarlyCallsScript(appDir: string): RsbuildPlugin {
  const entry = createRequire(join(appDir, 'package.json')).resolve('@app/host-sdk/early-calls');
  return {
    name: 'app:early-calls-script',
    setup(api) {
      api.modifyHTMLTags((tags) => {
        const built = buildSync({
          entryPoints: [entry],
          bundle: true,
          minify: true,
          format: 'iife',
          target: 'es2020',
          write: false,
          legalComments: 'none',
        });
        const code = built.outputFiles[0]?.text.trim() ?? '';
        if (!code) throw new Error("the host page's early calls were not built");
        // Inline, nothing in it may end the element or open a comment.
        if (/<\/script|<!--/i.test(code)) throw new Error("the host page's early calls hold </script or <!--: they cannot be inline");
        // The entry script is deferred, so browsers fetch it at low priority, behind the chunks it loads (preloaded at
        // high priority): over a phone's network it then arrived last and held back the whole start-up.
        const headTags = tags.headTags.map((tag) =>
          tag.tag === 'script' && tag.attrs?.defer && tag.attrs.src ? { ...tag, attrs: { ...tag.attrs, fetchpriority: 'high' } } : tag,
        );
        // First after the charset: its calls go out before the browser fetches the scripts.
        const charset = headTags.findIndex((tag) => tag.tag === 'meta' && tag.attrs?.charset);
        headTags.splice(charset + 1, 0, { tag: 'script', attrs: { 'data-early-calls': true }, children: code });
        return { ...tags, headTags };
      });
    },
  };
}

/** The host: registers remotes at runtime from /remotes.json, so it lists none at build time. */
export function defineHostConfig(appDir: string, options: { runtimePlugins: string[] }): RsbuildConfig {
  return defineConfig({
    plugins: [
      pluginReact(),
      pluginEarlyCallsScript(appDir),
      pluginModuleFederation({
        name: 'host',
        remotes: {},
        shared: hostSharedDependencies(appDir),
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
    resolve: { alias: libraryAliases(appDir) },
    // The host's page has a shell (its bar and placeholder lines) that shows before any script has run.
    html: { title: htmlTags.title, template: HOST_TEMPLATE, meta: htmlTags.meta, tags: htmlTags.tags },
    output: {
      assetPrefix: process.env.ASSET_PREFIX ?? '/',
      distPath: { root: process.env.DIST_DIR ?? 'dist' },
      cleanDistPath: true,
      ...profileOutput,
    },
    server: { port: 3000, proxy: { '/api': 'http://localhost:8080', '/remotes': 'http://localhost:8080' } },
    splitChunks: hostSplitChunks(),
    tools: profileTools,
    // Every page's start-up needs these: the browser fetches them beside index.js, not after it.
    performance: { preload: { type: 'async-chunks', include: HOST_START_FILES } },
  });
}

const inPackages = (names: string) => new RegExp(`[\\\\/]node_modules[\\\\/](?:${names})[\\\\/]`);

/**
 * The host's chunks (docs/architecture.md, "One fast first load"). Every shared module is its own lazy chunk group, so
 * left to itself the build makes one file per module: dozens of requests on a tab's first load, most of them tiny,
 * queued six at a time over HTTP/1.1. The groups below put what every page runs into four files (module identity, and
 * so the one-copy rule, is unchanged: only the files differ): each request costs a phone a round trip on one of its six
 * connections, in which that connection carries nothing, so a page's start-up in few files (and their CSS in one) has
 * its content drawn sooner. Not fewer than four: a new connection carries little in its first round trips (TCP's slow
 * start), so React DOM, the largest library, arrives sooner beside the other libraries than with them in one file. The
 * start-up still evaluates them in several short tasks (host/src/index.ts): a file's modules run when they are first
 * imported, not when it arrives. What only some pages use (the sign-in and face dialogs, forms, pickers, animation and
 * gestures) keeps its own files.
 */
function hostSplitChunks(): NonNullable<RsbuildConfig['splitChunks']> {
  return {
    preset: 'default',
    chunks: 'all',
    // Below the groups, a module shared by several pages gets a file of its own rather than joining a bigger shared
    // file that a page would fetch whole (with the default 20 KB floor, a remote's first visit would fetch other pages'
    // code too).
    minSize: 0,
    cacheGroups: {
      // React DOM and its scheduler, the largest library, in a file of its own (above).
      libReactDom: { name: 'lib-react-dom', test: inPackages('react-dom|scheduler'), priority: 31, enforce: true, chunks: 'all' },
      // The other libraries of every page: React, jotai and the router. Not axios: the API client loads it
      // with the first call the page's early calls did not answer (its own file, lib-axios), after the first screen.
      libCore: {
        name: 'lib-core',
        test: inPackages('react|react-is|jotai|react-router|react-router-dom|@remix-run[\\\\/][^\\\\/]+|cookie|set-cookie-parser'),
        priority: 30,
        enforce: true,
        chunks: 'all',
      },
      // axios with the API client's instance of it, in one file.
      libAxios: {
        name: 'lib-axios',
        test: (module: ModuleLike) =>
          /[\\/](?:node_modules[\\/]axios|shared[\\/]host-sdk[\\/]src[\\/]internal[\\/]axios-client)[\\/.]/.test(modulePath(module)),
        priority: 30,
        enforce: true,
        chunks: 'async',
      },
      // What the start-up runs before React: the Module Federation runtime's API, the host's registry of remotes (which
      // starts loading the page's remote) with the route rules it reads from @app/deploy, and the hashing of the
      // sign-in's verifier.
      libStart: {
        name: 'lib-start',
        test: (module: ModuleLike) =>
          inPackages('@module-federation|@noble').test(modulePath(module)) || HOST_START_MODULES.test(modulePath(module)),
        priority: 30,
        enforce: true,
        chunks: 'async',
      },
      // The app of every page: the host's start-up, router and layout, the SDK and UI facade modules (without the
      // lazily loaded dialogs), antd-mobile's helpers and the small components of every screen.
      appShared: {
        name: 'app-shared',
        test: (module: ModuleLike) => APP_SHARED.test(modulePath(module)) || antdBase(module),
        priority: 20,
        enforce: true,
        chunks: 'async',
      },
    },
  };
}

/** The host's start-up files (the chunks named in hostSplitChunks), preloaded by its HTML. */
const HOST_START_FILES = /[\\/](?:lib-core|lib-react-dom|lib-start|app-shared)\.[0-9a-f]+\.(?:js|css)$/;

/**
 * The host's start-up (bootstrap, router, layout, session, the registry's React context, the page shown when a remote
 * is down) and the SDK and UI facade modules, without the lazily loaded dialogs, the API client's axios instance and
 * the host's other pages.
 */
const APP_SHARED =
  /[\\/](?:shared[\\/](?:ui|host-sdk|domain|contract)[\\/]src[\\/](?!dialogs[\\/]|internal[\\/]axios-client)|host[\\/]src[\\/](?:bootstrap|router|layout|session|next-task|remotes[\\/]registry-context|(?:pages|features)[\\/]remote-unavailable))/;

/** antd-mobile's components that are on nearly every first screen; the rest stay one file each. */
const ANTD_BASE_COMPONENTS = [
  'config-provider',
  'safe-area',
  'list',
  'button',
  'nav-bar',
  'tab-bar',
  'badge',
  'space',
  'tag',
  'grid',
  'card',
  'divider',
  'empty',
  'skeleton',
  'dot-loading',
  'spin-loading',
  'input',
  'auto-center',
  'infinite-scroll',
];
const ANTD_BASE = new RegExp(
  `[\\\\/]antd-mobile[\\\\/]es[\\\\/](?:utils|global|locales|components[\\\\/](?:${ANTD_BASE_COMPONENTS.join('|')}))[\\\\/]`,
);
/**
 * The helpers those use (the async-function runtime too: the UI's setup, which every start-up runs, needs it), and
 * the two icons every list and input shows; other icons go with the components that use them.
 */
const ANTD_HELPERS = inPackages(
  'ahooks|tslib|classnames|runes2|staged-components|use-sync-external-store|rc-util|lodash|@babel[\\\\/]runtime',
);
const COMMON_ICONS = /[\\/]antd-mobile-icons[\\/]es[\\/](?:CloseCircleFill|RightOutline)\.js$/;

interface ModuleLike {
  nameForCondition?: () => string | null | undefined;
  resource?: string;
}
const modulePath = (module: ModuleLike) => module.nameForCondition?.() ?? module.resource ?? '';

/**
 * The host's registry of remotes and the @app/deploy rules it uses (owners by prefix, route patterns); not its React
 * context, which would make the file wait for React.
 */
const HOST_START_MODULES = /[\\/](?:host[\\/]src[\\/]remotes[\\/](?!registry-context)|deploy[\\/]src[\\/])/;

function antdBase(module: ModuleLike): boolean {
  const path = modulePath(module);
  return ANTD_BASE.test(path) || ANTD_HELPERS.test(path) || COMMON_ICONS.test(path);
}

/**
 * A lean page of a remote: one of its pages that a phone opens cold (docs/architecture.md, "Pages a phone opens cold"),
 * built beside the federated `./routes` as a page of its own, with no Module Federation runtime and no router. Its
 * entry calls `renderLeanPage` of `@app/host-sdk/lean-page`, which runs the host's start-up and guard rules for it.
 */
export interface LeanPage {
  /** The entry module, relative to the app (`./src/lean/shop-entry.tsx`). */
  entry: string;
  /** The route pattern it answers (`/shop/:code`): the same pattern the remote's `routes.ts` routes the page with. */
  path: string;
  /** Addresses the pattern matches that are not this page (`/shop/universalBindShop`, which the host owns). */
  except?: string[];
  /** The HTML's title, shown (WeChat shows it in its header) before the page sets its own: the page's meta title. */
  title?: string;
}

/** One entry of `lean-pages.json`, written at the root of a remote's build: what the server serves where. */
export interface LeanPageEntry {
  name: string;
  path: string;
  except: string[];
  /** The page's HTML, relative to the release folder (`shop/index.html`). */
  html: string;
}

/** The file a remote's build lists its lean pages in (read by the server, server/src/releases/serve-releases.ts). */
export const LEAN_PAGES_FILE = 'lean-pages.json';

/** The Rsbuild environment of a remote's federated build (the Module Federation plugin's default). */
const FEDERATED_ENVIRONMENT = 'web';

const leanEnvironmentName = (name: string) => `lean-${name}`;

/**
 * A lean page's build: its own folder `<name>/` in the release (index.html and static files, under the release's
 * versioned public path `/remotes/<app>/<version>/<name>/`), Rsbuild's default chunks (React split off), its CSS extracted.
 * It bundles its own copies of everything it imports (it runs without the host), so only what it uses.
 */
function leanEnvironment(name: string, page: LeanPage, distRoot: string): EnvironmentConfig {
  return {
    source: { entry: { index: page.entry } },
    html: { title: page.title ?? htmlTags.title, template: htmlTags.template, meta: htmlTags.meta, tags: htmlTags.tags },
    output: leanPageOutput(name, { releasePrefix: process.env.ASSET_PREFIX, distRoot }),
    // On a team's dev server too its files are under `/<name>/` (the federated build's are at the root).
    dev: { assetPrefix: `/${name}/` },
  };
}

/**
 * Where a lean page's files go (`<dist>/<name>/`) and the public path they are fetched from: under the release's
 * versioned one (`/remotes/payment/1.3.0/shop/`), or `/<name>/` on a team's dev server.
 */
export function leanPageOutput(
  name: string,
  { releasePrefix, distRoot }: { releasePrefix: string | undefined; distRoot: string },
): { assetPrefix: string; distPath: { root: string } } {
  const assetPrefix = releasePrefix ? `${releasePrefix.replace(/\/?$/, '/')}${name}/` : `/${name}/`;
  return { assetPrefix, distPath: { root: join(distRoot, name) } };
}

/** Writes `lean-pages.json` into the federated build's folder, so the release says which lean pages it has. */
function pluginLeanPagesFile(pages: [string, LeanPage][]): RsbuildPlugin {
  const entries: LeanPageEntry[] = pages.map(([name, page]) => ({
    name,
    path: page.path,
    except: page.except ?? [],
    html: `${name}/index.html`,
  }));
  return {
    name: 'app:lean-pages-file',
    setup(api) {
      api.processAssets({ stage: 'additional', environments: [FEDERATED_ENVIRONMENT] }, ({ compilation, sources }) => {
        compilation.emitAsset(LEAN_PAGES_FILE, new sources.RawSource(`${JSON.stringify({ pages: entries }, null, 2)}\n`));
      });
    },
  };
}

/**
 * Writes the remote's first calls (`@app/contract/first-calls`: by route pattern, the calls its page makes as it
 * shows) into the federated build's folder, for the server to write into the host's page.
 */
function pluginFirstCallsFile(firstCalls: FirstCalls): RsbuildPlugin {
  return {
    name: 'app:first-calls-file',
    setup(api) {
      api.processAssets({ stage: 'additional', environments: [FEDERATED_ENVIRONMENT] }, ({ compilation, sources }) => {
        compilation.emitAsset(FIRST_CALLS_FILE, new sources.RawSource(`${JSON.stringify(firstCalls, null, 2)}\n`));
      });
    },
  };
}

export interface RemoteConfigOptions {
  /** Lean pages by name (the name is their folder in the release): `{ shop: { entry, path, except } }`. */
  leanPages?: Record<string, LeanPage>;
  /** The first calls of its pages by route pattern. */
  firstCalls?: FirstCalls;
}

/**
 * A remote: exposes `./routes`; its package.json `federation` field names it, its standalone dev port and the path
 * prefixes it owns (recorded in the registry at release).
 */
export function defineRemoteConfig(appDir: string, options: RemoteConfigOptions = {}): RsbuildConfig {
  const pkg = readPackageJson(appDir);
  if (!pkg.federation) throw new Error(`${pkg.name}: package.json has no "federation" field`);
  const { name, port } = pkg.federation;
  const distRoot = process.env.DIST_DIR ?? 'dist';
  const leanPages = Object.entries(options.leanPages ?? {});
  for (const [pageName] of leanPages) {
    if (!/^[a-z][a-z0-9-]*$/.test(pageName) || pageName === 'static')
      throw new Error(`${pkg.name}: lean page name "${pageName}" cannot be a release folder`);
  }
  const salt = widgetsCssSalt(appDir);
  return defineConfig({
    plugins: [
      pluginReact(),
      pluginModuleFederation(
        {
          name,
          exposes: { './routes': './src/routes.ts' },
          shared: remoteSharedDependencies(appDir, RELEASE_BUILD),
          shareStrategy: 'loaded-first',
          dts: false,
          experiments: RELEASE_BUILD ? { externalRuntime: true, optimization: { target: 'web', disableRemote: true } } : {},
        },
        // Only the federated build: a lean page has no Module Federation runtime.
        { environment: FEDERATED_ENVIRONMENT },
      ),
      ...(leanPages.length ? [pluginLeanPagesFile(leanPages)] : []),
      ...(options.firstCalls ? [pluginFirstCallsFile(options.firstCalls)] : []),
    ],
    environments: {
      [FEDERATED_ENVIRONMENT]: {
        // The standalone page for the remote's own team (`pnpm --filter <remote> dev`). Release builds share the host's
        // Module Federation runtime (externalRuntime: a smaller remote entry), so the standalone page works
        // from the dev server only, not from the release store.
        source: { entry: { index: './src/index.ts' } },
        html: { title: `${htmlTags.title} · ${name}`, template: htmlTags.template, meta: htmlTags.meta, tags: htmlTags.tags },
        output: { assetPrefix: process.env.ASSET_PREFIX ?? 'auto', distPath: { root: distRoot } },
      },
      ...Object.fromEntries(
        leanPages.map(([pageName, page]) => [leanEnvironmentName(pageName), leanEnvironment(pageName, page, distRoot)]),
      ),
    },
    // A WebAssembly file is named `<name>.<hash>.wasm` (Rsbuild's default `<hash>.module.wasm` has no `.<hash>.`), so the
    // release's cache rule (deploy/src/cache-policy.ts) keeps it a year like the scripts.
    output: { cleanDistPath: true, filename: { wasm: '[name].[contenthash:10].wasm' }, ...profileOutput },
    resolve: { alias: libraryAliases(appDir) },
    tools: {
      // The widgets' CSS-module class names, salted with their CSS (widgetsCssSalt).
      ...(salt ? { cssLoader: { modules: { localIdentHashSalt: salt } } } : {}),
      ...profileTools,
    },
    server: { port, proxy: { '/api': 'http://localhost:8080' } },
    // The standalone page runs two bundler runtimes (the page and the remote container); HMR's per-build chunk check
    // then rejects the container's chunks ("Chunk is from another build"), so remotes live-reload instead.
    dev: { hmr: false, liveReload: true },
  });
}
