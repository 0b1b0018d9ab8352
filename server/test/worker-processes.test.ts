/**
 * The task worker across real server processes (the server's bundle, support/server-process.ts):
 * - crash and resume: a server killed with SIGKILL while its worker holds a task mid-step leaves the task locked; a new
 *   process on the same database (PostgreSQL, or the PGlite data folder, reopened after the crash) takes it over once
 *   the lease runs out and the login finishes, with one SMS sent;
 * - two instances on one PostgreSQL, started together on an empty database: every task is started exactly once at the
 *   bureau, none fails, and both instances did some of the work.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from '@rstest/core';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { openDatabase, type Database, type DatabaseHandle } from '../src/db/database';
import { DEMO_TAX_NUMBERS } from '../src/db/seed';
import { companies } from '../src/db/schema/companies';
import { simSessions, simSms } from '../src/db/schema/etax-simulator';
import { tasks } from '../src/db/schema/tasks';
import { users } from '../src/db/schema/users';
import { TaskStatus } from '@app/contract/task-status';
import { callApi, demoSignIn, startServerProcess, type ServerProcess } from './support/server-process';
import { createPostgresDatabase, eventually } from './support/test-server';
import { describeEachDatabase, describeOnPostgres } from './support/database-suites';

const WAITING_OR_FINAL = [
  TaskStatus.AwaitingSmsCode,
  TaskStatus.AwaitingQrScan,
  TaskStatus.AwaitingFaceScan,
  TaskStatus.Succeeded,
  TaskStatus.Failed,
];

/** What runs after each test: stop the processes it started, drop or delete its database. */
let cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  cleanups = [];
});

async function startServer(env: Record<string, string | undefined>, keepStdout = false): Promise<ServerProcess> {
  const server = await startServerProcess({ env, keepStdout });
  cleanups.push(() => server.kill());
  return server;
}

interface TestDatabase {
  env: Record<string, string | undefined>;
  /** Reads the database from the test while no server holds it (PGlite) or alongside the servers (PostgreSQL). */
  inspect<T>(read: (db: Database) => Promise<T>): Promise<T>;
}

async function testDatabase(kind: 'pglite' | 'postgres'): Promise<TestDatabase> {
  const dataDir = await mkdtemp(join(tmpdir(), 'worker-processes-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  if (kind === 'pglite') {
    // The data folder does not exist yet; the server creates it. The secret key is generated into it.
    const folder = join(dataDir, 'data');
    return {
      env: { DATA_DIR: folder, DATABASE_URL: undefined, SECRET_KEY: undefined },
      inspect: async (read) => {
        const handle = await openDatabase({ kind: 'pglite', dataDir: join(folder, 'pglite') });
        try {
          return await read(handle.db);
        } finally {
          await handle.close();
        }
      },
    };
  }
  const postgres = await createPostgresDatabase();
  let handle: DatabaseHandle | undefined;
  cleanups.push(async () => {
    await handle?.close();
    await postgres.drop();
  });
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: postgres.url, SECRET_KEY: randomBytes(32).toString('hex') },
    inspect: async (read) => {
      handle ??= await openDatabase({ kind: 'postgres', url: postgres.url });
      return read(handle.db);
    },
  };
}

describeEachDatabase('a server killed mid-step (%s)', (kind) => {
  test('a new process on the same database takes the task over and the SMS login finishes', async () => {
    const database = await testDatabase(kind);
    // A step takes 1.5 s: the window in which the process is killed. The lease (3 s) outlives a step (2.5 s at most).
    // The graceful stop at the end closes idle connections after 0.5 s, not after a keep-alive's 5 s.
    const env = {
      ...database.env,
      ETAX_SIM_DELAY_MS: '1500',
      TASK_LEASE_MS: '3000',
      TASK_STEP_TIMEOUT_MS: '2500',
      TASK_POLL_MS: '100',
      KEEP_ALIVE_TIMEOUT_MS: '500',
    };
    const first = await startServer(env);
    const { token, userId } = await demoSignIn(first.url, '企业管理员');
    const created = await callApi<{ taskId: string }>(
      first.url,
      'task/createLoginTask',
      { nsrsbh: DEMO_TAX_NUMBERS.trading, userId, loginMethod: '2' },
      token,
    );
    expect(created.body.success).toBe(true);
    const id = created.body.result.taskId;

    // Status 10 is written by the claim, in the same statement that sets locked_by: the worker holds the task now, and
    // its first step (1.5 s with the bureau) has just begun.
    await eventually(
      async () =>
        (await callApi<{ taskStatus: number }>(first.url, 'task/getTaskProcess', { id }, token)).body.result.taskStatus ===
        TaskStatus.Processing,
    );
    await first.kill();

    // What the crash left: the task locked by the dead worker, its step not done. (PGlite: the folder reopens.)
    const left = await database.inspect(async (db) => (await db.select().from(tasks).where(eq(tasks.id, id)))[0]);
    expect(left?.status).toBe(TaskStatus.Processing);
    expect(left?.lockedBy).toMatch(new RegExp(`:${first.pid}:`));
    expect(left?.lockedUntil).not.toBeNull();
    expect(left?.payload.stage).toBe('start');

    const second = await startServer(env);
    const progress = async () =>
      (await callApi<{ taskStatus: number; failReason: string | null }>(second.url, 'task/getTaskProcess', { id }, token)).body.result;
    // Once the dead worker's lease runs out, the new process's worker claims the task and runs the step again.
    await eventually(async () => (await progress()).taskStatus === TaskStatus.AwaitingSmsCode);
    const sms = await fetch(`${second.url}/etax-sim/api/latest-sms?phone=13800001111`);
    const { code } = (await sms.json()) as { code: string };
    expect(code).toMatch(/^\d{6}$/);
    expect((await callApi(second.url, 'task/submitLoginTaskSmsCode', { id, smsCode: code }, token)).body.success).toBe(true);
    await eventually(async () => (await progress()).taskStatus === TaskStatus.Succeeded);
    const account = await callApi<{ loginState: string }>(second.url, 'taxAccount/getTaxAccount', {}, token);
    expect(account.body.result.loginState).toBe('已登录');

    await second.stop();
    const after = await database.inspect(async (db) => ({
      task: (await db.select().from(tasks).where(eq(tasks.id, id)))[0],
      session: (await db.select().from(simSessions).where(eq(simSessions.ref, id)))[0],
      sms: await db.select().from(simSms).where(eq(simSms.gatewayRef, id)),
    }));
    // The crash is not a failed attempt; the user got exactly one code.
    expect(after.task).toMatchObject({ status: TaskStatus.Succeeded, attempts: 0, lockedBy: null, failReason: null });
    expect(after.sms).toHaveLength(1);
    expect(after.session?.starts).toBeLessThanOrEqual(2);
  }, 240_000);
});

describeOnPostgres('two instances on one PostgreSQL', () => {
  test('every task is started exactly once, none fails, and both instances do some of the work', async () => {
    const database = await testDatabase('postgres');
    const env = {
      ...database.env,
      LOG_LEVEL: 'info',
      ETAX_SIM_DELAY_MS: '200',
      TASK_LEASE_MS: '5000',
      TASK_STEP_TIMEOUT_MS: '3000',
      TASK_POLL_MS: '10',
      TASK_BATCH: '3',
    };
    // Started together on the empty database: they migrate and seed one after the other.
    const [one, two] = await Promise.all([startServer(env, true), startServer(env, true)]);

    const rows = await database.inspect(async (db) => {
      const admins = await db
        .select({ companyId: companies.id, userId: users.id })
        .from(companies)
        .innerJoin(users, and(eq(users.currentCompanyId, companies.id), isNotNull(users.demoLabel)));
      const byCompany = [...new Map(admins.map((admin) => [admin.companyId, admin])).values()];
      expect(byCompany).toHaveLength(2);
      const deadlineAt = new Date(Date.now() + 10 * 60_000);
      return db
        .insert(tasks)
        .values(
          Array.from({ length: 30 }, (_, i) => ({
            ...byCompany[i % 2]!,
            type: i % 3 === 0 ? ('login_qr' as const) : ('login_sms' as const),
            payload: { stage: 'start' },
            deadlineAt,
          })),
        )
        .returning({ id: tasks.id });
    });
    const ids = rows.map((row) => row.id);

    const settled = await eventually(async () => {
      const states = await database.inspect((db) =>
        db
          .select({ id: tasks.id, status: tasks.status, attempts: tasks.attempts, failReason: tasks.failReason })
          .from(tasks)
          .where(inArray(tasks.id, ids)),
      );
      return states.every((task) => WAITING_OR_FINAL.includes(task.status as never)) ? states : null;
    });

    expect(settled.filter((task) => task.status === TaskStatus.Failed)).toEqual([]);
    expect(settled.every((task) => task.attempts === 0)).toBe(true);
    const sessions = await database.inspect((db) =>
      db.select({ ref: simSessions.ref, starts: simSessions.starts }).from(simSessions).where(inArray(simSessions.ref, ids)),
    );
    expect(sessions).toHaveLength(30);
    expect(sessions.filter((session) => session.starts !== 1)).toEqual([]);

    // Each instance logs the tasks it moved out of their first step, with its worker (host:pid:…).
    const startedBy = (server: ServerProcess) => {
      const done = new Set<string>();
      for (const match of server.output().matchAll(/task ([0-9a-f-]{36}) login_\w+ start: 10 → (?:2020|2010) \(worker [^:]+:(\d+):/g)) {
        expect(Number(match[2])).toBe(server.pid);
        done.add(match[1]!);
      }
      return done;
    };
    // (A line is written just after its task's row: wait until all 30 arrived from the pipes.)
    const [byOne, byTwo] = await eventually(async () => {
      const lines = [startedBy(one), startedBy(two)] as const;
      return lines[0].size + lines[1].size >= ids.length ? lines : null;
    });
    expect(byOne.size).toBeGreaterThan(0);
    expect(byTwo.size).toBeGreaterThan(0);
    expect([...byOne].filter((id) => byTwo.has(id))).toEqual([]);
    expect(new Set([...byOne, ...byTwo])).toEqual(new Set(ids));
  }, 240_000);
});
