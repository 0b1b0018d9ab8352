/**
 * The registry in PostgreSQL (where one answers at 127.0.0.1:5432): the store's registry.json is taken in on
 * first use; release, rollback and the listing work against the database; every server instance (LiveApps) sees a
 * rollback once REVISION_CHECK_MS has passed since its last check, on a clock the test moves; changes made at once
 * are serialised, none lost.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from '@rstest/core';
import pg from 'pg';
import { LiveApps, REVISION_CHECK_MS } from '../src/live-apps';
import { readRegistry, readRegistryFile, updateRegistry, type Registry } from '../src/registry';
import { listReleases } from '../src/releases';
import { release } from '../src/release';
import { rollback } from '../src/rollback';
import { fakeBuild } from './fixtures/fake-build';
import { describeWithPostgres, dropDatabases, newDatabase } from './fixtures/test-postgres';

const closing: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const close of closing.splice(0)) await close();
  await dropDatabases();
});

const liveApps = (store: string, url: string, now?: () => number) => {
  const live = new LiveApps(store, url, now);
  closing.push(() => live.close());
  return live;
};

await describeWithPostgres('the registry in PostgreSQL', () => {
  const build = fakeBuild();

  test("the store's registry.json is taken in on first use, then the database is the registry", async () => {
    const store = await mkdtemp(join(tmpdir(), 'registry-db-'));
    const url = await newDatabase();
    await release('ticket', { storeDir: store, build, version: '1.0.0', databaseUrl: null });
    await release('ticket', { storeDir: store, build, version: '1.1.0', databaseUrl: null });
    const file = await readRegistryFile(store);
    expect(await readRegistry(store, url)).toEqual(file);

    await rollback('ticket', { storeDir: store, databaseUrl: url });
    expect((await readRegistry(store, url)).apps.ticket?.live).toBe('1.0.0');
    // The file is left as it was: the database is the registry now.
    expect((await readRegistryFile(store)).apps.ticket?.live).toBe('1.1.0');
    expect(await listReleases(store, 'ticket', url)).toMatch(/● 线上 1\.0\.0/);
  });

  test('every instance serves a rollback once REVISION_CHECK_MS has passed on its clock since its last check', async () => {
    const store = await mkdtemp(join(tmpdir(), 'registry-db-'));
    const url = await newDatabase();
    await release('ticket', { storeDir: store, build, version: '1.0.0', databaseUrl: url });
    await release('ticket', { storeDir: store, build, version: '1.1.0', databaseUrl: url });
    // The instances' clock is the test's: a busy machine stretches no interval, so the bound is exact.
    let clock = 1_000_000;
    const instances = [liveApps(store, url, () => clock), liveApps(store, url, () => clock), liveApps(store, url, () => clock)];
    for (const live of instances) expect(await live.liveVersion('ticket')).toBe('1.1.0');

    await rollback('ticket', { storeDir: store, databaseUrl: url });
    // Within the interval an instance answers from what it read: the database is not asked on every request.
    clock += REVISION_CHECK_MS - 1;
    for (const live of instances) expect(await live.liveVersion('ticket')).toBe('1.1.0');
    clock += 1;
    for (const live of instances) expect(await live.liveVersion('ticket')).toBe('1.0.0');
    // An instance that has not been asked meanwhile sees it on its first request.
    expect(await liveApps(store, url).liveVersion('ticket')).toBe('1.0.0');
  });

  test('changes made at once are serialised: none is lost', async () => {
    const store = await mkdtemp(join(tmpdir(), 'registry-db-'));
    await writeFile(join(store, 'registry.json'), JSON.stringify({ apps: {}, history: [] } satisfies Registry));
    const url = await newDatabase();
    await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        updateRegistry(
          store,
          (registry) => {
            registry.history.push({
              at: new Date().toISOString(),
              action: 'release',
              app: `app${index}`,
              version: '1.0.0',
              previous: null,
            });
          },
          url,
        ),
      ),
    );
    const { history } = await readRegistry(store, url);
    expect(history.map((entry) => entry.app).sort()).toEqual(['app0', 'app1', 'app2', 'app3', 'app4', 'app5', 'app6', 'app7']);
  });

  test("the listing shows each version's failures phones reported in the last 24 hours (the server's table)", async () => {
    const store = await mkdtemp(join(tmpdir(), 'registry-db-'));
    const url = await newDatabase();
    await release('ticket', { storeDir: store, build, version: '1.0.0', databaseUrl: url });
    await release('ticket', { storeDir: store, build, version: '1.1.0', databaseUrl: url });
    // Before the server made its table, the listing says nothing of failures.
    expect(await listReleases(store, 'ticket', url)).not.toContain('手机端失败');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    // The server's table (server/drizzle/0015_client_failures.sql), with a report of now and one of two days ago.
    await client.query(
      'create table client_failures (app text not null, version text not null, kind text not null, hour timestamptz not null, count integer not null default 0, primary key (app, version, kind, hour))',
    );
    await client.query(
      `insert into client_failures values ('ticket', '1.1.0', 'remote-load', date_trunc('hour', now()), 3), ('ticket', '1.1.0', 'page-error', date_trunc('hour', now()), 1), ('ticket', '1.0.0', 'remote-load', now() - interval '2 days', 9)`,
    );
    await client.end();
    const lines = (await listReleases(store, 'ticket', url)).split('\n');
    expect(lines.find((line) => line.includes('1.1.0'))).toContain('24 小时内手机端失败: 加载 3 次, 页面 1 次');
    expect(lines.find((line) => line.includes('1.0.0'))).not.toContain('手机端失败');
  });
});
