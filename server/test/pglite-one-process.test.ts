/**
 * PGlite is single-process: a second server process on a data folder that a living server holds stops
 * with a clear message and touches nothing, the first keeps serving; after a crash (kill -9) the folder is free at
 * once for the next process.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from '@rstest/core';
import { callApi, startServerProcess } from './support/server-process';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

test('a second process on the folder of a living server is refused; after a crash the folder is free', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'pglite-one-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const env = { DATA_DIR: dataDir, DATABASE_URL: undefined, SECRET_KEY: undefined };
  const first = await startServerProcess({ env });
  cleanups.push(() => first.kill());

  // The second answers its port at once (pages need no database), then stops when it cannot have the database.
  const second = await startServerProcess({ env, probe: async () => true });
  cleanups.push(() => second.kill());
  await new Promise<void>((resolve) => (second.child.exitCode !== null ? resolve() : second.child.once('exit', () => resolve())));
  expect(second.child.exitCode).not.toBe(0);
  expect(second.output()).toContain(
    `正由另一个服务器进程（pid ${first.pid}）使用：PGlite 只能由一个进程打开。要运行多个实例，请使用 PostgreSQL（DATABASE_URL）。`,
  );
  expect((await callApi(first.url, 'sysConfig/get')).body.success).toBe(true);

  await first.kill();
  const third = await startServerProcess({ env });
  cleanups.push(() => third.kill());
  expect((await callApi(third.url, 'sysConfig/get')).body.success).toBe(true);
}, 180_000);
