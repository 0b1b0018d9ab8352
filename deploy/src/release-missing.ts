/**
 * What `npm start` does before serving: releases every app that has no live version yet (the host first, so the
 * remotes are checked against it), and warns about apps whose sources changed since their live release without a
 * version bump (those need `npm run release -- <app>` after bumping the version).
 */
import { sourceHash } from './build-app';
import { readRegistry } from './registry';
import { release } from './release';
import { listApps, releaseDir } from './workspace';

export async function releaseMissing(options: { storeDir?: string; log?: (line: string) => void } = {}): Promise<string[]> {
  const storeDir = options.storeDir ?? releaseDir();
  const log = options.log ?? (() => {});
  const registry = await readRegistry(storeDir);
  const released: string[] = [];
  for (const app of listApps()) {
    const state = registry.apps[app.name];
    if (!state?.live) {
      await release(app.name, { storeDir, log });
      released.push(app.name);
      continue;
    }
    const live = state.versions[state.live];
    if (live && live.sourceHash !== (await sourceHash(app))) {
      log(`注意: ${app.name} 的源码自 ${state.live} 发布后有改动。提升版本号后运行 npm run release -- ${app.name} 使其上线。`);
    }
  }
  return released;
}
