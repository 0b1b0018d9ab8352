/**
 * The server as `npm start` runs it: one bundle of its sources (scripts/server-build.mjs), not TypeScript compiled at
 * every start. The bundle serves (its migrations, found from the sources' own folders, made the database; a demo
 * user signs in and reads who they are) and is made again only when a source changed.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from '@rstest/core';
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
  server = await startServerProcess({ env: { DATA_DIR: dataDir, DEMO_HISTORY: 'false', DATABASE_URL: undefined }, args: ['--enable-source-maps', bundle], startTimeoutMs: 90_000 });
  const { token } = await demoSignIn(server.url, '企业管理员');
  const user = await callApi<{ nickname: string }>(server.url, 'user/getOfficialAccountLoginUserInfo', {}, token);
  expect(user.body.result.nickname).toBe('李明');
  expect(await builtEntry('server/src/main.ts')).toBe(bundle);
  expect((await stat(bundle)).mtimeMs).toBe(built);
}, 180_000);
