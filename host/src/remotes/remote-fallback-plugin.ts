/**
 * Module Federation runtime plugin: a remote that cannot be fetched (manifest, entry or exposed module) resolves to a
 * marker module instead of throwing, so the host can show "模块暂不可用" for that remote alone. No React here: runtime
 * plugins load before the shared scope is ready.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

export const REMOTE_UNAVAILABLE = '__remoteUnavailable__';

export interface RemoteUnavailableModule {
  [REMOTE_UNAVAILABLE]: true;
  id: string;
  reason: string;
}

export function isRemoteUnavailable(module: unknown): module is RemoteUnavailableModule {
  return typeof module === 'object' && module !== null && REMOTE_UNAVAILABLE in module;
}

export default function remoteFallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'remote-fallback',
    // The runtime would read the remote's manifest and add the module's files to the page itself, on the main thread
    // while the first screen waits: the server already preloads them for the page's remote (docs/architecture.md, "One
    // fast first load"), and the remote's own chunk loading fetches them when they are needed.
    beforePreloadRemote({ preloadOps }) {
      preloadOps.length = 0;
    },
    errorLoadRemote({ id, error, lifecycle }) {
      // 'afterResolve' (manifest) returns nothing, so the runtime fails the load and asks again at 'onLoad'.
      if (lifecycle !== 'onLoad') return undefined;
      const fallback: RemoteUnavailableModule = {
        [REMOTE_UNAVAILABLE]: true,
        id,
        reason: error instanceof Error ? error.message : String(error),
      };
      return fallback;
    },
  };
}
