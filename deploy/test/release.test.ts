import { existsSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, test } from '@rstest/core';
import { readRegistry } from '../src/registry';
import { formatReleases } from '../src/releases';
import { release } from '../src/release';
import { rollback } from '../src/rollback';
import { fakeBuild, HOST_SHARED } from './fixtures/fake-build';

let store: string;

beforeEach(async () => {
  store = await mkdtemp(join(tmpdir(), 'releases-'));
});

const build = fakeBuild();

describe('release', () => {
  test('puts the app into <app>/<version>/, makes it live and records when', async () => {
    await release('host', { storeDir: store, build, version: '1.0.0' });
    const result = await release('ticket', { storeDir: store, build, version: '1.0.0' });
    expect(result).toEqual({ app: 'ticket', version: '1.0.0', previous: null });
    expect(existsSync(join(store, 'ticket/1.0.0/mf-manifest.json'))).toBe(true);
    const registry = await readRegistry(store);
    expect(registry.apps.ticket?.live).toBe('1.0.0');
    expect(registry.apps.ticket?.versions['1.0.0']?.prefixes).toEqual(['/ticket/']);
    expect(registry.history.map((entry) => `${entry.action} ${entry.app}@${entry.version}`)).toEqual([
      'release host@1.0.0',
      'release ticket@1.0.0',
    ]);
    expect(Date.parse(registry.history[1]?.at ?? '')).not.toBeNaN();
  });

  test('never overwrites a released version', async () => {
    await release('ticket', { storeDir: store, build, version: '1.0.0' });
    const before = await readFile(join(store, 'ticket/1.0.0/static/js/ticket.0123456789.js'), 'utf8');
    await expect(release('ticket', { storeDir: store, build: fakeBuild(HOST_SHARED, 'second'), version: '1.0.0' })).rejects.toThrow(
      '已发布',
    );
    expect(await readFile(join(store, 'ticket/1.0.0/static/js/ticket.0123456789.js'), 'utf8')).toBe(before);
  });

  test('two releases of the same version at once: one releases it, the other finds it released, the registry stays whole', async () => {
    const results = await Promise.all([
      release('ticket', { storeDir: store, build, version: '2.0.0' }),
      release('ticket', { storeDir: store, build, version: '2.0.0' }),
      release('my', { storeDir: store, build, version: '2.0.0' }),
    ]);
    expect(
      results
        .filter((result) => result.app === 'ticket')
        .map((result) => Boolean(result.unchanged))
        .sort(),
    ).toEqual([false, true]);
    const registry = await readRegistry(store);
    expect(Object.keys(registry.apps).sort()).toEqual(['my', 'ticket']);
    expect(registry.history).toHaveLength(2);
  });

  test('refuses a remote the live host cannot serve, unless forced', async () => {
    await release('host', { storeDir: store, build, version: '1.0.0' });
    const react20 = fakeBuild([{ name: 'react', version: '20.0.0', requiredVersion: '^20.0.0' }]);
    await expect(release('ticket', { storeDir: store, build: react20, version: '1.0.0' })).rejects.toThrow('与线上宿主不兼容');
    expect(existsSync(join(store, 'ticket/1.0.0'))).toBe(false);
    await release('ticket', { storeDir: store, build: react20, version: '1.0.0', force: true });
    const registry = await readRegistry(store);
    expect(registry.apps.ticket?.versions['1.0.0']?.forced).toBe(true);
    expect(formatReleases(registry, 'ticket')).toContain('强制发布');
  });

  test('refuses a host that would break a live remote', async () => {
    await release('host', { storeDir: store, build, version: '1.0.0' });
    await release('ticket', { storeDir: store, build, version: '1.0.0' });
    const sdk2Host = fakeBuild([
      { name: 'react', version: '19.3.1', requiredVersion: '^19.0.0' },
      { name: '@app/host-sdk/session', version: '2.0.0', requiredVersion: '^2.0.0' },
    ]);
    await expect(release('host', { storeDir: store, build: sdk2Host, version: '2.0.0' })).rejects.toThrow('ticket@1.0.0');
  });
});

describe('rollback', () => {
  test('walks back through the releases without building, and --to picks any released version', async () => {
    for (const version of ['1.0.0', '1.1.0', '1.2.0']) await release('ticket', { storeDir: store, build, version });
    expect(await rollback('ticket', { storeDir: store })).toEqual({ app: 'ticket', version: '1.1.0', previous: '1.2.0' });
    expect(await rollback('ticket', { storeDir: store })).toEqual({ app: 'ticket', version: '1.0.0', previous: '1.1.0' });
    await expect(rollback('ticket', { storeDir: store })).rejects.toThrow('没有可回滚');
    await rollback('ticket', { storeDir: store, to: '1.2.0' });
    const registry = await readRegistry(store);
    expect(registry.apps.ticket?.live).toBe('1.2.0');
    expect(registry.history.filter((entry) => entry.action === 'rollback')).toHaveLength(3);
    const listing = formatReleases(registry, 'ticket');
    expect(listing).toMatch(/● 线上 1\.2\.0/);
    expect(listing.split('\n')).toHaveLength(4);
  });

  test('refuses a version that was never released', async () => {
    await release('ticket', { storeDir: store, build, version: '1.0.0' });
    await expect(rollback('ticket', { storeDir: store, to: '0.9.0' })).rejects.toThrow('未发布过');
    await expect(rollback('nope', { storeDir: store })).rejects.toThrow('未知应用');
  });
});
