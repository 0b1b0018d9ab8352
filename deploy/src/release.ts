/**
 * `npm run release -- <app> [--force]`: builds one app at its package version into the release store and makes it
 * live. A released version is never overwritten: releasing it again with the same build (the same files, by digest) is
 * a no-op, a different build under the same version is refused. A remote whose shared requirements the live host
 * cannot meet (or a host that cannot meet a live remote's) is refused unless forced.
 *
 * Releases of one app are serialised across processes by a lock of their own, held from before the build until the
 * registry records the release: a second release of the same app (another `npm start` on the same store) waits, then
 * sees what the first released. The registry's own lock is only held while the registry changes.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';
import semver from 'semver';
import { buildApp, contentHash, sourceHash } from './build-app';
import { describeAudience } from './canary-audience';
import { describeIncompatibilities, findIncompatibilities, type FederationManifest } from './compatibility';
import { appState, readRegistry, registryDatabaseUrl, updateRegistry, type AppState, type CanaryAudience, type Registry } from './registry';
import { findApp, releaseDir, type AppPackage } from './workspace';

export class ReleaseError extends Error {
  override name = 'ReleaseError';
}

export interface ReleaseOptions {
  /** Release past a failed compatibility check. */
  force?: boolean;
  /** Defaults to the package version; a pre-release such as `1.0.1-hotfix.1` may be given. */
  version?: string;
  storeDir?: string;
  /** How the app is built into a folder (tests replace it). */
  build?: (app: AppPackage, version: string, outDir: string) => Promise<void>;
  log?: (line: string) => void;
  /** The database the registry lives in (default DATABASE_URL; null: the store's registry.json). */
  databaseUrl?: string | null;
  /**
   * Release as a canary: live only for this audience, the live version stays for everyone else (remotes only). The
   * version of the running canary again changes its audience.
   */
  canary?: CanaryAudience;
}

/** The version was released and is now live (with `canary`: for that audience only; `previous` stays for the rest). */
export interface Released {
  app: string;
  version: string;
  previous: string | null;
  canary?: CanaryAudience;
  unchanged?: undefined;
}

/** The version was already released with the same files: nothing changed (it is not made live either). */
export interface AlreadyReleased {
  app: string;
  version: string;
  unchanged: true;
  /** The app's live version (the released one, or another after a rollback). */
  live: string | null;
}

export type ReleaseResult = Released | AlreadyReleased;

export function versionDir(storeDir: string, app: string, version: string): string {
  return join(storeDir, app, version);
}

export async function readManifest(dir: string): Promise<FederationManifest> {
  return JSON.parse(await readFile(join(dir, 'mf-manifest.json'), 'utf8')) as FederationManifest;
}

/** What is wrong with making `manifest` of `app` live next to the other live apps. */
export async function compatibilityProblems(
  storeDir: string,
  registry: Registry,
  app: AppPackage | { name: string; kind: 'host' | 'remote' },
  manifest: FederationManifest,
): Promise<string[]> {
  const liveVersion = (name: string) => registry.apps[name]?.live ?? null;
  if (app.kind === 'remote') {
    const host = liveVersion('host');
    if (!host) return [];
    const problems = findIncompatibilities(manifest, await readManifest(versionDir(storeDir, 'host', host)));
    return problems.length ? [describeIncompatibilities(app.name, problems)] : [];
  }
  const messages: string[] = [];
  for (const [name, state] of Object.entries(registry.apps)) {
    if (name === 'host') continue;
    // A running canary's version is live too (for its audience): the host must serve it as well.
    for (const [version, role] of [
      [state.live, '线上的'],
      [state.canary?.version ?? null, '灰度中的'],
    ] as const) {
      if (!version) continue;
      const problems = findIncompatibilities(await readManifest(versionDir(storeDir, name, version)), manifest);
      if (problems.length) messages.push(describeIncompatibilities(`${role} ${name}@${version}`, problems, '此宿主版本'));
    }
  }
  return messages;
}

/** A second canary (or any other release) while one runs is refused: one canary per app at a time. */
export function canaryRunningError(app: string, state: AppState, wanted: string): ReleaseError | null {
  const running = state.canary;
  if (!running) return null;
  return new ReleaseError(
    `${app} 正在灰度 ${running.version}（${describeAudience(running.audience)}），一个模块同时只能有一个灰度，未发布 ${wanted}。\n` +
      `先全量发布（npm run promote -- ${app}）或结束灰度（npm run rollback -- ${app}）；要调整灰度范围，用同一版本再发布: npm run release -- ${app} --version ${running.version} --canary <比例|test-users>`,
  );
}

/** Where the registry is for these options: their database, DATABASE_URL's, or the store's file (null). */
export function registryAt(options: { databaseUrl?: string | null }): string | null {
  return options.databaseUrl === undefined ? registryDatabaseUrl() : options.databaseUrl;
}

export async function release(appName: string, options: ReleaseOptions = {}): Promise<ReleaseResult> {
  const { app, storeDir, version, log } = releaseOf(appName, options);
  // What a running canary refuses is refused before the build (and again when the release is recorded).
  const state = (await readRegistry(storeDir, registryAt(options))).apps[app.name];
  if (state?.canary && state.canary.version !== version) throw canaryRunningError(app.name, state, version);
  if (options.canary && !state?.live) throw noLiveVersionError(app.name);
  return withReleaseLock(storeDir, app.name, log, () => buildAndRecord(app, version, storeDir, options, log));
}

function noLiveVersionError(app: string): ReleaseError {
  return new ReleaseError(`${app} 还没有线上版本，无法灰度：先发布一个版本给所有用户（npm run release -- ${app}）。`);
}

/**
 * What `npm start` does for an app with no release yet: releases it, unless it has a live version by the time this
 * process holds the app's release lock (another process released it meanwhile): then nothing is done (null).
 */
export async function releaseIfUnreleased(appName: string, options: ReleaseOptions = {}): Promise<ReleaseResult | null> {
  const { app, storeDir, version, log } = releaseOf(appName, options);
  return withReleaseLock(storeDir, app.name, log, async () => {
    if ((await readRegistry(storeDir, registryAt(options))).apps[app.name]?.live) return null;
    return buildAndRecord(app, version, storeDir, options, log);
  });
}

function releaseOf(appName: string, options: ReleaseOptions) {
  const app = findApp(appName);
  const version = options.version ?? app.version;
  if (!semver.valid(version)) throw new ReleaseError(`版本号无效: ${version}`);
  if (options.canary && app.kind === 'host') {
    // The host page is every user's shell and what the live remotes were checked against: canaried, a remote would
    // have to work with two hosts at once. Release the host to everyone; canary the remotes.
    throw new ReleaseError(
      '宿主（host）不支持灰度发布：它是所有模块共用的外壳，请直接发布（npm run release -- host）。灰度只用于远程模块。',
    );
  }
  return { app, version, storeDir: options.storeDir ?? releaseDir(), log: options.log ?? (() => {}) };
}

/**
 * Runs `work` holding the app's release lock in the store (`.locks/<app>.lock`), waiting as long as another process
 * holds it (its build can take minutes on a loaded machine). A lock whose holder died is taken over after 30 s.
 */
async function withReleaseLock<T>(storeDir: string, app: string, log: (line: string) => void, work: () => Promise<T>): Promise<T> {
  const locks = join(storeDir, '.locks');
  await mkdir(locks, { recursive: true });
  const options = { realpath: false, stale: 30_000, lockfilePath: join(locks, `${app}.lock`) };
  let unlock: () => Promise<void>;
  try {
    unlock = await lockfile.lock(join(locks, app), { ...options, retries: 0 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    log(`另一个进程正在发布 ${app}，等待它完成 …`);
    try {
      // Up to 30 minutes, checking four times a second.
      unlock = await lockfile.lock(join(locks, app), {
        ...options,
        retries: { retries: 7200, factor: 1, minTimeout: 250, maxTimeout: 250 },
      });
    } catch (waitError) {
      if ((waitError as NodeJS.ErrnoException).code !== 'ELOCKED') throw waitError;
      throw new ReleaseError(`等待另一个进程发布 ${app} 超过 30 分钟，未发布。`);
    }
  }
  try {
    return await work();
  } finally {
    await unlock();
  }
}

async function buildAndRecord(
  app: AppPackage,
  version: string,
  storeDir: string,
  options: ReleaseOptions,
  log: (line: string) => void,
): Promise<ReleaseResult> {
  const target = versionDir(storeDir, app.name, version);
  const alreadyReleased = () =>
    new ReleaseError(`${app.name}@${version} 已发布，已发布的版本不会被覆盖。请先提升 ${app.name} 的 package.json 版本号。`);

  await mkdir(join(storeDir, '.tmp'), { recursive: true });
  const buildDir = await mkdtemp(join(storeDir, '.tmp', `${app.name}-${version}-`));
  try {
    log(`构建 ${app.name}@${version} …`);
    const started = Date.now();
    await (options.build ?? buildApp)(app, version, buildDir);
    log(`构建完成，用时 ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const manifest = await readManifest(buildDir);
    const hash = await sourceHash(app);
    const content = await contentHash(buildDir);
    const result = await updateRegistry(
      storeDir,
      async (registry): Promise<ReleaseResult> => {
        const state = appState(registry, app.name);
        const released = state.versions[version];
        const canary = options.canary;
        if (released) {
          // The same files again: nothing to do. Anything else under a released version is refused (also with --force).
          if ((released.contentHash ?? (await contentHash(target))) !== content) throw alreadyReleased();
          if (canary && state.canary?.version === version) return changeCanaryAudience(registry, app.name, canary);
          if (!canary || version === state.live) return { app: app.name, version, unchanged: true, live: state.live };
        } else if (existsSync(target)) {
          // A folder the registry does not know (a release that failed after moving it) is not overwritten either.
          throw alreadyReleased();
        }
        const running = canaryRunningError(app.name, state, version);
        if (running) throw running;
        if (canary && !state.live) throw noLiveVersionError(app.name);
        const problems = await compatibilityProblems(storeDir, registry, app, manifest);
        if (problems.length && !options.force) {
          throw new ReleaseError(`${problems.join('\n')}\n未发布。确认无误后可加 --force 强制发布。`);
        }
        const at = new Date().toISOString();
        const previous = state.live;
        const forced = problems.length > 0 || undefined;
        if (!released) {
          await mkdir(join(storeDir, app.name), { recursive: true });
          await rename(buildDir, target);
          state.versions[version] = {
            version,
            releasedAt: at,
            prefixes: app.prefixes,
            sourceHash: hash,
            contentHash: content,
            ...(forced && { forced }),
          };
        }
        if (canary) state.canary = { version, audience: canary, since: at };
        else state.live = version;
        registry.history.push({
          at,
          action: 'release',
          app: app.name,
          version,
          previous,
          ...(forced && { forced }),
          ...(canary && { canary }),
        });
        return { app: app.name, version, previous, ...(canary && { canary }) };
      },
      registryAt(options),
    );
    if (result.unchanged) {
      const live =
        result.live === version
          ? ''
          : `线上版本是 ${result.live ?? '-'}；要让 ${version} 上线: npm run rollback -- ${app.name} --to ${version}`;
      log(`${app.name}@${version} 已发布，这次构建的内容与之相同：未做任何改动。${live}`);
    }
    return result;
  } finally {
    await rm(buildDir, { recursive: true, force: true });
  }
}

/** The running canary's version released again with another audience: the audience changes, the canary goes on. */
function changeCanaryAudience(registry: Registry, app: string, audience: CanaryAudience): ReleaseResult {
  const state = appState(registry, app);
  const running = state.canary;
  if (!running) throw new ReleaseError(`${app} 没有进行中的灰度。`);
  if (JSON.stringify(running.audience) === JSON.stringify(audience))
    return { app, version: running.version, unchanged: true, live: state.live };
  state.canary = { ...running, audience };
  registry.history.push({
    at: new Date().toISOString(),
    action: 'release',
    app,
    version: running.version,
    previous: state.live,
    canary: audience,
  });
  return { app, version: running.version, previous: state.live, canary: audience };
}
