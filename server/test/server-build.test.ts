/**
 * The server as `npm start` runs it: one bundle of its sources (scripts/server-build.mjs), not TypeScript compiled at
 * every start. The bundle serves (its migrations, found from the sources' own folders, made the database; a demo
 * user signs in and reads who they are) and is made again only when a source changed.
 */
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from '@rstest/core';
import { updateRegistry } from '@app/deploy/registry';
import { builtEntry } from '../../scripts/server-build.mjs';
import { callApi, demoSignIn, startServerProcess, type ServerProcess } from './support/server-process';

let server: ServerProcess | null = null;
const dataDir = await mkdtemp(join(tmpdir(), 'server-build-'));
afterAll(async () => {
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

test('the bundled server starts, migrates a new database and answers a signed-in call; an unchanged source is not bundled again', async () => {
  const bundle = await builtEntry('server/src/main.ts');
  const built = (await stat(bundle)).mtimeMs;
  server = await startServerProcess({
    env: { DATA_DIR: dataDir, DEMO_HISTORY: 'false', DATABASE_URL: undefined },
    args: ['--enable-source-maps', bundle],
  });
  const { token } = await demoSignIn(server.url, '企业管理员');
  const user = await callApi<{ nickname: string }>(server.url, 'user/getOfficialAccountLoginUserInfo', {}, token);
  expect(user.body.result.nickname).toBe('李明');
  expect(await builtEntry('server/src/main.ts')).toBe(bundle);
  expect((await stat(bundle)).mtimeMs).toBe(built);
}, 180_000);

test('npm start answers pages before the database is open; an API call made meanwhile waits and is answered', async () => {
  const freshData = await mkdtemp(join(tmpdir(), 'server-early-'));
  const store = await mkdtemp(join(tmpdir(), 'server-early-store-'));
  await mkdir(join(store, 'host', '1.0.0'), { recursive: true });
  await writeFile(join(store, 'host', '1.0.0', 'index.html'), '<!doctype html><html><head><title>host</title></head><body></body></html>');
  await updateRegistry(store, (registry) => {
    registry.apps.host = {
      live: '1.0.0',
      versions: { '1.0.0': { version: '1.0.0', releasedAt: new Date().toISOString(), prefixes: [], sourceHash: 'x' } },
    };
  });
  // A fresh database with the demo history: opening and seeding it takes seconds.
  const early = await startServerProcess({
    // Held as long as a busy machine takes to seed (by default a held call is answered 服务正在启动 after 30 s).
    env: {
      DATA_DIR: freshData,
      RELEASE_DIR: store,
      DEMO_HISTORY: 'true',
      LOG_LEVEL: 'info',
      DATABASE_URL: undefined,
      STARTUP_HOLD_MS: '240000',
      CONNECTION_TIMEOUT_MS: '300000',
    },
    keepStdout: true,
    probe: async (url) => (await fetch(`${url}/invoice/list`, { signal: AbortSignal.timeout(2000) })).status === 200,
  });
  try {
    // The page answered while the database was still being seeded.
    expect(early.output()).not.toContain('已写入基础数据');
    const page = await fetch(`${early.url}/invoice/list`);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await page.text()).toContain('id="live-remotes"');
    // It waits until the database is open and seeded: seconds, more on a busy machine.
    const config = await callApi<{ frontVersion: number }>(early.url, 'sysConfig/get', {}, null, 240_000);
    expect(config.body.success).toBe(true);
    expect(early.output()).toContain('已写入基础数据');
  } finally {
    await early.stop();
    await rm(freshData, { recursive: true, force: true });
    await rm(store, { recursive: true, force: true });
  }
}, 300_000);
