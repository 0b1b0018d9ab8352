/**
 * One registry for a fleet: two server processes on one PostgreSQL database (DATABASE_URL), each with a
 * release store of its own, serve the same live versions, and a rollback made through the database (as
 * `npm run rollback` does with DATABASE_URL) reaches both by their next check of its revision, with no restart.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from '@rstest/core';
import { updateRegistry, type ReleasedVersion } from '@app/deploy/registry';
import { processDatabase } from './support/process-database';
import { startServerProcess } from './support/server-process';
import { describeOnPostgres } from './support/database-suites';
import { expectPickedUpByNextCheck } from './support/registry-pickup';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const released = (version: string): ReleasedVersion => ({
  version,
  releasedAt: new Date().toISOString(),
  prefixes: ['/ticket'],
  sourceHash: 'test',
});

describeOnPostgres('the registry of a fleet (%s)', (kind) => {
  test('a rollback through the database reaches every instance by its next revision check', async () => {
    const database = await processDatabase(kind, cleanups);
    const url = String(database.env.DATABASE_URL);
    const stores = [await mkdtemp(join(tmpdir(), 'fleet-a-')), await mkdtemp(join(tmpdir(), 'fleet-b-'))];
    for (const store of stores) cleanups.push(() => rm(store, { recursive: true, force: true }));
    await updateRegistry(
      stores[0] as string,
      (registry) => {
        registry.apps.ticket = { live: '1.1.0', versions: { '1.0.0': released('1.0.0'), '1.1.0': released('1.1.0') } };
      },
      url,
    );
    const servers = await Promise.all(stores.map((store) => startServerProcess({ env: { ...database.env, RELEASE_DIR: store } })));
    for (const server of servers) cleanups.push(() => server.kill());
    const liveOn = async (serverUrl: string) =>
      ((await (await fetch(`${serverUrl}/remotes.json`)).json()) as Record<string, { version: string }>).ticket?.version;
    for (const server of servers) expect(await liveOn(server.url)).toBe('1.1.0');

    await updateRegistry(
      stores[1] as string,
      (registry) => {
        const ticket = registry.apps.ticket;
        if (ticket) ticket.live = '1.0.0';
        registry.history.push({ at: new Date().toISOString(), action: 'rollback', app: 'ticket', version: '1.0.0', previous: '1.1.0' });
      },
      url,
    );
    const committedAt = Date.now();
    await Promise.all(servers.map((server) => expectPickedUpByNextCheck(committedAt, async () => (await liveOn(server.url)) === '1.0.0')));
  }, 120_000);
});
