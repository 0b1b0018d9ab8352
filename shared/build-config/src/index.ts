/**
 * Rsbuild + Module Federation settings for the host and every remote, made of the modules beside this one.
 *
 * The list of shared singletons lives once (shared-dependencies.ts), so a remote can never drift from what the host
 * provides. Release builds get their versioned public path through `ASSET_PREFIX` (set by `deploy/`); without it a
 * remote builds with `auto` for standalone development.
 */
import { defineConfig, type RsbuildConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import type { FirstCalls } from '@app/contract/first-calls';
import { LEAN_START_ATTRIBUTE } from '@app/contract/first-screen';
import { profileOutput, profileTools, RELEASE_BUILD } from './build-mode';
import { pluginCompileHints } from './compile-hints';
import { pluginEarlyCallsScript, pluginInlineScript } from './inline-script';
import { HOST_START_FILES, hostSplitChunks } from './host-chunks';
import { HOST_TEMPLATE, htmlTags } from './html-tags';
import { type LeanPage, leanEnvironment, leanEnvironmentName, leanServerEnvironment, leanServerEnvironmentName } from './lean-pages';
import { FIRST_SCREEN_ENVIRONMENT, firstScreenEnvironment } from './first-screen';
import { libraryAliases } from './library-aliases';
import { readPackageJson } from './package-json';
import { FEDERATED_ENVIRONMENT, pluginFirstCallsFile, pluginLeanPagesFile } from './release-files';
import { hostSharedDependencies, provideAllSharedEntry, remoteSharedDependencies } from './shared-dependencies';
import { widgetsCssSalt } from './widgets-css-salt';

/** The host: registers remotes at runtime from /remotes.json, so it lists none at build time. */
export function defineHostConfig(appDir: string, options: { runtimePlugins: string[] }): RsbuildConfig {
  return defineConfig({
    plugins: [
      pluginReact(),
      pluginCompileHints(),
      ...pluginEarlyCallsScript(appDir),
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

export interface RemoteConfigOptions {
  /** Lean pages by name (the name is their folder in the release): `{ shop: { entry, path, except } }`. */
  leanPages?: Record<string, LeanPage>;
  /** The first calls of its pages by route pattern. */
  firstCalls?: FirstCalls;
  /**
   * The module the server paints its tabs' first screens with (`./src/first-screen.tsx`: `tabFirstScreen` of
   * `@app/host-sdk/tab-first-screen-server`; docs/architecture.md, "First screens from the server"), built for Node.
   */
  firstScreen?: string;
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
      pluginCompileHints(),
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
      // A lean page the server painted starts its scripts once that screen is drawn (docs/architecture.md).
      ...(leanPages.length
        ? [
            pluginInlineScript(appDir, {
              module: '@app/host-sdk/lean-start',
              mark: LEAN_START_ATTRIBUTE,
              environments: leanPages.map(([pageName]) => leanEnvironmentName(pageName)),
            }),
          ]
        : []),
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
      ...(options.firstScreen ? { [FIRST_SCREEN_ENVIRONMENT]: firstScreenEnvironment(options.firstScreen, distRoot) } : {}),
      ...Object.fromEntries(
        leanPages.flatMap(([pageName, page]) =>
          page.server
            ? [[leanServerEnvironmentName(pageName), leanServerEnvironment(pageName, { ...page, server: page.server }, distRoot)]]
            : [],
        ),
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
