/**
 * A canary in a fleet: two real server processes on one PostgreSQL database, the registry in it. Both serve
 * the canary to its share (by the signed cookie) and the live version to the rest; both count what signed-in phones
 * report (a load of the version their cookie serves them, a failure of it) into the one table, and nothing of an
 * outsider's manifest fetches and failure reports; both check the canary, and when it fails on 10 of its 50 users one
 * of them ends it: the history records one rollback, with the reason, and both serve the live version to everyone
 * from their next check of the registry's revision (REVISION_CHECK_MS after the end at the latest).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from '@rstest/core';
import { readRegistry, updateRegistry, type ReleasedVersion } from '@app/deploy/registry';
import { CanaryCookies, CANARY_COOKIE } from '../src/releases/canary-cookie';
import { processDatabase } from './support/process-database';
import { startServerProcess, type ServerProcess } from './support/server-process';
import { canaryPhones, type Phone } from './support/canary-phones';
import { eventually } from './support/test-server';
import { expectPickedUpByNextCheck } from './support/registry-pickup';
import { describeOnPostgres } from './support/database-suites';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const released = (version: string): ReleasedVersion => ({
  version,
  releasedAt: new Date().toISOString(),
  prefixes: ['/ticket/'],
  sourceHash: 'test',
});

describeOnPostgres('a canary in a fleet (%s)', (kind) => {
  test('two instances serve it per cookie, count its phones together (an outsider not at all) and end it once when it fails', async () => {
    const database = await processDatabase(kind, cleanups);
    const url = String(database.env.DATABASE_URL);
    const cookies = new CanaryCookies(Buffer.from(String(database.env.SECRET_KEY), 'hex'));
    const store = await mkdtemp(join(tmpdir(), 'canary-fleet-'));
    cleanups.push(() => rm(store, { recursive: true, force: true }));
    for (const version of ['1.0.0', '1.1.0']) {
      await mkdir(join(store, 'ticket', version), { recursive: true });
      await writeFile(
        join(store, 'ticket', version, 'mf-manifest.json'),
        JSON.stringify({ name: 'ticket', metaData: { remoteEntry: { name: '' } } }),
      );
    }
    const since = new Date().toISOString();
    await updateRegistry(
      store,
      (registry) => {
        registry.apps.ticket = {
          live: '1.0.0',
          versions: { '1.0.0': released('1.0.0'), '1.1.0': released('1.1.0') },
          canary: { version: '1.1.0', audience: { kind: 'share', percent: 50 }, since },
        };
        registry.history.push({
          at: since,
          action: 'release',
          app: 'ticket',
          version: '1.1.0',
          previous: '1.0.0',
          canary: { kind: 'share', percent: 50 },
        });
      },
      url,
    );
    // The phones' addresses come from a proxy on loopback (X-Forwarded-For), as behind nginx: reports are limited per address.
    const env = {
      ...database.env,
      RELEASE_DIR: store,
      CANARY_CHECK_MS: '200',
      CANARY_MIN_LOADS: '50',
      CANARY_MARGIN_POINTS: '5',
      TRUST_PROXY: 'loopback',
    };
    const servers: ServerProcess[] = [];
    for (let i = 0; i < 2; i++) {
      const server = await startServerProcess({ env });
      cleanups.push(() => server.kill());
      servers.push(server);
    }
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const inside = `${CANARY_COOKIE}=${cookies.value({ bucket: 0, tester: false })}`;
    const outside = `${CANARY_COOKIE}=${cookies.value({ bucket: 9_999, tester: false })}`;
    const ticketOn = async (server: ServerProcess, cookie: string) =>
      ((await (await fetch(`${server.url}/remotes.json`, { headers: { cookie } })).json()) as Record<string, { version: string }>).ticket
        ?.version;
    for (const server of servers) {
      expect(await ticketOn(server, inside)).toBe('1.1.0');
      expect(await ticketOn(server, outside)).toBe('1.0.0');
    }
    const report = async (server: ServerProcess, path: string, body: Record<string, string>, phone?: Phone) => {
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'x-forwarded-for': phone?.address ?? '10.99.0.1',
        ...(phone && { authorization: `Bearer ${phone.token}`, cookie: phone.cookie }),
      };
      const answer = await fetch(`${server.url}/api/${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
      expect(((await answer.json()) as { success: boolean }).success).toBe(true);
    };
    /** Each phone's host reports its load through one instance or the other, and the first `failing` a failure. */
    const use = (phones: Phone[], version: string, failing = 0) =>
      Promise.all(
        phones.map(async (phone, index) => {
          const server = servers[index % 2] as ServerProcess;
          if (index < failing) await report(server, 'client/reportFailure', { app: 'ticket', version, kind: 'remote-load' }, phone);
          await report(server, 'client/reportLoad', { app: 'ticket', version }, phone);
        }),
      );
    const phones = (count: number, side: 'canary' | 'live') =>
      database.inspect((handle) => canaryPhones(handle.db, cookies, count, side, 50));
    const countedIn = async () =>
      database.inspect(async (handle) =>
        Object.fromEntries(
          (
            await handle.raw(
              "select version, count(*)::int as n, (count(*) filter (where failed))::int as failed from canary_loads where app = 'ticket' group by version",
            )
          ).map((row) => [row.version, [Number(row.n), Number(row.failed)]]),
        ),
      );

    // An outsider first: manifest fetches through both instances and failure reports signed out count nothing.
    await Promise.all(
      [a, b].flatMap((server) =>
        Array.from({ length: 50 }, async () =>
          expect((await fetch(`${server.url}/remotes/ticket/1.1.0/mf-manifest.json`)).status).toBe(200),
        ),
      ),
    );
    for (const server of servers)
      for (let i = 0; i < 5; i++) await report(server, 'client/reportFailure', { app: 'ticket', version: '1.1.0', kind: 'remote-load' });
    expect(await countedIn()).toEqual({});
    // The live version's 50 users, then the canary's: 10 of its 50 fail (the 50th load is the one it is judged at).
    await use(await phones(50, 'live'), '1.0.0');
    await use(await phones(50, 'canary'), '1.1.0', 10);

    const registry = await eventually(async () => {
      const now = await readRegistry(store, url);
      return now.apps.ticket?.canary ? null : now;
    });
    expect(await countedIn()).toEqual({ '1.0.0': [50, 0], '1.1.0': [50, 10] });
    const ended = registry.history.filter((entry) => entry.endedCanary);
    expect(ended).toEqual([expect.objectContaining({ action: 'rollback', app: 'ticket', version: '1.0.0', previous: '1.1.0' })]);
    expect(ended[0]?.reason).toBe('自动回滚：灰度版本失败率 20.0%（加载 50 次），现行版本 0.0%（加载 50 次），高出 5 个百分点及以上');
    // Each instance serves the live version to the canary's users by its next revision check after the end.
    const endedAt = Date.now();
    for (const server of servers) await expectPickedUpByNextCheck(endedAt, async () => (await ticketOn(server, inside)) === '1.0.0');
  }, 180_000);
});
