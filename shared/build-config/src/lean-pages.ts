/** A remote's lean pages (docs/architecture.md, "Pages a phone opens cold"): each one's own build beside the federated one. */
import { join } from 'node:path';
import type { EnvironmentConfig } from '@rsbuild/core';
import { htmlTags } from './html-tags';

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
  /**
   * The module the server paints the page's first screen with (`./src/lean/shop-server.tsx`: `leanFirstScreen` of
   * `@app/host-sdk/lean-page-server`; docs/architecture.md, "First screens from the server"), built for Node.
   */
  server?: string;
}

/** One entry of `lean-pages.json`, written at the root of a remote's build: what the server serves where. */
export interface LeanPageEntry {
  name: string;
  path: string;
  except: string[];
  /** The page's HTML, relative to the release folder (`shop/index.html`). */
  html: string;
  /** Its server build, relative to the release folder (`shop/server/index.js`), when it has one. */
  server?: string;
}

/** The file a remote's build lists its lean pages in (read by the server, server/src/releases/lean-pages.ts). */
export const LEAN_PAGES_FILE = 'lean-pages.json';

export const leanEnvironmentName = (name: string) => `lean-${name}`;
export const leanServerEnvironmentName = (name: string) => `lean-${name}-server`;

/** Where a lean page's server build is, relative to the release folder. */
export const leanServerFile = (name: string) => `${name}/server/index.js`;

/**
 * A lean page's build: its own folder `<name>/` in the release (index.html and static files, under the release's
 * versioned public path `/remotes/<app>/<version>/<name>/`), Rsbuild's default chunks (React split off), its CSS extracted.
 * It bundles its own copies of everything it imports (it runs without the host), so only what it uses.
 */
export function leanEnvironment(name: string, page: LeanPage, distRoot: string): EnvironmentConfig {
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

/**
 * A lean page's server build: its `server` module for Node (an ES module, `<dist>/<name>/server/index.js`), with what it
 * imports bundled, React's server renderer among it; its CSS is the page's own build's.
 */
export function leanServerEnvironment(name: string, page: LeanPage & { server: string }, distRoot: string): EnvironmentConfig {
  return {
    source: { entry: { index: page.server } },
    output: { target: 'node', distPath: { root: join(distRoot, name, 'server') }, filenameHash: false, minify: false },
  };
}
