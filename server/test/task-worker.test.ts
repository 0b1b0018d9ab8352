/**
 * The task worker against the simulator's fault switch (POST /etax-sim/fault): a failing bureau is retried with
 * growing attempts and then fails with its reason, a bureau that never answers times out, a slow one still works, and a
 * bureau that recovers lets a retried task succeed; a task past its deadline fails as timed out; and a worker that lost
 * its lease cannot write the outcome of its step. The retry schedule the suite's worker uses is configured shorter; the
 * real one (1 s, 2 s, 4 s…) is what the configuration gives without it.
 */
import { afterAll, afterEach, beforeAll, expect, rs, test } from '@rstest/core';
import { eq, sql } from 'drizzle-orm';
import { DEMO_TAX_NUMBERS } from '../src/db/seed';
import { companies } from '../src/db/schema/companies';
import { simSessions, simSms } from '../src/db/schema/etax-simulator';
import { tasks } from '../src/db/schema/tasks';
import { TaskStatus } from '@app/contract/task-status';
import { configFromEnv } from '../src/config';
import { RETRY_BASE_MS, retryDelayMs } from '../src/tasks/task-worker';
import { createTestServer, eventually, type TestServer } from './support/test-server';
import { describeEachDatabase } from './support/database-suites';

const STEP_TIMEOUT_MS = 800;
/** The suite's first retry waits this long (then twice it): long enough to see each attempt, shorter than a real one. */
const RETRY_MS = 300;
const NO_ANSWER = '电子税务局无响应，请稍后重试';

test('the retry schedule: 1 s after the first failed attempt, doubled after each; TASK_RETRY_BASE_MS sets the first', () => {
  expect(RETRY_BASE_MS).toBe(1000);
  expect([1, 2, 3].map((attempts) => retryDelayMs(attempts))).toEqual([1000, 2000, 4000]);
  expect(configFromEnv({}).worker.retryBaseMs).toBe(RETRY_BASE_MS);
  expect(configFromEnv({ TASK_RETRY_BASE_MS: '50' }).worker.retryBaseMs).toBe(50);
  expect([1, 2, 3].map((attempts) => retryDelayMs(attempts, 50))).toEqual([50, 100, 200]);
  expect(() => configFromEnv({ TASK_RETRY_BASE_MS: 'soon' })).toThrow('TASK_RETRY_BASE_MS 无效: soon');
});

test('an idle worker waits at most 1 s by default; TASK_IDLE_POLL_MS sets it', () => {
  expect(configFromEnv({}).worker).toMatchObject({ pollMs: 250, idlePollMs: 1000 });
  expect(configFromEnv({ TASK_IDLE_POLL_MS: '5000' }).worker.idlePollMs).toBe(5000);
});

describeEachDatabase('an idle worker (%s)', (kind) => {
  /** Far longer than any wait below: a worker that slept this long before a due task would fail the test. */
  const IDLE_MS = 120_000;
  let server: TestServer;

  beforeAll(async () => {
    server = await createTestServer(kind, {
      worker: {
        enabled: true,
        pollMs: 20,
        idlePollMs: IDLE_MS,
        stepTimeoutMs: STEP_TIMEOUT_MS,
        leaseMs: 4000,
        batch: 8,
        retryBaseMs: RETRY_MS,
      },
    });
  });
  afterAll(async () => {
    await server.app.inject({ method: 'POST', url: '/etax-sim/fault', payload: { mode: 'none' } });
    await server.close();
  });

  test('with nothing due it waits its whole idle wait; a due retry is still taken up when due, and a new task at once', async () => {
    const worker = server.app.worker!;
    await eventually(async () => worker.waitingMs === IDLE_MS);

    await server.app.inject({ method: 'POST', url: '/etax-sim/fault', payload: { mode: 'fail', reason: '维护中' } });
    const [company] = await server.database.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.xsfNsrsbh, DEMO_TAX_NUMBERS.trading));
    const userId = await server.userIdOf('企业管理员');
    // Made in this process: the worker wakes at once, not after its idle wait.
    const { id } = await server.app.services.tasks.create({ companyId: company!.id, userId, type: 'login_sms' });
    const row = async () => (await server.database.db.select().from(tasks).where(eq(tasks.id, id)))[0]!;
    const first = await eventually(async () => ((await row()).attempts === 1 ? row() : null), 20_000);
    // Nothing else is due: idle until the retry is due, then it runs, long before the idle wait would have ended.
    const second = await eventually(async () => ((await row()).attempts === 2 ? row() : null), 20_000);
    expect(second.updatedAt.getTime() - first.nextRunAt.getTime()).toBeLessThan(IDLE_MS / 10);
  });
});

describeEachDatabase('task worker and the fault switch (%s)', (kind) => {
  let server: TestServer;
  let token: string;
  let userId: string;
  let companyId: string;

  beforeAll(async () => {
    server = await createTestServer(kind, {
      worker: { enabled: true, pollMs: 20, stepTimeoutMs: STEP_TIMEOUT_MS, leaseMs: 4000, batch: 8, retryBaseMs: RETRY_MS },
    });
    token = await server.tokenFor('企业管理员');
    userId = await server.userIdOf('企业管理员');
    const [company] = await server.database.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.xsfNsrsbh, DEMO_TAX_NUMBERS.trading));
    companyId = company!.id;
  });
  afterEach(async () => {
    rs.restoreAllMocks();
    await setFault({ mode: 'none' });
  });
  afterAll(async () => server.close());

  const setFault = async (fault: { mode: string; reason?: string; delayMs?: number }) => {
    const answer = await server.app.inject({ method: 'POST', url: '/etax-sim/fault', payload: fault });
    expect(answer.statusCode).toBe(200);
    return answer.json<{ mode: string; reason: string; delayMs: number }>();
  };
  /** A new login task of the trading company, as createLoginTask makes it (without its once-per-company checks). */
  const newTask = async (type: 'login_sms' | 'login_qr' = 'login_sms') =>
    (await server.app.services.tasks.create({ companyId, userId, type })).id;
  const row = async (id: string) => {
    const [task] = await server.database.db.select().from(tasks).where(eq(tasks.id, id));
    if (!task) throw new Error(`no task ${id}`);
    return task;
  };
  const waitFor = (id: string, done: (task: Awaited<ReturnType<typeof row>>) => boolean, timeoutMs = 10_000) =>
    eventually(async () => {
      const task = await row(id);
      return done(task) ? task : null;
    }, timeoutMs);
  const progress = async (id: string) =>
    (await server.call<{ taskStatus: number; failReason: string | null }>('task/getTaskProcess', { id }, token)).body.result;
  const smsOf = (id: string) => server.database.db.select().from(simSms).where(eq(simSms.gatewayRef, id));
  const sessionOf = async (id: string) => (await server.database.db.select().from(simSessions).where(eq(simSessions.ref, id)))[0];
  const submitCode = async (id: string) => {
    const [sms] = await smsOf(id);
    expect(sms?.code).toMatch(/^\d{6}$/);
    expect((await server.call('task/submitLoginTaskSmsCode', { id, smsCode: sms!.code }, token)).body.success).toBe(true);
  };

  test('the switch: GET shows it, POST sets it, an unknown mode is refused', async () => {
    expect((await server.app.inject('/etax-sim/fault')).json()).toMatchObject({ mode: 'none' });
    expect(await setFault({ mode: 'slow', delayMs: 123 })).toMatchObject({ mode: 'slow', delayMs: 123 });
    expect((await server.app.inject('/etax-sim/fault')).json()).toMatchObject({ mode: 'slow', delayMs: 123 });
    const refused = await server.app.inject({ method: 'POST', url: '/etax-sim/fault', payload: { mode: 'broken' } });
    expect(refused.statusCode).toBe(400);
    expect((await server.app.inject('/etax-sim/fault')).json()).toMatchObject({ mode: 'slow' });
  });

  test("'fail': the step is retried with growing attempts, then the task fails with the fault's reason", async () => {
    const reason = '电子税务局系统维护中（测试）';
    await setFault({ mode: 'fail', reason });
    const created = Date.now();
    const id = await newTask();
    // The first refusal: still processing, the reason shown, a retry scheduled the first retry's wait after it.
    const retrying = await waitFor(id, (task) => task.attempts === 1);
    const seenFirst = Date.now();
    expect(retrying.status).toBe(TaskStatus.Processing);
    expect(retrying.failReason).toBe(reason);
    expect(retrying.finishedAt).toBeNull();
    expect(retrying.nextRunAt.getTime()).toBeGreaterThanOrEqual(created + RETRY_MS);
    expect(retrying.nextRunAt.getTime()).toBeLessThanOrEqual(seenFirst + RETRY_MS);
    // The second refusal (no earlier than the retry was due): the wait doubled.
    const second = await waitFor(id, (task) => task.attempts === 2);
    expect(second.finishedAt).toBeNull();
    expect(second.nextRunAt.getTime()).toBeGreaterThanOrEqual(retrying.nextRunAt.getTime() + 2 * RETRY_MS);
    expect(second.nextRunAt.getTime()).toBeLessThanOrEqual(Date.now() + 2 * RETRY_MS);
    const failed = await waitFor(id, (task) => task.status === TaskStatus.Failed);
    expect(failed).toMatchObject({ attempts: 3, maxAttempts: 3, failReason: reason, lockedBy: null });
    expect(failed.finishedAt).not.toBeNull();
    expect(await progress(id)).toMatchObject({ taskStatus: -1, failReason: reason });
    // The bureau refused before doing anything: no session was started.
    expect(await sessionOf(id)).toBeUndefined();
  });

  test("'hang': each step times out, and after its attempts the task fails as 'no answer'", async () => {
    await setFault({ mode: 'hang' });
    const id = await newTask();
    const started = Date.now();
    const retrying = await waitFor(id, (task) => task.attempts === 1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(STEP_TIMEOUT_MS - 50);
    expect(retrying).toMatchObject({ status: TaskStatus.Processing, failReason: NO_ANSWER });
    const failed = await waitFor(id, (task) => task.status === TaskStatus.Failed, 15_000);
    expect(failed).toMatchObject({ attempts: 3, failReason: NO_ANSWER, lockedBy: null });
    expect(await progress(id)).toMatchObject({ taskStatus: -1, failReason: '电子税务局无响应，请稍后重试' });
  });

  test("'slow': every step takes longer, and the SMS login still succeeds", async () => {
    await setFault({ mode: 'slow', delayMs: 300 });
    const id = await newTask();
    const started = Date.now();
    await waitFor(id, (task) => task.status === TaskStatus.AwaitingSmsCode);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    await submitCode(id);
    const done = await waitFor(id, (task) => task.status === TaskStatus.Succeeded);
    expect(done).toMatchObject({ attempts: 0, failReason: null });
    expect(await progress(id)).toMatchObject({ taskStatus: 1 });
  });

  test("back to 'none' mid-way: the retried task succeeds", async () => {
    await setFault({ mode: 'fail', reason: '系统繁忙（测试）' });
    const id = await newTask();
    const retrying = await waitFor(id, (task) => task.attempts === 1);
    expect(retrying.failReason).toBe('系统繁忙（测试）');
    await setFault({ mode: 'none' });
    // The retry reaches the bureau: the SMS is sent, the reason cleared.
    const waiting = await waitFor(id, (task) => task.status === TaskStatus.AwaitingSmsCode);
    expect(waiting).toMatchObject({ attempts: 1, failReason: null });
    await submitCode(id);
    await waitFor(id, (task) => task.status === TaskStatus.Succeeded);
    expect((await sessionOf(id))?.starts).toBe(1);
  });

  test('a task past its deadline fails as timed out: waiting for the code, or before its first step', async () => {
    const waitingId = await newTask();
    await waitFor(waitingId, (task) => task.status === TaskStatus.AwaitingSmsCode);
    // The deadline passes: the waiting task wakes up at its deadline (that is when it is due).
    await server.database.db
      .update(tasks)
      .set({ deadlineAt: sql`now() - interval '1 second'`, nextRunAt: sql`now() - interval '1 second'` })
      .where(eq(tasks.id, waitingId));
    const timedOut = await waitFor(waitingId, (task) => task.status === TaskStatus.Failed);
    expect(timedOut.failReason).toMatch(/^任务超时/);
    expect(await progress(waitingId)).toMatchObject({ taskStatus: -1, failReason: '任务超时，请重新发起' });

    const [late] = await server.database.db
      .insert(tasks)
      .values({ companyId, userId, type: 'login_qr', payload: { stage: 'start' }, deadlineAt: new Date(Date.now() - 1000) })
      .returning();
    const failed = await waitFor(late!.id, (task) => task.status === TaskStatus.Failed);
    expect(failed.failReason).toBe('任务超时，请重新发起');
    expect(await sessionOf(late!.id)).toBeUndefined();
  });

  test('the fence: a worker that lost its lease mid-step cannot write the outcome; the task is redone once it is free', async () => {
    const info = rs.spyOn(server.app.log, 'info');
    await setFault({ mode: 'slow', delayMs: 600 });
    const id = await newTask();
    const claimed = await waitFor(id, (task) => task.lockedBy !== null);
    expect(claimed.status).toBe(TaskStatus.Processing);

    // Another worker takes the task over while the step is still running (as if the lease had run out).
    const intruder = 'another-host:1:deadbeef#1';
    const taken = await server.database.db
      .update(tasks)
      .set({ lockedBy: intruder })
      .where(sql`${tasks.id} = ${id} and ${tasks.lockedBy} = ${claimed.lockedBy}`)
      .returning({ id: tasks.id });
    expect(taken).toHaveLength(1);

    await eventually(async () =>
      info.mock.calls.some(([message]) => String(message).includes(`task ${id}`) && String(message).includes('lease lost')),
    );
    // The step did reach the bureau (the SMS was sent), but nothing of its outcome was written.
    expect(await smsOf(id)).toHaveLength(1);
    const after = await row(id);
    expect(after).toMatchObject({ status: TaskStatus.Processing, lockedBy: intruder, smsSentAt: null, failReason: null, attempts: 0 });
    expect(after.payload.stage).toBe('start');

    // The other worker dies: its lease runs out, this worker claims the task again and redoes the step, which the
    // bureau answers without starting a second session (no second SMS).
    await setFault({ mode: 'none' });
    await server.database.db.update(tasks).set({ lockedUntil: sql`now() - interval '1 millisecond'` }).where(eq(tasks.id, id));
    const waiting = await waitFor(id, (task) => task.status === TaskStatus.AwaitingSmsCode);
    expect(waiting.lockedBy).toBeNull();
    expect((await sessionOf(id))?.starts).toBe(2);
    expect(await smsOf(id)).toHaveLength(1);
    await submitCode(id);
    await waitFor(id, (task) => task.status === TaskStatus.Succeeded);
  });
});
