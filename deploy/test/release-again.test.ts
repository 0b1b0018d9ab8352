/**
 * A released version is never overwritten: releasing it again with the same files changes nothing (and says so), a
 * different build under the same version is refused. So two `npm start` at once on one empty release store both come
 * up: whichever releases an app second finds it released.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, test } from '@rstest/core';
import { contentHash } from '../src/build-app';
import { readRegistry, registryFile, updateRegistry } from '../src/registry';
import { release } from '../src/release';
import { releaseMissing } from '../src/release-missing';
import { rollback } from '../src/rollback';
import { listApps } from '../src/workspace';
import { fakeBuild, HOST_SHARED } from './fixtures/fake-build';

let store: string;

beforeEach(async () => {
  store = await mkdtemp(join(tmpdir(), 'release-again-'));
});

const build = fakeBuild();
const otherBuild = fakeBuild(HOST_SHARED, 'changed');
const REFUSED = 'ticket@1.0.0 已发布，已发布的版本不会被覆盖。请先提升 ticket 的 package.json 版本号。';

/** Every file of the store's version folders and the registry, as text: what a release may have changed. */
async function storeContents(): Promise<Record<string, string>> {
  const contents: Record<string, string> = {};
  for (const entry of await readdir(store, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    if (entry.isFile() && !path.includes('/.locks/')) contents[path.slice(store.length + 1)] = await readFile(path, 'utf8');
  }
  return contents;
}

describe('releasing a released version again', () => {
  test('with the same build: nothing changes, and it says so', async () => {
    await release('ticket', { storeDir: store, build, version: '1.0.0' });
    const before = await storeContents();
    const log: string[] = [];
    const again = await release('ticket', { storeDir: store, build, version: '1.0.0', log: (line) => log.push(line) });
    expect(again).toEqual({ app: 'ticket', version: '1.0.0', unchanged: true, live: '1.0.0' });
    expect(log.at(-1)).toBe('ticket@1.0.0 已发布，这次构建的内容与之相同：未做任何改动。');
    // The registry file is the same (one release in its history), and so is every released file.
    expect(await storeContents()).toEqual(before);
    expect((await readRegistry(store)).history).toHaveLength(1);
  });

  test('with the same build after a rollback: nothing changes, the rolled-back version stays off', async () => {
    await release('ticket', { storeDir: store, build, version: '1.0.0' });
    await release('ticket', { storeDir: store, build, version: '1.1.0' });
    await rollback('ticket', { storeDir: store });
    const log: string[] = [];
    expect(await release('ticket', { storeDir: store, build, version: '1.1.0', log: (line) => log.push(line) })).toEqual({
      app: 'ticket',
      version: '1.1.0',
      unchanged: true,
      live: '1.0.0',
    });
    expect(log.at(-1)).toContain('线上版本是 1.0.0；要让 1.1.0 上线: npm run rollback -- ticket --to 1.1.0');
    expect((await readRegistry(store)).apps.ticket?.live).toBe('1.0.0');
  });

  test('with a different build: refused as before, with or without --force, even right after a same-build no-op', async () => {
    await release('ticket', { storeDir: store, build, version: '1.0.0' });
    await release('ticket', { storeDir: store, build, version: '1.0.0' });
    const before = await storeContents();
    await expect(release('ticket', { storeDir: store, build: otherBuild, version: '1.0.0' })).rejects.toThrow(REFUSED);
    await expect(release('ticket', { storeDir: store, build: otherBuild, version: '1.0.0', force: true })).rejects.toThrow(REFUSED);
    expect(await storeContents()).toEqual(before);
    // Nothing of the refused builds is left behind.
    expect(await readdir(join(store, '.tmp'))).toEqual([]);
  });

  test('a version released before its digest was recorded is compared by its files in the store', async () => {
    await release('ticket', { storeDir: store, build, version: '1.0.0' });
    await updateRegistry(store, (registry) => {
      const released = registry.apps.ticket?.versions['1.0.0'];
      if (released) delete released.contentHash;
    });
    const registryBefore = await readFile(registryFile(store), 'utf8');
    expect(await release('ticket', { storeDir: store, build, version: '1.0.0' })).toMatchObject({ unchanged: true });
    await expect(release('ticket', { storeDir: store, build: otherBuild, version: '1.0.0' })).rejects.toThrow(REFUSED);
    expect(await readFile(registryFile(store), 'utf8')).toBe(registryBefore);
  });

  test('two releases of the same version at once with different builds: one is released, the other refused', async () => {
    const results = await Promise.allSettled([
      release('ticket', { storeDir: store, build, version: '1.0.0' }),
      release('ticket', { storeDir: store, build: otherBuild, version: '1.0.0' }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(results.find((result) => result.status === 'rejected')?.reason).toMatchObject({ message: REFUSED });
    const registry = await readRegistry(store);
    expect(registry.history).toHaveLength(1);
  });
});

describe('the digest of a build', () => {
  test('covers every file and its path, not the precompressed copies', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'content-hash-'));
    await mkdir(join(dir, 'static/js'), { recursive: true });
    await writeFile(join(dir, 'static/js/a.js'), 'a');
    await writeFile(join(dir, 'static/js/a.js.gz'), 'gzip of a');
    const first = await contentHash(dir);
    await writeFile(join(dir, 'static/js/a.js.gz'), 'gzip of a, by another zlib');
    await writeFile(join(dir, 'static/js/a.js.br'), 'brotli of a');
    expect(await contentHash(dir)).toBe(first);
    await writeFile(join(dir, 'static/js/a.js'), 'b');
    expect(await contentHash(dir)).not.toBe(first);
    await writeFile(join(dir, 'static/js/a.js'), 'a');
    await writeFile(join(dir, 'static/b.js'), '');
    expect(await contentHash(dir)).not.toBe(first);
    await rm(join(dir, 'static/b.js'));
    await writeFile(join(dir, 'data.gz'), 'a file of its own, not a copy');
    expect(await contentHash(dir)).not.toBe(first);
  });
});

/** Each app released once: one release in the history, one version, nothing left in the store's temporary folder. */
async function expectEachAppReleasedOnce(): Promise<void> {
  const apps = listApps();
  const registry = await readRegistry(store);
  expect(registry.history.map((entry) => `${entry.action} ${entry.app}@${entry.version}`)).toEqual(
    apps.map((app) => `release ${app.name}@${app.version}`),
  );
  for (const app of apps) expect(Object.keys(registry.apps[app.name]?.versions ?? {})).toEqual([app.version]);
  expect(await readdir(join(store, '.tmp'))).toEqual([]);
}

describe('npm start (releaseMissing) twice at once on an empty store', () => {
  test('in one process: both succeed, and every app is released once, by one of them', async () => {
    const [first, second] = await Promise.all([releaseMissing({ storeDir: store, build }), releaseMissing({ storeDir: store, build })]);
    expect([...first, ...second].sort()).toEqual(
      listApps()
        .map((app) => app.name)
        .sort(),
    );
    await expectEachAppReleasedOnce();
  });

  test('in two processes: both succeed, and every app is released once, by one of them', async () => {
    const ready = await mkdtemp(join(tmpdir(), 'release-missing-ready-'));
    const child = join(import.meta.dirname, 'fixtures/release-missing-child.ts');
    const run = (name: string) =>
      new Promise<{ code: number | null; output: string }>((resolve, reject) => {
        const process_ = spawn(process.execPath, ['--import', 'tsx', child, store, ready, name, '2'], {
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        process_.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
        process_.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        process_.on('error', reject);
        process_.on('exit', (code) => resolve({ code, output }));
      });
    const runs = await Promise.all([run('a'), run('b')]);
    for (const { code, output } of runs) expect(code, output).toBe(0);
    const released = runs.flatMap(({ output }) => JSON.parse(output.trim().split('\n').at(-1) ?? '[]') as string[]);
    expect(released.sort()).toEqual(
      listApps()
        .map((app) => app.name)
        .sort(),
    );
    await expectEachAppReleasedOnce();
  });
});
