/**
 * Ending a canary (docs/operations.md, "Canary releases"): everyone is back on the live version, the canary's version
 * is marked 已回滚, and the history records a rollback that ended a canary. `npm run rollback` does it while a canary
 * runs, and so does the server's auto-rollback, as a compare-and-set: it ends the canary it measured (its version and
 * start) and nothing else, so of several instances deciding at once only the first records it.
 */
import { appState, updateRegistry, type Registry } from './registry';

export interface CanaryEnded {
  app: string;
  /** The canary's version, now rolled back. */
  version: string;
  /** The live version everyone is on. */
  live: string | null;
}

/** Ends the running canary of `app` in `registry` (which must have one). */
export function endCanaryIn(registry: Registry, app: string, reason?: string): CanaryEnded {
  const state = appState(registry, app);
  const canary = state.canary;
  if (!canary) throw new Error(`${app} 没有进行中的灰度`);
  delete state.canary;
  registry.history.push({
    at: new Date().toISOString(),
    action: 'rollback',
    app,
    version: state.live ?? canary.version,
    previous: canary.version,
    endedCanary: true,
    ...(reason && { reason }),
  });
  return { app, version: canary.version, live: state.live };
}

export interface ExpectedCanary {
  version: string;
  since: string;
}

/**
 * Ends the canary of `app` if it is still the one expected (the same version, started at the same time): null when
 * it was ended, promoted or replaced meanwhile, by ops or by another instance.
 */
export async function endCanaryIfStill(
  storeDir: string,
  databaseUrl: string | null,
  app: string,
  expected: ExpectedCanary,
  reason: string,
): Promise<CanaryEnded | null> {
  return updateRegistry(
    storeDir,
    (registry) => {
      const canary = registry.apps[app]?.canary;
      if (!canary || canary.version !== expected.version || canary.since !== expected.since) return null;
      return endCanaryIn(registry, app, reason);
    },
    databaseUrl,
  );
}
