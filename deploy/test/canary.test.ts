/**
 * Canary releases (docs/operations.md, "Canary releases"): who gets a canary (a share of users by a stable bucket,
 * sticky, test users first), `release --canary` beside the live version, one canary per app, promote, a rollback that
 * ends the canary, a registry from before canaries, the end of a canary as a compare-and-set, and the listing.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, test } from '@rstest/core';
import { bucketOf, parseCanaryAudience, seesCanary, versionFor, type Viewer } from '../src/canary-audience';
import { endCanaryIfStill } from '../src/end-canary';
import { LiveApps } from '../src/live-apps';
import { promote } from '../src/promote';
import { liveLineage, readRegistry, type Registry } from '../src/registry';
import { formatReleases } from '../src/releases';
import { release } from '../src/release';
import { rollback } from '../src/rollback';
import { builtAgainst, fakeBuild } from './fixtures/fake-build';
import { describeWithPostgres, dropDatabases, newDatabase } from './fixtures/test-postgres';

const USERS = Array.from({ length: 10_000 }, () => randomUUID());
const viewerOf = (userId: string, tester = false): Viewer => ({ bucket: bucketOf(userId), tester });
const share = (percent: number) => ({ kind: 'share', percent }) as const;

describe('who gets a canary', () => {
  test('a share of 10,000 users is within ±2 % of the target, for every share', () => {
    for (const percent of [1, 5, 10, 12.5, 50, 99]) {
      const seeing = USERS.filter((user) => seesCanary(share(percent), viewerOf(user))).length;
      expect(Math.abs(seeing / USERS.length - percent / 100)).toBeLessThanOrEqual(0.02);
    }
  });

  test('the same user always gets the same answer, and raising the share keeps everyone who had it', () => {
    const first = USERS.map((user) => seesCanary(share(10), viewerOf(user)));
    expect(USERS.map((user) => seesCanary(share(10), viewerOf(user)))).toEqual(first);
    const atTwenty = USERS.map((user) => seesCanary(share(20), viewerOf(user)));
    expect(first.filter((seen, index) => seen && !atTwenty[index])).toEqual([]);
    expect(atTwenty.filter(Boolean).length).toBeGreaterThan(first.filter(Boolean).length);
  });

  test('test users get every canary; a test-users canary no one else', () => {
    const outsider = USERS.find((user) => bucketOf(user) >= 9_900) as string;
    expect(seesCanary(share(1), viewerOf(outsider, true))).toBe(true);
    expect(seesCanary({ kind: 'test-users' }, viewerOf(outsider, true))).toBe(true);
    expect(USERS.filter((user) => seesCanary({ kind: 'test-users' }, viewerOf(user))).length).toBe(0);
    expect(seesCanary(share(99), null)).toBe(false);
  });

  test('--canary takes 1–99 %, integers or one decimal, or test-users; anything else is refused', () => {
    expect(parseCanaryAudience('10%')).toEqual(share(10));
    expect(parseCanaryAudience('12.5%')).toEqual(share(12.5));
    expect(parseCanaryAudience('1')).toEqual(share(1));
    expect(parseCanaryAudience('99%')).toEqual(share(99));
    expect(parseCanaryAudience('test-users')).toEqual({ kind: 'test-users' });
    for (const bad of ['0%', '0.5%', '100%', '99.9.9', '12.55%', '-5%', '10 %%', 'abc', '', 'Infinity', '1e1%'])
      expect(parseCanaryAudience(bad)).toBeNull();
  });
});

describe('canary releases', () => {
  let store: string;
  const build = fakeBuild(builtAgainst('1.0.0', '1.0.0'));
  const ship = (version: string, canary?: ReturnType<typeof share> | { kind: 'test-users' }) =>
    release('ticket', { storeDir: store, build, version, databaseUrl: null, ...(canary && { canary }) });
  const registry = () => readRegistry(store, null);

  beforeEach(async () => {
    store = await mkdtemp(join(tmpdir(), 'canary-'));
    await release('host', { storeDir: store, build: fakeBuild(builtAgainst('1.0.0', '1.1.0')), version: '1.0.0', databaseUrl: null });
    await ship('1.0.0');
  });

  test('release --canary makes the version live for its share only; the live version stays for the rest', async () => {
    const result = await ship('1.1.0', share(10));
    expect(result).toEqual({ app: 'ticket', version: '1.1.0', previous: '1.0.0', canary: share(10) });
    const stored = await registry();
    const state = stored.apps.ticket;
    expect(state?.live).toBe('1.0.0');
    expect(state?.canary).toEqual({ version: '1.1.0', audience: share(10), since: expect.any(String) });
    expect(stored.history.at(-1)).toMatchObject({
      action: 'release',
      app: 'ticket',
      version: '1.1.0',
      previous: '1.0.0',
      canary: share(10),
    });

    const live = new LiveApps(store, null);
    const inside = USERS.find((user) => bucketOf(user) < 1000) as string;
    const outside = USERS.find((user) => bucketOf(user) >= 1000) as string;
    expect((await live.remotesDocument(viewerOf(inside))).ticket).toEqual({
      version: '1.1.0',
      entry: '/remotes/ticket/1.1.0/mf-manifest.json',
      prefixes: expect.any(Array),
    });
    expect((await live.remotesDocument(viewerOf(outside))).ticket?.version).toBe('1.0.0');
    expect((await live.remotesDocument(null)).ticket?.version).toBe('1.0.0');
    expect(await live.liveVersion('ticket')).toBe('1.0.0');
  });

  test('one canary per app: a second canary or another release is refused while one runs; its own version again changes the share', async () => {
    await ship('1.1.0', share(10));
    const since = (await registry()).apps.ticket?.canary?.since;
    let builds = 0;
    const counted: typeof build = async (...args) => {
      builds += 1;
      return build(...args);
    };
    await expect(
      release('ticket', { storeDir: store, build: counted, version: '1.2.0', canary: share(20), databaseUrl: null }),
    ).rejects.toThrow('ticket 正在灰度 1.1.0（10% 用户），一个模块同时只能有一个灰度，未发布 1.2.0。');
    await expect(release('ticket', { storeDir: store, build: counted, version: '1.2.0', databaseUrl: null })).rejects.toThrow(
      'npm run release -- ticket --version 1.1.0 --canary <比例|test-users>',
    );
    // Refused before building anything.
    expect(builds).toBe(0);
    expect(Object.keys((await registry()).apps.ticket?.versions ?? {})).toEqual(['1.0.0', '1.1.0']);

    expect(await ship('1.1.0', share(30))).toEqual({ app: 'ticket', version: '1.1.0', previous: '1.0.0', canary: share(30) });
    expect((await registry()).apps.ticket?.canary).toEqual({ version: '1.1.0', audience: share(30), since });
    expect((await ship('1.1.0', share(30))).unchanged).toBe(true);
  });

  test('the host cannot be canaried; nor an app with no live version', async () => {
    await expect(release('host', { storeDir: store, build, version: '1.1.0', canary: share(10), databaseUrl: null })).rejects.toThrow(
      '宿主（host）不支持灰度发布',
    );
    expect((await registry()).apps.host?.versions['1.1.0']).toBeUndefined();
    await expect(release('wallet', { storeDir: store, build, version: '1.0.0', canary: share(10), databaseUrl: null })).rejects.toThrow(
      'wallet 还没有线上版本，无法灰度',
    );
  });

  test('a canary gets the compatibility checks with the live host, and a host release is checked against the canary too', async () => {
    const tooNew = fakeBuild(builtAgainst('1.0.0', '2.0.0'));
    await expect(
      release('ticket', { storeDir: store, build: tooNew, version: '1.1.0', canary: share(10), databaseUrl: null }),
    ).rejects.toThrow('未发布');
    expect((await registry()).apps.ticket?.canary).toBeUndefined();

    await release('ticket', {
      storeDir: store,
      build: fakeBuild(builtAgainst('1.0.0', '1.1.0')),
      version: '1.1.0',
      canary: share(10),
      databaseUrl: null,
    });
    // A host on the older SDK would break the canary (not the live ticket, built against 1.0.0).
    const olderHost = fakeBuild(builtAgainst('1.0.0', '1.0.0'), 'rebuilt');
    await expect(release('host', { storeDir: store, build: olderHost, version: '1.0.1', databaseUrl: null })).rejects.toThrow(
      '灰度中的 ticket@1.1.0',
    );
  });

  test('promote makes the canary live for everyone; a rollback then goes back to the version live before', async () => {
    await ship('1.1.0', share(10));
    expect(await promote('ticket', { storeDir: store, databaseUrl: null })).toEqual({ app: 'ticket', version: '1.1.0', previous: '1.0.0' });
    const stored = await registry();
    expect(stored.apps.ticket?.live).toBe('1.1.0');
    expect(stored.apps.ticket?.canary).toBeUndefined();
    expect(stored.history.at(-1)).toMatchObject({ action: 'promote', version: '1.1.0', previous: '1.0.0' });
    expect(liveLineage(stored, 'ticket').lineage).toEqual(['1.0.0', '1.1.0']);
    await expect(promote('ticket', { storeDir: store, databaseUrl: null })).rejects.toThrow('ticket 没有进行中的灰度');
    expect(await rollback('ticket', { storeDir: store, databaseUrl: null })).toEqual({
      app: 'ticket',
      version: '1.0.0',
      previous: '1.1.0',
    });
  });

  test('a rollback while a canary runs ends the canary: everyone back on the live version, the canary 已回滚', async () => {
    await ship('1.1.0');
    await ship('1.2.0', { kind: 'test-users' });
    await expect(rollback('ticket', { storeDir: store, to: '1.0.0', databaseUrl: null })).rejects.toThrow(
      'ticket 正在灰度 1.2.0（仅测试用户）：先结束灰度',
    );
    expect(await rollback('ticket', { storeDir: store, databaseUrl: null })).toEqual({
      app: 'ticket',
      version: '1.1.0',
      previous: '1.2.0',
      endedCanary: true,
    });
    const stored = await registry();
    expect(stored.apps.ticket?.live).toBe('1.1.0');
    expect(stored.apps.ticket?.canary).toBeUndefined();
    expect(stored.history.at(-1)).toMatchObject({ action: 'rollback', version: '1.1.0', previous: '1.2.0', endedCanary: true });
    expect(liveLineage(stored, 'ticket').rolledBack).toEqual(new Set(['1.2.0']));
    const listing = formatReleases(stored, 'ticket');
    expect(listing).toMatch(/ {8}1\.2\.0 +已回滚/);
    expect(listing).toContain('上次灰度 1.2.0 结束于');
    // The live version was never rolled back: the next rollback takes it back to the one before.
    expect(await rollback('ticket', { storeDir: store, databaseUrl: null })).toEqual({
      app: 'ticket',
      version: '1.0.0',
      previous: '1.1.0',
    });
  });

  test('a registry written before canaries (no canary field) takes a canary, a promotion and a rollback', async () => {
    const old: Registry = {
      apps: {
        host: (await registry()).apps.host as Registry['apps'][string],
        ticket: {
          live: '1.0.0',
          versions: { '1.0.0': { version: '1.0.0', releasedAt: '2026-01-01T00:00:00.000Z', prefixes: ['/ticket/'], sourceHash: 'x' } },
        },
      },
      history: [{ at: '2026-01-01T00:00:00.000Z', action: 'release', app: 'ticket', version: '1.0.0', previous: null }],
    };
    await writeFile(join(store, 'registry.json'), JSON.stringify(old));
    await ship('1.1.0', share(50));
    expect((await registry()).apps.ticket?.canary?.version).toBe('1.1.0');
    await promote('ticket', { storeDir: store, databaseUrl: null });
    expect(formatReleases(await registry(), 'ticket')).toMatch(/● 线上 1\.1\.0/);
  });

  test('ending a canary is a compare-and-set: of callers at once, one records it; a canary promoted or replaced meanwhile is left alone', async () => {
    await ship('1.1.0', share(10));
    const canary = (await registry()).apps.ticket?.canary;
    if (!canary) throw new Error('no canary');
    const ends = await Promise.all(Array.from({ length: 4 }, () => endCanaryIfStill(store, null, 'ticket', canary, '自动回滚：测试')));
    expect(ends.filter(Boolean)).toEqual([{ app: 'ticket', version: '1.1.0', live: '1.0.0' }]);
    expect((await registry()).history.filter((entry) => entry.endedCanary)).toEqual([
      expect.objectContaining({ reason: '自动回滚：测试', previous: '1.1.0', version: '1.0.0' }),
    ]);

    await ship('1.2.0', share(10));
    const next = (await registry()).apps.ticket?.canary;
    await promote('ticket', { storeDir: store, databaseUrl: null });
    expect(await endCanaryIfStill(store, null, 'ticket', next as NonNullable<typeof next>, 'late')).toBeNull();
    expect((await registry()).apps.ticket?.live).toBe('1.2.0');
  });

  test('the listing shows the canary, its share and start, and the failure rates of the live and the canary version', async () => {
    await ship('1.1.0', share(12.5));
    const stored = await registry();
    const since = stored.apps.ticket?.canary?.since as string;
    const rates = new Map([
      [
        'ticket',
        {
          since,
          live: { version: '1.0.0', figures: { loads: 200, failures: 2 } },
          canary: { version: '1.1.0', figures: { loads: 60, failures: 8 } },
        },
      ],
    ]);
    const lines = formatReleases(stored, 'ticket', undefined, rates).split('\n');
    expect(lines[0]).toMatch(/^ticket {2}灰度中: 1\.1\.0 给 12\.5% 用户（自 \d{4}-\d\d-\d\d \d\d:\d\d:\d\d 起），其余用户 1\.0\.0$/);
    expect(lines.find((line) => line.includes(' 1.1.0 ') && line.includes('发布于'))).toMatch(/^ {2}◐ 灰度 1\.1\.0/);
    expect(lines.find((line) => line.includes(' 1.0.0 ') && line.includes('发布于'))).toMatch(/^ {2}● 线上 1\.0\.0/);
    expect(lines.at(-1)).toBe(
      '  失败率（自灰度开始，按登录用户每小时计）: 线上 1.0.0 失败率 1.0%（失败 2 / 加载 200 次）；灰度 1.1.0 失败率 13.3%（失败 8 / 加载 60 次）',
    );
  });
});

await describeWithPostgres('canaries with the registry in PostgreSQL', () => {
  const closing: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const close of closing.splice(0)) await close();
    await dropDatabases();
  });

  test('a registry from before canaries is taken in; canary, promote and the end of a canary work on it, and every instance serves them', async () => {
    const store = await mkdtemp(join(tmpdir(), 'canary-db-'));
    const build = fakeBuild(builtAgainst('1.0.0', '1.0.0'));
    // A registry.json written before canaries existed: no canary field anywhere.
    await release('host', { storeDir: store, build, version: '1.0.0', databaseUrl: null });
    await release('ticket', { storeDir: store, build, version: '1.0.0', databaseUrl: null });
    const url = await newDatabase();
    const instance = new LiveApps(store, url);
    closing.push(() => instance.close());
    const tester: Viewer = { bucket: 9_999, tester: true };
    expect((await instance.remotesDocument(tester)).ticket?.version).toBe('1.0.0');

    await release('ticket', { storeDir: store, build, version: '1.1.0', canary: { kind: 'test-users' }, databaseUrl: url });
    expect((await readRegistry(store, url)).apps.ticket?.canary?.version).toBe('1.1.0');
    const deadline = Date.now() + 30_000;
    while ((await instance.remotesDocument(tester)).ticket?.version !== '1.1.0' && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await instance.remotesDocument(tester)).ticket?.version).toBe('1.1.0');
    expect((await instance.remotesDocument({ bucket: 0, tester: false })).ticket?.version).toBe('1.0.0');

    const canary = (await readRegistry(store, url)).apps.ticket?.canary as NonNullable<Registry['apps'][string]['canary']>;
    const ends = await Promise.all(Array.from({ length: 4 }, () => endCanaryIfStill(store, url, 'ticket', canary, '自动回滚：测试')));
    expect(ends.filter(Boolean)).toHaveLength(1);
    expect((await readRegistry(store, url)).history.filter((entry) => entry.endedCanary)).toHaveLength(1);

    await release('ticket', { storeDir: store, build, version: '1.2.0', canary: share(5), databaseUrl: url });
    expect(await promote('ticket', { storeDir: store, databaseUrl: url })).toEqual({ app: 'ticket', version: '1.2.0', previous: '1.0.0' });
    expect((await readRegistry(store, url)).apps.ticket?.live).toBe('1.2.0');
    // The file was left as it was: the database is the registry.
    expect((await readRegistry(store, null)).apps.ticket?.canary).toBeUndefined();
  });
});

describe('versionFor', () => {
  test('without a canary everyone gets the live version', () => {
    expect(versionFor({ live: '1.0.0', versions: {} }, { bucket: 0, tester: true })).toBe('1.0.0');
  });
});
