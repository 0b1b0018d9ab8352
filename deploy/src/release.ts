/**
 * `npm run release -- <app> [--force]`: builds one app at its package version into the release store and makes it
 * live. A released version is never overwritten. A remote whose shared requirements the live host cannot meet (or a
 * host that cannot meet a live remote's) is refused unless forced.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import semver from 'semver';
import { buildApp, sourceHash } from './build-app';
import { describeIncompatibilities, findIncompatibilities, type FederationManifest } from './compatibility';
import { appState, updateRegistry, type Registry } from './registry';
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
}

export interface ReleaseResult {
  app: string;
  version: string;
  previous: string | null;
}

export function versionDir(storeDir: string, app: string, version: string): string {
  return join(storeDir, app, version);
}

export async function readManifest(dir: string): Promise<FederationManifest> {
  return JSON.parse(await readFile(join(dir, 'mf-manifest.json'), 'utf8')) as FederationManifest;
}

/** What is wrong with making `manifest` of `app` live next to the other live apps. */
export async function compatibilityProblems(storeDir: string, registry: Registry, app: AppPackage | { name: string; kind: 'host' | 'remote' }, manifest: FederationManifest): Promise<string[]> {
  const liveVersion = (name: string) => registry.apps[name]?.live ?? null;
  if (app.kind === 'remote') {
    const host = liveVersion('host');
    if (!host) return [];
    const problems = findIncompatibilities(manifest, await readManifest(versionDir(storeDir, 'host', host)));
    return problems.length ? [describeIncompatibilities(app.name, problems)] : [];
  }
  const messages: string[] = [];
  for (const [name, state] of Object.entries(registry.apps)) {
    if (name === 'host' || !state.live) continue;
    const remoteManifest = await readManifest(versionDir(storeDir, name, state.live));
    const problems = findIncompatibilities(remoteManifest, manifest);
    if (problems.length) messages.push(describeIncompatibilities(`线上的 ${name}@${state.live}`, problems, '此宿主版本'));
  }
  return messages;
}

export async function release(appName: string, options: ReleaseOptions = {}): Promise<ReleaseResult> {
  const app = findApp(appName);
  const storeDir = options.storeDir ?? releaseDir();
  const version = options.version ?? app.version;
  const log = options.log ?? (() => {});
  if (!semver.valid(version)) throw new ReleaseError(`版本号无效: ${version}`);
  const target = versionDir(storeDir, app.name, version);
  const alreadyReleased = () =>
    new ReleaseError(`${app.name}@${version} 已发布，已发布的版本不会被覆盖。请先提升 ${app.name} 的 package.json 版本号。`);
  if (existsSync(target)) throw alreadyReleased();

  await mkdir(join(storeDir, '.tmp'), { recursive: true });
  const buildDir = await mkdtemp(join(storeDir, '.tmp', `${app.name}-${version}-`));
  try {
    log(`构建 ${app.name}@${version} …`);
    const started = Date.now();
    await (options.build ?? buildApp)(app, version, buildDir);
    log(`构建完成，用时 ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const manifest = await readManifest(buildDir);
    const hash = await sourceHash(app);
    return await updateRegistry(storeDir, async (registry) => {
      const state = appState(registry, app.name);
      if (state.versions[version] || existsSync(target)) throw alreadyReleased();
      const problems = await compatibilityProblems(storeDir, registry, app, manifest);
      if (problems.length && !options.force) {
        throw new ReleaseError(`${problems.join('\n')}\n未发布。确认无误后可加 --force 强制发布。`);
      }
      await mkdir(join(storeDir, app.name), { recursive: true });
      await rename(buildDir, target);
      const at = new Date().toISOString();
      const previous = state.live;
      const forced = problems.length > 0 || undefined;
      state.versions[version] = { version, releasedAt: at, prefixes: app.prefixes, sourceHash: hash, ...(forced && { forced }) };
      state.live = version;
      registry.history.push({ at, action: 'release', app: app.name, version, previous, ...(forced && { forced }) });
      return { app: app.name, version, previous };
    });
  } finally {
    await rm(buildDir, { recursive: true, force: true });
  }
}
