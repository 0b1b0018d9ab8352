/**
 * `npm run bench:load`: a hundred busy users against a real server process on a large database.
 *
 * For each mode (one instance on PGlite; one on PostgreSQL at 127.0.0.1:5432 when one answers; `fleet`: two instances
 * on PostgreSQL behind nginx, deploy/src/fleet/): a fresh database
 * created by the server (migrations, demo data), then, the server stopped, seeded in set-based SQL (load/seeding.ts):
 * BENCH_COMPANIES companies (19 copies of the demo trading company and the demo taxi company), BENCH_USERS users
 * spread over them, and BENCH_ROWS invoices, tickets and trips. The server started again, every user acts for
 * BENCH_SECONDS with about BENCH_THINK_MS between actions (load/users.ts: lists, searches, details, blue invoices
 * through the task pipeline, tickets imported and verified, payments at shop codes, withdrawals). Then it waits for
 * every task and ticket verification the users started, stops the server and checks the ledger balances.
 *
 * Prints throughput, p50/p95/p99 by call, errors, tasks, the ledger and the server's resident memory (sampled each
 * second). Targets: p99 ≤ 150 ms for reads and ≤ 400 ms for writes, no error, every task done, the ledger balanced.
 * Environment: BENCH_MODES (pglite,postgres; fleet too when asked), BENCH_USERS (100), BENCH_COMPANIES (20), BENCH_SECONDS (120),
 * BENCH_ROWS (1000000), BENCH_THINK_MS (1000), BENCH_WARMUP_SECONDS (10), BENCH_STRICT=1 (exit 1 when a target is missed). `--markdown` writes
 * the tables into docs/benchmarks.md (load/report.ts).
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchStarted, markdownSection } from '../../scripts/bench-table';
import { openDatabase, type DatabaseTarget, type RawQuery } from '../src/db/database';
import { startFleet } from '@app/deploy/fleet/fleet';
import { freePort } from '@app/deploy/fleet/free-port';
import { releaseDir } from '@app/deploy/workspace';
import { startServerProcess } from '../test/support/server-process';
import { createPostgresDatabase, postgresAvailable } from '../test/support/test-server';
import { PRIVACY_POLICY_VERSION } from '@app/domain/privacy-policy';
import { figuresOf, Latencies, missedTargets, type ModeRun, printRun, writeLoadSection } from './load/report';
import { type LoadUser, seedLoad } from './load/seeding';
import { SimulatedUser, type Started } from './load/users';

const SIZES = {
  users: Number(process.env.BENCH_USERS ?? 100),
  companies: Number(process.env.BENCH_COMPANIES ?? 20),
  rows: Number(process.env.BENCH_ROWS ?? 1_000_000),
};
const SECONDS = Number(process.env.BENCH_SECONDS ?? 120);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 1000);
/** First the users act for this long, uncounted: the server's first answers (caches, compiled schemas) are not the load's. */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 10);
/** How long the tasks and verifications still running at the end may take to finish. */
const SETTLE_MS = 120_000;

/** The server's resident memory in MB, from /proc (Linux). */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/** CPU time the server process has used, in ms (user and system, from /proc). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function post<T>(url: string, token: string, path: string, body: unknown): Promise<T | null> {
  const response = await fetch(`${url}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { success: boolean; result: T };
  return answer.success ? answer.result : null;
}

/** Waits for what the users started: each task to end, each imported ticket's verification to give its answer. */
async function settle(url: string, started: Started) {
  const deadline = Date.now() + SETTLE_MS;
  const task = async ({ token, id }: { token: string; id: string }) => {
    for (;;) {
      const detail = await post<{ taskStatus: number }>(url, token, 'task/getTaskDetail', { id });
      if (detail && (detail.taskStatus === 1 || detail.taskStatus === -1)) return detail.taskStatus;
      if (Date.now() > deadline) return 0;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  };
  const ticket = async ({ token, id }: { token: string; id: string }) => {
    for (;;) {
      const detail = await post<{ verifyState: string }>(url, token, 'ticket/get', { id });
      if (detail && detail.verifyState !== '查验中') return true;
      if (Date.now() > deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  };
  const statuses = await Promise.all(started.tasks.map(task));
  const verified = await Promise.all(started.tickets.map(ticket));
  return {
    tasks: {
      started: statuses.length,
      succeeded: statuses.filter((s) => s === 1).length,
      failed: statuses.filter((s) => s === -1).length,
      unfinished: statuses.filter((s) => s === 0).length,
    },
    tickets: { imported: verified.length, verified: verified.filter(Boolean).length, unfinished: verified.filter((v) => !v).length },
  };
}

/** The ledger's rules (as server/test/support/money-audit.ts checks them): what breaks them, in words. */
async function ledgerProblems(raw: RawQuery): Promise<string[]> {
  const problems: string[] = [];
  const unbalanced = await raw('select transaction_id from ledger_entries group by transaction_id having sum(amount) <> 0');
  if (unbalanced.length) problems.push(`${unbalanced.length} transactions do not sum to zero`);
  const drifted = await raw(
    'select a.id from ledger_accounts a left join ledger_entries e on e.account_id = a.id group by a.id, a.balance having a.balance <> coalesce(sum(e.amount), 0)',
  );
  if (drifted.length) problems.push(`${drifted.length} balances differ from their entries`);
  const negative = await raw('select id from ledger_accounts where company_id is not null and balance < 0');
  if (negative.length) problems.push(`${negative.length} merchants below zero`);
  return problems;
}

/** Tasks of any kind (invoices, verifications, withdrawals) that neither succeeded nor failed. */
async function unfinishedTasks(raw: RawQuery): Promise<number> {
  const [row] = await raw('select count(*)::int as n from tasks where status not in (1, -1)');
  return Number(row?.n ?? 0);
}

/** Each user accepts the authorisation agreement, as a company user does before acting at the tax bureau. */
async function acceptAgreements(url: string, users: readonly LoadUser[]): Promise<void> {
  for (const user of users) {
    const agreement = await post<{ id: number }>(url, user.token, 'taxAccount/getAgreement', {});
    const accepted = await post(url, user.token, 'taxAccount/agreedAgreement', {
      id: agreement?.id,
      privacyPolicyVersion: PRIVACY_POLICY_VERSION,
    });
    if (!accepted) throw new Error('a load user could not accept the agreement');
  }
}

/** What the users talk to: one server, or nginx in front of a fleet's instances (their memory and CPU summed). */
interface Target {
  url: string;
  pids: number[];
}

const sum = (pids: readonly number[], read: (pid: number) => number) => pids.reduce((total, pid) => total + read(pid), 0);

/** Every user acting until the time is up (after WARMUP_SECONDS not counted), the server's memory sampled meanwhile. */
async function drive(server: Target, users: readonly LoadUser[]) {
  await acceptAgreements(server.url, users);
  const started: Started = { tasks: [], tickets: [] };
  const shops = [...new Set(users.filter((user) => !user.taxi).map((user) => user.shopCode))];
  const simulated = users.map((user, index) => new SimulatedUser(server.url, user, index, shops, started));
  // One run through the warm-up and the counted time, the recorders switched between: users stopped at the warm-up's
  // end and started again would all act at the same instant, a burst the load does not have.
  const until = Date.now() + (WARMUP_SECONDS + SECONDS) * 1000;
  const running = Promise.all(simulated.map((user) => user.run(until, THINK_MS)));
  if (WARMUP_SECONDS > 0) {
    console.log(`  预热 ${WARMUP_SECONDS} s (warm-up, not counted)…`);
    await new Promise((resolve) => setTimeout(resolve, WARMUP_SECONDS * 1000));
  }
  const latencies = new Latencies();
  for (const user of simulated) user.recorder = latencies;
  const rss = { start: sum(server.pids, rssMb), peak: 0, end: 0 };
  const sampler = setInterval(() => {
    rss.peak = Math.max(rss.peak, sum(server.pids, rssMb));
  }, 1000);
  const load0 = loadavg()[0] ?? 0;
  const cpu0 = sum(server.pids, cpuMs);
  // The server's CPU and the load are read when the counted time ends, not when the users' last calls have.
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, until - Date.now())));
  const load1 = loadavg()[0] ?? 0;
  const serverCpuMs = sum(server.pids, cpuMs) - cpu0;
  try {
    await running;
  } finally {
    clearInterval(sampler);
  }
  console.log(`  ${latencies.total} 次请求, ${latencies.errors} 个错误; 等待任务完成… (settling)`);
  const settled = await settle(server.url, started);
  rss.end = sum(server.pids, rssMb);
  rss.peak = Math.max(rss.peak, rss.end);
  return { latencies, settled, rss, load: [load0, load1] as [number, number], serverCpuMs };
}

/** Serves the seeded database for the run: one server process, or with `fleet` two instances behind nginx. */
async function serve(env: Record<string, string | undefined>, fleet: boolean): Promise<Target & { stop(): Promise<void> }> {
  if (!fleet) {
    const server = await startServerProcess({ env, startTimeoutMs: 300_000 });
    return { url: server.url, pids: [server.pid], stop: () => server.stop() };
  }
  const started = await startFleet({
    instances: 2,
    port: await freePort(),
    host: '127.0.0.1',
    databaseUrl: String(env.DATABASE_URL),
    storeDir: releaseDir(),
    env: { ...SERVER_ENV, ...env },
    startTimeoutMs: 300_000,
  });
  return { url: started.url, pids: started.instances.map((instance) => instance.pid), stop: () => started.stop() };
}

async function benchMode(mode: string, env: Record<string, string | undefined>, target: DatabaseTarget, fleet = false): Promise<ModeRun> {
  console.log(`\n[${mode}] 建库 (the server creates and migrates the database)…`);
  const first = await startServerProcess({ env, startTimeoutMs: 300_000 });
  await first.stop();
  const seeded = await seedLoad(target, SIZES);
  console.log(
    `[${mode}] 播种完成 ${JSON.stringify(seeded.counts)}, ${(seeded.seedMs / 1000).toFixed(0)} s; ${SIZES.users} 个用户 ${SECONDS} s…`,
  );
  const server = await serve(env, fleet);
  let driven: Awaited<ReturnType<typeof drive>>;
  try {
    driven = await drive(server, seeded.users);
  } finally {
    await server.stop();
  }
  const database = await openDatabase(target);
  let problems: string[];
  let unfinished: number;
  try {
    problems = await ledgerProblems(database.raw);
    unfinished = await unfinishedTasks(database.raw);
  } finally {
    await database.close();
  }
  const { latencies, settled, rss, load, serverCpuMs } = driven;
  return {
    mode,
    seconds: SECONDS,
    calls: figuresOf(latencies),
    requests: latencies.total,
    errors: latencies.errors,
    errorMessages: [...latencies.errorMessages.entries()].sort((a, b) => b[1] - a[1]),
    tasks: { ...settled.tasks, unfinishedInDatabase: unfinished },
    tickets: settled.tickets,
    ledger: { problems },
    rssMb: rss,
    serverCpuMs,
    load,
    seedMs: seeded.seedMs,
    counts: seeded.counts,
  };
}

const bench = benchStarted();
const section = markdownSection('load');
const wanted = (process.env.BENCH_MODES ?? 'pglite,postgres').split(',');
const runs: ModeRun[] = [];
const workDir = await mkdtemp(join(tmpdir(), 'bench-load-'));
// Income settles at once, so the users' payments can be withdrawn within the run.
const common = { PAYMENT_SETTLEMENT_DELAY_MS: '0' };
/** What startServerProcess gives a test server, for the fleet's instances too: the simulator's controls, no demo history. */
const SERVER_ENV = { LOG_LEVEL: 'silent', ETAX_SIM_CONTROLS: '1', DEMO_HISTORY: 'false', METRICS_PORT: '0' };
try {
  if (wanted.includes('pglite')) {
    const dataDir = join(workDir, 'data');
    runs.push(
      await benchMode(
        'PGlite',
        { ...common, DATA_DIR: dataDir, DATABASE_URL: undefined },
        { kind: 'pglite', dataDir: join(dataDir, 'pglite') },
      ),
    );
    printRun(runs.at(-1) as ModeRun);
  }
  for (const mode of ['postgres', 'fleet'].filter((name) => wanted.includes(name))) {
    if (!(await postgresAvailable())) {
      console.log('\nPostgreSQL 未在 127.0.0.1:5432 应答，跳过 (no PostgreSQL at 127.0.0.1:5432, skipped)');
      break;
    }
    const postgres = await createPostgresDatabase();
    try {
      const env = { ...common, DATA_DIR: join(workDir, `data-${mode}`), DATABASE_URL: postgres.url };
      const name = mode === 'fleet' ? 'two instances behind nginx, PostgreSQL' : 'PostgreSQL';
      runs.push(await benchMode(name, env, { kind: 'postgres', url: postgres.url }, mode === 'fleet'));
      printRun(runs.at(-1) as ModeRun);
    } finally {
      await postgres.drop();
    }
  }
} finally {
  await rm(workDir, { recursive: true, force: true });
}

console.log('\n== 负载基准 (load) ==');
for (const run of runs) printRun(run);
const missed = runs.flatMap(missedTargets);
console.log(missed.length ? `\n${missed.length} 项未达标` : '\n全部达标');
if (section) writeLoadSection(section, bench, runs, SIZES.users, THINK_MS);
if (process.env.BENCH_STRICT === '1' && missed.length) process.exit(1);
