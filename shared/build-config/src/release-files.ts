/**
 * What a remote's federated build writes beside its bundle for the server to read: the lean pages it has, and the
 * first calls of its pages.
 */
import type { RsbuildPlugin } from '@rsbuild/core';
import { FIRST_CALLS_FILE, type FirstCalls } from '@app/contract/first-calls';
import { LEAN_PAGES_FILE, leanServerFile, type LeanPage, type LeanPageEntry } from './lean-pages';

/** The Rsbuild environment of a remote's federated build (the Module Federation plugin's default). */
export const FEDERATED_ENVIRONMENT = 'web';

/** Writes `lean-pages.json` into the federated build's folder, so the release says which lean pages it has. */
export function pluginLeanPagesFile(pages: [string, LeanPage][]): RsbuildPlugin {
  const entries: LeanPageEntry[] = pages.map(([name, page]) => ({
    name,
    path: page.path,
    except: page.except ?? [],
    html: `${name}/index.html`,
    ...(page.server ? { server: leanServerFile(name) } : {}),
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
export function pluginFirstCallsFile(firstCalls: FirstCalls): RsbuildPlugin {
  return {
    name: 'app:first-calls-file',
    setup(api) {
      api.processAssets({ stage: 'additional', environments: [FEDERATED_ENVIRONMENT] }, ({ compilation, sources }) => {
        compilation.emitAsset(FIRST_CALLS_FILE, new sources.RawSource(`${JSON.stringify(firstCalls, null, 2)}\n`));
      });
    },
  };
}
