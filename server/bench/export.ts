/**
 * `npm run bench:export`: exports as the server makes them (server/src/exports/), in a real server process.
 *
 * For PGlite and, when one answers at 127.0.0.1:5432, PostgreSQL: a fresh database seeded by the server, then in SQL
 * (server/test/support/scale-seed.ts) INVOICES invoices of the demo trading company over the last weeks, and PDFS + 2 %
 * of the demo taxi company's over the last hours (every 50th failed, so exactly PDFS issued ones). Then, signed in as
 * each company's manager: the trading company's invoices of the range to an `.xlsx`, and the taxi company's to a
 * `.zip` of their PDFs, each from export/create to 已生成 (polling export/get), then downloaded by its signed link. The
 * server's resident memory (/proc/<pid>/status VmRSS) is sampled every 50 ms: before, the peak while the export runs,
 * and after, and the peaks while the first and the second half of the rows were written. Targets: the xlsx of 10,000
 * invoices in under 10 s with the server under 200 MB; the zip flat: its second half's peak at most
 * TARGET.zipHalfGrowthMb above its first half's, so memory does not grow with the number of PDFs.
 *
 * Environment: BENCH_DATABASES (pglite,postgres), BENCH_INVOICES (10000), BENCH_PDFS (1000), BENCH_STRICT=1 (exit 1
 * when a target is missed). `--markdown` writes the table into docs/benchmarks.md (scripts/bench-table.ts).
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ExportJob } from '@app/contract/export';
import { chinaDate } from '@app/domain/china-time';
import { benchStarted, markdownSection, markdownTable, writeBenchSection } from '../../scripts/bench-table';
import { openDatabase, type DatabaseTarget } from '../src/db/database';
import { callApi, demoSignIn, startServerProcess, type ServerProcess } from '../test/support/server-process';
import { seedCompanyRows } from '../test/support/scale-seed';
import { createPostgresDatabase, postgresAvailable } from '../test/support/test-server';

const started = benchStarted();
const section = markdownSection('export');
const INVOICES = Number(process.env.BENCH_INVOICES ?? 10_000);
const PDFS = Number(process.env.BENCH_PDFS ?? 1000);
const TARGET = { xlsxMs: 10_000, xlsxRssMb: 200, zipHalfGrowthMb: 16 };
/** The trading company's invoices go back this many minutes each: 10,000 over about four weeks. */
const MINUTES_APART = 4;

interface Measured {
  database: string;
  what: string;
  rows: number;
  ms: number;
  bytes: number;
  rssBefore: number;
  rssPeak: number;
  /** The peaks while the first and the second half of the rows were being written. */
  rssHalves: [number, number];
  rssAfter: number;
}

const mb = (bytes: number) => bytes / 1024 / 1024;

function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((row) => row.startsWith('VmRSS:'));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) * 1024;
}

/** Seeds both companies' invoices into the database the server created (the server is stopped meanwhile). */
async function seed(target: DatabaseTarget): Promise<void> {
  const database = await openDatabase(target);
  try {
    const companyOf = async (label: string) => {
      const [row] = await database.raw(
        `select u.id as "userId", m.company_id as "companyId" from users u join memberships m on m.user_id = u.id where u.demo_label = $1`,
        [label],
      );
      return { userId: String(row?.userId), companyId: String(row?.companyId) };
    };
    const none = { tasks: 0, applications: 0, goods: 0 };
    await seedCompanyRows(database.raw, {
      ...(await companyOf('企业管理员')),
      ...none,
      invoices: INVOICES,
      numberPrefix: 7_100_000,
      minutesApart: MINUTES_APART,
    });
    // Every 50th seeded invoice failed (no number, no PDF): PDFS issued ones need PDFS * 50 / 49 rows.
    await seedCompanyRows(database.raw, {
      ...(await companyOf('出租车管理员')),
      ...none,
      invoices: Math.ceil((PDFS * 50) / 49),
      numberPrefix: 7_200_000,
      minutesApart: 0.5,
    });
    await database.raw('analyze');
  } finally {
    await database.close();
  }
}

/** One export from create to downloaded, with the server's memory sampled all along. */
async function measure(server: ServerProcess, token: string, body: Record<string, unknown>) {
  const rssBefore = rssOf(server.pid);
  let rssPeak = rssBefore;
  const rssHalves: [number, number] = [rssBefore, 0];
  let progress = 0;
  const sampler = setInterval(() => {
    const rss = rssOf(server.pid);
    rssPeak = Math.max(rssPeak, rss);
    const half = progress < 50 ? 0 : 1;
    rssHalves[half] = Math.max(rssHalves[half], rss);
  }, 50);
  const start = Date.now();
  try {
    const created = await callApi<ExportJob>(server.url, 'export/create', body, token, 60_000);
    if (!created.body.success) throw new Error(`export/create: ${JSON.stringify(created.body)}`);
    let job = created.body.result;
    while (job.state === '生成中') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = (await callApi<ExportJob>(server.url, 'export/get', { id: job.id }, token, 120_000)).body.result;
      progress = job.progress;
    }
    const ms = Date.now() - start;
    if (job.state !== '已生成' || !job.url) throw new Error(`export ended ${job.state}: ${job.failReason}`);
    const response = await fetch(`${server.url}${job.url}`);
    let bytes = 0;
    for await (const chunk of response.body ?? []) bytes += (chunk as Uint8Array).length;
    if (bytes !== job.bytes) throw new Error(`downloaded ${bytes} bytes of ${job.bytes}`);
    rssPeak = Math.max(rssPeak, rssOf(server.pid));
    return { rows: job.rows, ms, bytes, rssBefore, rssPeak, rssHalves, rssAfter: rssOf(server.pid) };
  } finally {
    clearInterval(sampler);
  }
}

async function benchDatabase(database: string, env: Record<string, string | undefined>, target: DatabaseTarget): Promise<Measured[]> {
  const start = () => startServerProcess({ env, startTimeoutMs: 300_000 });
  let server = await start();
  await server.stop();
  console.log(`[${database}] 播种 ${INVOICES} + ${PDFS} 张发票…`);
  await seed(target);
  server = await start();
  try {
    const trading = await demoSignIn(server.url, '企业管理员');
    const taxi = await demoSignIn(server.url, '出租车管理员');
    const today = chinaDate(new Date());
    const from = (days: number) => chinaDate(new Date(Date.now() - days * 86_400_000));
    const xlsxDays = Math.ceil((INVOICES * MINUTES_APART) / 1440) + 1;
    const xlsx = await measure(server, trading.token, { source: 'invoices', format: 'xlsx', from: from(xlsxDays), to: today });
    console.log(
      `[${database}] xlsx: ${xlsx.rows} 行 ${xlsx.ms} ms, RSS ${mb(xlsx.rssBefore).toFixed(0)} → ${mb(xlsx.rssPeak).toFixed(0)} MB`,
    );
    const zip = await measure(server, taxi.token, { source: 'invoices', format: 'zip', from: from(2), to: today });
    console.log(
      `[${database}] zip: ${zip.rows} 个 PDF ${zip.ms} ms, RSS ${mb(zip.rssBefore).toFixed(0)} → ${mb(zip.rssPeak).toFixed(0)} MB`,
    );
    return [
      { database, what: `${INVOICES} 张发票 → xlsx`, ...xlsx },
      { database, what: `${PDFS} 张发票 → PDF zip`, ...zip },
    ];
  } catch (error) {
    console.error(`[${database}] 服务器输出：\n${server.output().slice(-4000)}`);
    throw error;
  } finally {
    await server.stop();
  }
}

const results: Measured[] = [];
const wanted = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',');
const workDir = await mkdtemp(join(tmpdir(), 'bench-export-'));
try {
  if (wanted.includes('pglite')) {
    const dataDir = join(workDir, 'data');
    results.push(
      ...(await benchDatabase(
        'pglite',
        { DATA_DIR: dataDir, DATABASE_URL: undefined },
        { kind: 'pglite', dataDir: join(dataDir, 'pglite') },
      )),
    );
  }
  if (wanted.includes('postgres') && (await postgresAvailable())) {
    const postgres = await createPostgresDatabase();
    try {
      results.push(
        ...(await benchDatabase(
          'postgres',
          { DATA_DIR: join(workDir, 'data-pg'), DATABASE_URL: postgres.url },
          { kind: 'postgres', url: postgres.url },
        )),
      );
    } finally {
      await postgres.drop();
    }
  }
} finally {
  await rm(workDir, { recursive: true, force: true });
}

const missed = results.flatMap((row) => {
  if (row.what.endsWith('xlsx')) {
    const problems = [];
    if (row.ms > TARGET.xlsxMs) problems.push(`${row.database} xlsx ${row.ms} ms > ${TARGET.xlsxMs} ms`);
    if (mb(row.rssPeak) > TARGET.xlsxRssMb)
      problems.push(`${row.database} xlsx RSS ${mb(row.rssPeak).toFixed(0)} MB > ${TARGET.xlsxRssMb} MB`);
    return problems;
  }
  const growth = mb(row.rssHalves[1] - row.rssHalves[0]);
  return growth > TARGET.zipHalfGrowthMb
    ? [`${row.database} zip: second half's RSS peak +${growth.toFixed(0)} MB over the first's > ${TARGET.zipHalfGrowthMb} MB`]
    : [];
});
const table = markdownTable(
  ['database', 'export', 'rows', 'time', 'file', 'RSS before', 'RSS peak (1st half / 2nd half)', 'RSS after'],
  results.map((row) => [
    row.database,
    row.what,
    String(row.rows),
    `${(row.ms / 1000).toFixed(1)} s`,
    `${mb(row.bytes).toFixed(1)} MB`,
    `${mb(row.rssBefore).toFixed(0)} MB`,
    `${mb(row.rssHalves[0]).toFixed(0)} / ${mb(row.rssHalves[1]).toFixed(0)} MB`,
    `${mb(row.rssAfter).toFixed(0)} MB`,
  ]),
);
console.log(`\n${table}`);
const verdict = missed.length ? `Targets missed: ${missed.join('; ')}.` : 'All targets met.';
console.log(verdict);
if (section) writeBenchSection(section, started, [table, verdict]);
if (missed.length && process.env.BENCH_STRICT === '1') process.exit(1);
