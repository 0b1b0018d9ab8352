/**
 * `npm run rollback -- <app> [--to <version>]`: makes the version released before the live one (or the given
 * released version) live again; repeated rollbacks walk further back. Nothing is built and the server is not restarted: it reads the registry on every request.
 */
import { appState, updateRegistry, type ReleasedVersion } from './registry';
import { compatibilityProblems, readManifest, ReleaseError, versionDir } from './release';
import { findApp, releaseDir } from './workspace';

export interface RollbackOptions {
  to?: string;
  force?: boolean;
  storeDir?: string;
}

export interface RollbackResult {
  app: string;
  version: string;
  previous: string | null;
}

export async function rollback(appName: string, options: RollbackOptions = {}): Promise<RollbackResult> {
  const app = findApp(appName);
  const storeDir = options.storeDir ?? releaseDir();
  return updateRegistry(storeDir, async (registry) => {
    const state = appState(registry, app.name);
    const current = state.live;
    const target = options.to ?? releasedBefore(Object.values(state.versions), current);
    if (!target) throw new ReleaseError(`${app.name} 没有可回滚的上一个版本。`);
    if (!state.versions[target]) {
      const known = Object.keys(state.versions).join(', ') || '（无）';
      throw new ReleaseError(`${app.name}@${target} 未发布过。已发布的版本: ${known}`);
    }
    if (target === current) throw new ReleaseError(`${app.name}@${target} 已是线上版本。`);
    const problems = await compatibilityProblems(storeDir, registry, app, await readManifest(versionDir(storeDir, app.name, target)));
    if (problems.length && !options.force) {
      throw new ReleaseError(`${problems.join('\n')}\n未回滚。确认无误后可加 --force 强制回滚。`);
    }
    state.live = target;
    registry.history.push({
      at: new Date().toISOString(),
      action: 'rollback',
      app: app.name,
      version: target,
      previous: current,
      ...(problems.length > 0 && { forced: true }),
    });
    return { app: app.name, version: target, previous: current };
  });
}

/** The version released just before `current`: repeated rollbacks walk back through the releases. */
function releasedBefore(versions: readonly ReleasedVersion[], current: string | null): string | null {
  const ordered = [...versions].sort((a, b) => a.releasedAt.localeCompare(b.releasedAt));
  const index = ordered.findIndex((entry) => entry.version === current);
  return index > 0 ? (ordered[index - 1]?.version ?? null) : null;
}
