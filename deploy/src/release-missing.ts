/**
 * What `npm start` does before serving: releases every app that has no live version yet (the host first, so the
 * remotes are checked against it), and warns about apps whose sources changed since their live release without a
 * version bump (those need `npm run release -- <app>` after bumping the version).
 *
 * Two `npm start` at once on one release store both come up: an app with no release is released under its release
 * lock, and a process that gets the lock after another released the app finds it live and leaves it as it is.
 */
import { sourceHash } from './build-app';
import { readRegistry } from './registry';
import { releaseIfUnreleased, type ReleaseOptions } from './release';
import { listApps, releaseDir } from './workspace';

export interface ReleaseMissingOptions {
  storeDir?: string;
  log?: (line: string) => void;
  /** How an app is built (tests replace it). */
  build?: ReleaseOptions['build'];
}

/**
 * Releases the apps with no live version; returns those this call released. `checkSources: false` leaves out the
 * warning about changed sources (it hashes every app's sources): `npm start` gives it after the server answers
 * (warnChangedSources).
 */
export async function releaseMissing(options: ReleaseMissingOptions & { checkSources?: boolean } = {}): Promise<string[]> {
  const storeDir = options.storeDir ?? releaseDir();
  const log = options.log ?? (() => {});
  const released: string[] = [];
  for (const app of listApps()) {
    // A live version is never taken away (a rollback makes another one live), so one seen live needs no lock.
    if (!(await readRegistry(storeDir)).apps[app.name]?.live) {
      const result = await releaseIfUnreleased(app.name, { storeDir, log, ...(options.build && { build: options.build }) });
      if (result) {
        released.push(app.name);
        continue;
      }
      log(`${app.name} 已由另一个进程发布。`);
    }
  }
  if (options.checkSources !== false) await warnChangedSources({ storeDir, log });
  return released;
}

/** Warns about each app whose sources changed since its live release without a version bump. */
export async function warnChangedSources(options: Pick<ReleaseMissingOptions, 'storeDir' | 'log'> = {}): Promise<void> {
  const storeDir = options.storeDir ?? releaseDir();
  const log = options.log ?? (() => {});
  const registry = await readRegistry(storeDir);
  for (const app of listApps()) {
    const state = registry.apps[app.name];
    const live = state?.live ? state.versions[state.live] : undefined;
    if (state?.live && live && live.sourceHash !== (await sourceHash(app))) {
      log(`注意: ${app.name} 的源码自 ${state.live} 发布后有改动。提升版本号后运行 npm run release -- ${app.name} 使其上线。`);
    }
  }
}
