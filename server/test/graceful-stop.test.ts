/**
 * SIGTERM stops a server gracefully, on PGlite and PostgreSQL: a real server process whose worker is in
 * the middle of a step at the tax bureau finishes that step, writes its outcome, hands the task's lease back and then
 * exits 0, so another instance can take the task on at once, not after the lease runs out. (Its connections drain
 * meanwhile: server/src/http/drain-connections.ts; server/test/fleet.test.ts stops an instance under load.)
 */
import { afterAll, expect, test } from '@rstest/core';
import { eq } from 'drizzle-orm';
import { TaskStatus } from '@app/contract/task-status';
import { DEMO_TAX_NUMBERS } from '../src/db/seed';
import { tasks } from '../src/db/schema/tasks';
import { processDatabase } from './support/process-database';
import { callApi, demoSignIn, startServerProcess } from './support/server-process';
import { eventually } from './support/test-server';
import { describeEachDatabase } from './support/database-suites';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describeEachDatabase('SIGTERM (%s)', (kind) => {
  test('the step in flight is finished and written and its lease handed back; then exit 0', async () => {
    const database = await processDatabase(kind, cleanups);
    // A step at the simulated bureau takes 2 s: the window in which the server is told to stop. The lease (30 s) would
    // keep the task from any other instance for long if it were not handed back.
    const server = await startServerProcess({
      env: { ...database.env, ETAX_SIM_DELAY_MS: '2000', TASK_LEASE_MS: '30000', TASK_STEP_TIMEOUT_MS: '10000', TASK_POLL_MS: '100' },
    });
    cleanups.push(() => server.kill());
    const { token, userId } = await demoSignIn(server.url, '企业管理员');
    const created = await callApi<{ taskId: string }>(
      server.url,
      'task/createLoginTask',
      { nsrsbh: DEMO_TAX_NUMBERS.trading, userId, loginMethod: '2' },
      token,
    );
    const id = created.body.result.taskId;
    await eventually(
      async () =>
        (await callApi<{ taskStatus: number }>(server.url, 'task/getTaskProcess', { id }, token)).body.result.taskStatus ===
        TaskStatus.Processing,
    );

    await server.stop();
    expect(server.child.exitCode).toBe(0);

    const task = await database.inspect(async ({ db }) => (await db.select().from(tasks).where(eq(tasks.id, id)))[0]);
    // The step the worker was in finished (the bureau sent the SMS): the task waits for the code, and nobody holds it.
    expect(task?.status).toBe(TaskStatus.AwaitingSmsCode);
    expect(task?.lockedBy).toBeNull();
    expect(task?.lockedUntil).toBeNull();
  }, 180_000);
});
