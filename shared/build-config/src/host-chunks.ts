/** How the host's build splits its files, and which of them every page's start-up preloads. */
import type { RsbuildConfig } from '@rsbuild/core';

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
 * imported, not when it arrives. What only some pages use (the sign-in, face and agreement dialogs, the privacy policy,
 * forms, pickers, animation and gestures) keeps its own files.
 */
export function hostSplitChunks(): NonNullable<RsbuildConfig['splitChunks']> {
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
      // What the start-up runs before React: the Module Federation runtime's API and the host's registry of remotes
      // (which starts loading the page's remote) with the route rules it reads from @app/deploy.
      libStart: {
        name: 'lib-start',
        test: (module: ModuleLike) =>
          inPackages('@module-federation').test(modulePath(module)) || HOST_START_MODULES.test(modulePath(module)),
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
export const HOST_START_FILES = /[\\/](?:lib-core|lib-react-dom|lib-start|app-shared)\.[0-9a-f]+\.(?:js|css)$/;

/**
 * The host's start-up (bootstrap, router, layout, session, the registry's React context, the page shown when a remote
 * is down) and the SDK and UI facade modules, without the lazily loaded dialogs and the privacy policy (shown from the
 * agreement dialog and its own page), the API client's axios instance and the host's other pages.
 */
const APP_SHARED =
  /[\\/](?:shared[\\/](?:ui|host-sdk|domain|contract)[\\/]src[\\/](?!dialogs[\\/]|privacy[\\/]|internal[\\/]axios-client)|host[\\/]src[\\/](?:bootstrap|router|layout|session|next-task|remotes[\\/]registry-context|(?:pages|features)[\\/]remote-unavailable))/;

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
