/**
 * `npm run bench:api`: the API under load, the way `npm start` serves it (request log at info, written to a file).
 *
 * For PGlite (a temporary, at first absent, DATA_DIR) and, when one answers at 127.0.0.1:5432, PostgreSQL (a fresh
 * database): starts the server with `node scripts/start.mjs` and times it to the first API answer (cold: no data
 * folder / an empty database; every app released before, as a first `npm start` does first), then WARM_STARTS times
 * warm (the same again, nothing to release) to `GET /readyz` (the API ready: the database answers and the release
 * registry is read), signs in as 企业管理员 through the demo provider, creates a login task, then runs autocannon with
 * 100 connections for ~10 s against `GET /healthz` and against `POST /api/task/getTaskProcess` (bearer token,
 * `{ id }`), and prints requests per second, p50 and p99 latency, non-2xx answers and the ratio of the two throughputs.
 *
 * Targets: getTaskProcess reaches at least 40 % of /healthz's throughput in the same run, with p99 under 25 ms;
 * cold start under 10 s, the median warm start to /readyz within 1.5 s. The machine's load average is printed with each measurement: autocannon,
 * the server and PostgreSQL share its cores, so anything else running skews the numbers. Environment: BENCH_SECONDS
 * (10), BENCH_CONNECTIONS (100), BENCH_DATABASES (pglite,postgres), BENCH_STRICT=1 (exit 1 when a target is missed).
 * `--markdown` writes the figures into docs/benchmarks.md (scripts/bench-table.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { releaseMissing } from '@app/deploy/release-missing';
import { REPO_ROOT } from '@app/deploy/workspace';
import { benchStarted, markdownSection, markdownTable, writeBenchSection } from '../../scripts/bench-table';
import { DEMO_TAX_NUMBERS } from '../src/db/seed';
import { callApi, demoSignIn, startServerProcess, type ServerProcess } from '../test/support/server-process';
import { createPostgresDatabase, postgresAvailable } from '../test/support/test-server';

const started = benchStarted();
const section = markdownSection('api');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const WARMUP_SECONDS = 2;
const TARGET = { ratio: 0.4, p99Ms: 25, coldMs: 10_000, warmMs: 1_500 };
const WARM_STARTS = Number(process.env.BENCH_WARM_STARTS ?? 3);

interface Measured {
  /** The 1-minute load average when the measurement ended. */
  load: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  requests: number;
}

interface DatabaseRun {
  database: string;
  /** The 1-minute load average before the cold start. */
  startLoad: number;
  coldMs: number;
  /** The median of the warm starts to /readyz, and each of them. */
  warmMs: number;
  warmRuns: number[];
  healthz: Measured;
  progress: Measured;
}

/** The first API answer: the public service configuration. */
const apiAnswers = async (url: string) =>
  (
    await fetch(`${url}/api/sysConfig/get`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
      signal: AbortSignal.timeout(2000),
    })
  ).ok;

const ready = async (url: string) => (await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) })).ok;

async function start(env: Record<string, string | undefined>, logFile: string, probe = apiAnswers): Promise<ServerProcess> {
  // `npm start` is `node scripts/start.mjs`: install check, releases, then the server; LOG_LEVEL as in production.
  return startServerProcess({
    env: { LOG_LEVEL: undefined, ...env },
    args: [join(REPO_ROOT, 'scripts/start.mjs')],
    stdoutFile: logFile,
    probe,
    startTimeoutMs: 120_000,
  });
}

async function load(options: autocannon.Options): Promise<Measured> {
  const result = await autocannon({ connections: CONNECTIONS, ...options });
  return {
    load: loadavg()[0]!,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    requests: result.requests.total,
  };
}

async function benchDatabase(database: string, env: Record<string, string | undefined>, workDir: string): Promise<DatabaseRun> {
  const logFile = join(workDir, `server-${database}.log`);
  console.log(`\n[${database}] 冷启动 (cold start)…`);
  const startLoad = loadavg()[0]!;
  let server = await start(env, logFile);
  const coldMs = server.startedInMs;
  await server.stop();
  const warmRuns: number[] = [];
  for (let i = 0; i < WARM_STARTS; i += 1) {
    console.log(`[${database}] 热启动 (warm start ${i + 1} of ${WARM_STARTS})…`);
    if (i > 0) await server.stop();
    server = await start(env, logFile, ready);
    warmRuns.push(server.startedInMs);
  }
  const warmMs = [...warmRuns].sort((a, b) => a - b)[Math.floor(warmRuns.length / 2)] ?? 0;
  try {
    const { token, userId } = await demoSignIn(server.url, '企业管理员');
    const created = await callApi<{ taskId: string }>(
      server.url,
      'task/createLoginTask',
      { nsrsbh: DEMO_TAX_NUMBERS.trading, userId, loginMethod: '1' },
      token,
    );
    if (!created.body.success) throw new Error(`createLoginTask: ${created.body.message}`);
    const progressRequest: autocannon.Options = {
      url: `${server.url}/api/task/getTaskProcess`,
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ id: created.body.result.taskId }),
    };
    const check = await callApi<{ taskStatus: number }>(server.url, 'task/getTaskProcess', { id: created.body.result.taskId }, token);
    if (!check.body.success) throw new Error(`getTaskProcess: ${check.body.message}`);

    console.log(`[${database}] 预热 ${WARMUP_SECONDS} s…`);
    await load({ url: `${server.url}/healthz`, duration: WARMUP_SECONDS });
    await load({ ...progressRequest, duration: WARMUP_SECONDS });
    console.log(`[${database}] GET /healthz, ${CONNECTIONS} 连接, ${SECONDS} s…`);
    const healthz = await load({ url: `${server.url}/healthz`, duration: SECONDS });
    console.log(`[${database}] POST /api/task/getTaskProcess, ${CONNECTIONS} 连接, ${SECONDS} s…`);
    const progress = await load({ ...progressRequest, duration: SECONDS });
    return { database, startLoad, coldMs, warmMs, warmRuns, healthz, progress };
  } finally {
    await server.stop();
  }
}

const runs: DatabaseRun[] = [];
const wanted = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',');
const workDir = await mkdtemp(join(tmpdir(), 'bench-api-'));
// A checkout that never ran `npm start` releases every app on its first start: done first, so that a cold start is the
// database's (a new data folder), not the apps' build.
await releaseMissing({ log: (line) => console.log(line) });
try {
  if (wanted.includes('pglite')) {
    // DATA_DIR does not exist yet: the first start creates the folder, the database, the schema and the demo data.
    runs.push(await benchDatabase('pglite', { DATA_DIR: join(workDir, 'data'), DATABASE_URL: undefined }, workDir));
  }
  if (wanted.includes('postgres')) {
    if (await postgresAvailable()) {
      const postgres = await createPostgresDatabase();
      try {
        runs.push(await benchDatabase('postgres', { DATA_DIR: join(workDir, 'data-pg'), DATABASE_URL: postgres.url }, workDir));
      } finally {
        await postgres.drop();
      }
    } else {
      console.log('\nPostgreSQL 未在 127.0.0.1:5432 应答，跳过 (no PostgreSQL at 127.0.0.1:5432, skipped)');
    }
  }
} finally {
  await rm(workDir, { recursive: true, force: true });
}

const ms = (value: number) => `${(value / 1000).toFixed(2)} s`;
const mark = (ok: boolean) => (ok ? '✓' : '✗');
const row = (name: string, m: Measured) =>
  `  ${name.padEnd(28)} ${m.rps.toFixed(0).padStart(8)} req/s   p50 ${String(m.p50).padStart(4)} ms   p99 ${String(m.p99).padStart(4)} ms   non-2xx ${m.non2xx}${m.errors ? `   errors ${m.errors}` : ''}   (load ${m.load.toFixed(1)})`;
let missed = 0;
console.log(`\n== API 基准 (${CONNECTIONS} 连接, 各 ${SECONDS} s; ${cpus().length} 核) ==`);
for (const run of runs) {
  const ratio = run.progress.rps / run.healthz.rps;
  const checks = [
    ratio >= TARGET.ratio,
    run.progress.p99 < TARGET.p99Ms,
    run.progress.non2xx === 0 && run.progress.errors === 0,
    run.coldMs < TARGET.coldMs,
    run.warmMs <= TARGET.warmMs,
  ];
  missed += checks.filter((ok) => !ok).length;
  console.log(`\n${run.database}`);
  console.log(row('GET /healthz', run.healthz));
  console.log(row('POST /api/task/getTaskProcess', run.progress));
  console.log(
    `  ratio getTaskProcess/healthz  ${(ratio * 100).toFixed(1)} %  ${mark(checks[0]!)} (≥ ${TARGET.ratio * 100} %)   p99 ${mark(checks[1]!)} (< ${TARGET.p99Ms} ms)   all 2xx ${mark(checks[2]!)}`,
  );
  console.log(
    `  npm start: cold to the first API answer ${ms(run.coldMs)} ${mark(checks[3]!)} (< ${ms(TARGET.coldMs)})   warm to /readyz ${ms(run.warmMs)} ${mark(checks[4]!)} (≤ ${ms(TARGET.warmMs)}; ${run.warmRuns.map(ms).join(', ')})   (load ${run.startLoad.toFixed(1)})`,
  );
}
console.log(missed ? `\n${missed} 项未达标` : '\n全部达标');
if (section) {
  const figures = (m: Measured) => `${m.rps.toFixed(0)} req/s, p50 ${m.p50} / p99 ${m.p99} ms`;
  const table = markdownTable(
    [
      'database',
      '`GET /healthz`',
      '`task/getTaskProcess`',
      'ratio',
      'non-2xx, errors',
      '`npm start`: cold → first API answer',
      'warm → `/readyz`, median (each)',
    ],
    runs.map((run) => [
      run.database === 'pglite' ? 'PGlite' : 'PostgreSQL',
      figures(run.healthz),
      figures(run.progress),
      `${((run.progress.rps / run.healthz.rps) * 100).toFixed(1)} %`,
      `${run.progress.non2xx + run.healthz.non2xx}, ${run.progress.errors + run.healthz.errors}`,
      ms(run.coldMs),
      `${ms(run.warmMs)} (${run.warmRuns.map(ms).join(', ')})`,
    ]),
  );
  const skipped =
    wanted.includes('postgres') && !runs.some((run) => run.database === 'postgres') ? ' No PostgreSQL answered at 127.0.0.1:5432.' : '';
  writeBenchSection(section, started, [
    `${CONNECTIONS} connections, ${SECONDS} s each after ${WARMUP_SECONDS} s of warm-up; ${missed ? `${missed} target(s) missed` : 'every target met'}.${skipped}`,
    table,
  ]);
}
process.exit(missed && process.env.BENCH_STRICT === '1' ? 1 : 0);
