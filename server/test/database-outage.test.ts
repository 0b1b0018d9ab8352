/**
 * A lost database never ends the server, on PostgreSQL: a real server process (support/server-process.ts)
 * whose connections are cut under load (pg_terminate_backend, as a failover or a restart of the database does) stays
 * up, answers every call either as usual or 503 服务繁忙，请稍后重试, and serves again at once; while the database
 * refuses connections, /healthz stays 200 and /readyz turns 503, and once it takes them again the instance is ready,
 * the calls answer and the task worker goes on with a task created meanwhile. PGlite runs inside the process: it
 * has no connection to lose.
 */
import { afterAll, expect, test } from '@rstest/core';
import pg from 'pg';
import { TaskStatus } from '@app/contract/task-status';
import { SERVICE_BUSY_MESSAGE } from '../src/db/database-unavailable';
import { DEMO_TAX_NUMBERS } from '../src/db/seed';
import { processDatabase } from './support/process-database';
import { callApi, demoSignIn, startServerProcess } from './support/server-process';
import { eventually, POSTGRES_ADMIN_URL } from './support/test-server';
import { describeOnPostgres } from './support/database-suites';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Statements of the PostgreSQL superuser, on the server's database `name`. */
async function asAdmin<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

const cutConnections = (admin: pg.Client, name: string) =>
  admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);

describeOnPostgres('the database lost under load (%s)', (kind) => {
  test('cut connections: the process stays up, every call answers as usual or 503, and then as usual again', async () => {
    const database = await processDatabase(kind, cleanups);
    const server = await startServerProcess({ env: { ...database.env, TASK_POLL_MS: '100' } });
    cleanups.push(() => server.kill());
    const name = new URL(String(database.env.DATABASE_URL)).pathname.slice(1);
    const { token, userId } = await demoSignIn(server.url, '企业管理员');

    // Four clients call without pause while the connections are cut three times, each after more calls answered.
    const answers: { status: number; message: string | null; success: boolean }[] = [];
    let loading = true;
    const client = async () => {
      while (loading) {
        const answer = await callApi(server.url, 'taxAccount/getTaxAccount', {}, token);
        answers.push({ status: answer.status, message: answer.body.message, success: answer.body.success });
      }
    };
    const clients = Promise.all([client(), client(), client(), client()]);
    for (let cut = 1; cut <= 3; cut++) {
      const before = answers.length;
      await eventually(async () => answers.length >= before + 20);
      await asAdmin((admin) => cutConnections(admin, name));
    }
    const afterCuts = answers.length;
    await eventually(async () => answers.slice(afterCuts).filter((answer) => answer.success).length >= 20);
    loading = false;
    await clients;

    expect(server.child.exitCode).toBeNull();
    expect(server.child.signalCode).toBeNull();
    for (const answer of answers) {
      if (!answer.success) expect(answer).toEqual({ status: 503, message: SERVICE_BUSY_MESSAGE, success: false });
      else expect(answer.status).toBe(200);
    }
    expect(answers.filter((answer) => answer.success).length).toBeGreaterThan(60);

    // The database refuses connections for a while: alive, not ready, calls answer 503 — then all is well again.
    await asAdmin(async (admin) => {
      await admin.query(`alter database "${name}" with allow_connections false`);
      await cutConnections(admin, name);
    });
    const busy = await eventually(async () => {
      const answer = await callApi(server.url, 'taxAccount/getTaxAccount', {}, token);
      return answer.status === 503 ? answer : null;
    });
    expect(busy.body).toMatchObject({ success: false, errorCode: 5000, message: SERVICE_BUSY_MESSAGE });
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const notReady = await fetch(`${server.url}/readyz`);
    expect(notReady.status).toBe(503);
    // The registry is in that database too (DATABASE_URL): it cannot be read either, unless it was read before.
    expect(await notReady.json()).toMatchObject({ status: 'unavailable', problems: expect.arrayContaining(['数据库不可用']) });

    await asAdmin((admin) => admin.query(`alter database "${name}" with allow_connections true`));
    await eventually(async () => (await fetch(`${server.url}/readyz`)).status === 200);
    expect(await (await fetch(`${server.url}/readyz`)).json()).toEqual({ status: 'ready' });
    expect((await callApi(server.url, 'taxAccount/getTaxAccount', {}, token)).body.success).toBe(true);

    // The task worker went on: a login task created now is claimed and run to its SMS step.
    const created = await callApi<{ taskId: string }>(
      server.url,
      'task/createLoginTask',
      { nsrsbh: DEMO_TAX_NUMBERS.trading, userId, loginMethod: '2' },
      token,
    );
    expect(created.body.success).toBe(true);
    await eventually(
      async () =>
        (await callApi<{ taskStatus: number }>(server.url, 'task/getTaskProcess', { id: created.body.result.taskId }, token)).body.result
          .taskStatus === TaskStatus.AwaitingSmsCode,
    );
    expect(server.output()).not.toMatch(/unhandled|uncaught/i);
  }, 180_000);
});
