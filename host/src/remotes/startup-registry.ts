/**
 * The live remotes for the start-up, loaded once: the entry starts it before React and the rest of the host have
 * loaded (index.ts), so that the page's remote, its routes and its page module load beside them; the bootstrap then
 * takes the same registry (docs/architecture.md, "One fast first load").
 */
import { loadRemoteRegistry, type RemoteRegistry } from './remote-registry';

let loading: Promise<RemoteRegistry> | undefined;

export function startupRegistry(): Promise<RemoteRegistry> {
  loading ??= loadRemoteRegistry().then((registry) => {
    registry.preloadPageFor(window.location.pathname);
    return registry;
  });
  return loading;
}
