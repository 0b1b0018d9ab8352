/**
 * `npm run rollback -- <app> [--to <version>]`: makes live again the version that was live before the live one went
 * live (or the given released version). That is read from the history of releases and rollbacks (liveLineage), not
 * from the order of releases: repeated rollbacks walk further back through what was actually live, and a version that
 * was rolled back is never chosen again unless named with `--to`. Nothing is built and the server is not restarted:
 * it reads the registry on every request. While a canary runs, a rollback ends the canary instead (end-canary.ts).
 */
import { describeAudience } from './canary-audience';
import { endCanaryIn } from './end-canary';
import { appState, liveLineage, updateRegistry, type Registry } from './registry';
import { compatibilityProblems, readManifest, registryAt, ReleaseError, versionDir } from './release';
import { findApp, releaseDir } from './workspace';

export interface RollbackOptions {
  to?: string;
  force?: boolean;
  storeDir?: string;
  /** The database the registry lives in (default DATABASE_URL; null: the store's registry.json). */
  databaseUrl?: string | null;
}

export interface RollbackResult {
  app: string;
  /** The version now live for everyone. */
  version: string;
  /** What was live before (for a canary's audience: the canary's version). */
  previous: string | null;
  /** A canary was ended: `previous` is rolled back, `version` stayed live. */
  endedCanary?: true;
}

export async function rollback(appName: string, options: RollbackOptions = {}): Promise<RollbackResult> {
  const app = findApp(appName);
  const storeDir = options.storeDir ?? releaseDir();
  return updateRegistry(
    storeDir,
    async (registry) => {
      const state = appState(registry, app.name);
      const canary = state.canary;
      if (canary) {
        // While a canary runs, a rollback ends it: the live version never changed.
        if (options.to) {
          throw new ReleaseError(
            `${app.name} 正在灰度 ${canary.version}（${describeAudience(canary.audience)}）：先结束灰度（npm run rollback -- ${app.name}）或全量发布（npm run promote -- ${app.name}），再回滚到指定版本。`,
          );
        }
        const ended = endCanaryIn(registry, app.name);
        return { app: app.name, version: ended.live ?? ended.version, previous: ended.version, endedCanary: true as const };
      }
      const current = state.live;
      const target = options.to ?? liveBefore(registry, app.name, current);
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
    },
    registryAt(options),
  );
}

/** The version that was live before `current` went live, skipping every version that was rolled back. */
function liveBefore(registry: Registry, app: string, current: string | null): string {
  const { lineage } = liveLineage(registry, app);
  if (current !== null && lineage.at(-1) !== current) {
    throw new ReleaseError(`无法从发布记录确定 ${app}@${current} 之前的线上版本，请用 --to <版本> 指定回滚目标。`);
  }
  const before = lineage.at(-2);
  if (!before) throw new ReleaseError(`${app} 没有可回滚的上一个版本。`);
  return before;
}
