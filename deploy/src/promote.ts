/**
 * `npm run promote -- <app>`: the running canary becomes live for everyone (docs/operations.md, "Canary releases"); the
 * version that was live is the one a rollback then returns to. Nothing is built and the server is not restarted.
 */
import { appState, updateRegistry } from './registry';
import { registryAt, ReleaseError } from './release';
import { findApp, releaseDir } from './workspace';

export interface PromoteOptions {
  storeDir?: string;
  /** The database the registry lives in (default DATABASE_URL; null: the store's registry.json). */
  databaseUrl?: string | null;
}

export interface Promoted {
  app: string;
  version: string;
  previous: string | null;
}

export async function promote(appName: string, options: PromoteOptions = {}): Promise<Promoted> {
  const app = findApp(appName);
  return updateRegistry(
    options.storeDir ?? releaseDir(),
    (registry) => {
      const state = appState(registry, app.name);
      const canary = state.canary;
      if (!canary) throw new ReleaseError(`${app.name} 没有进行中的灰度（可能已全量发布或已回滚，见 npm run releases -- ${app.name}）。`);
      const previous = state.live;
      state.live = canary.version;
      delete state.canary;
      registry.history.push({ at: new Date().toISOString(), action: 'promote', app: app.name, version: canary.version, previous });
      return { app: app.name, version: canary.version, previous };
    },
    registryAt(options),
  );
}
