/**
 * `npm run bench:export`: exports as the server makes them (server/src/exports/), in a real server process.
 *
 * For PGlite and, when one answers at 127.0.0.1:5432, PostgreSQL: a fresh database seeded by the server, then in SQL
 * (server/test/support/scale-seed.ts) INVOICES invoices of the demo trading company over the last weeks, and PDFS + 2 %
 * of the demo taxi company's over the last hours (every 50th failed, so exactly PDFS issued ones). Then, signed in as
 * each company's manager: the trading company's invoices of the range to an `.xlsx`, and the taxi company's to a
 * `.zip` of their PDFs, each from export/create to 已生成 (polling export/get), then downloaded by its signed link;
 * then about as many more of the taxi company's (as many as the zip's limit takes) and the zip of all of them. Each
 * export runs on a server process started for it, whose resident memory (/proc/<pid>/status VmRSS) is sampled every
 * 50 ms: before, the peak while the export runs, and after. Targets: the xlsx of 10,000 invoices in under 10 s with
 * the server under 200 MB; the zip flat: the larger zip's median peak at most TARGET.zipGrowthMb above the first's, so
 * memory does not grow with the number of PDFs (docs/benchmarks.md, "bench:export", on why runs are compared, not
 * halves, and each zip made ZIP_RUNS times).
 *
 * Environment: BENCH_DATABASES (pglite,postgres), BENCH_INVOICES (10000), BENCH_PDFS (1000), BENCH_ZIP_RUNS (3),
 * BENCH_STRICT=1 (exit 1 when a target is missed). `--markdown` writes the table into docs/benchmarks.md
 * (scripts/bench-table.ts).
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ExportJob, MAX_EXPORT_PDFS } from '@app/contract/export';
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
/** Each zip is made this many times, each on its own server process: one run's peak moves by tens of MB with the load. */
const ZIP_RUNS = Number(process.env.BENCH_ZIP_RUNS ?? 3);
const TARGET = { xlsxMs: 10_000, xlsxRssMb: 200, zipGrowthMb: 16 };
/** The old space of a zip's server: well under what 1,959 PDFs (44 MB) and the server's own heap would take if kept. */
const ZIP_HEAP_MB = 96;
/** As many more as the zip's limit still takes (it counts the failed rows too): about twice the PDFs. */
const MORE_PDFS = Math.min(PDFS, Math.floor(((MAX_EXPORT_PDFS - Math.ceil((PDFS * 50) / 49)) * 49) / 50));
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
  rssAfter: number;
  /** Each run's peak, when the export was made more than once (the other figures are then the runs' medians). */
  peaks: number[];
}

const mb = (bytes: number) => bytes / 1024 / 1024;

function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((row) => row.startsWith('VmRSS:'));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) * 1024;
}

async function companyOf(database: Awaited<ReturnType<typeof openDatabase>>, label: string) {
  const [row] = await database.raw(
    `select u.id as "userId", m.company_id as "companyId" from users u join memberships m on m.user_id = u.id where u.demo_label = $1`,
    [label],
  );
  return { userId: String(row?.userId), companyId: String(row?.companyId) };
}

const NONE = { tasks: 0, applications: 0, goods: 0 };

/**
 * Seeds into the database the server created (the server is stopped meanwhile): `invoices` of the trading company,
 * and `pdfs` issued invoices of the taxi company over the last hours (every 50th seeded one failed: no number, no PDF).
 */
async function seed(target: DatabaseTarget, { invoices, pdfs, numberPrefix }: { invoices: number; pdfs: number; numberPrefix: number }) {
  const database = await openDatabase(target);
  try {
    if (invoices > 0)
      await seedCompanyRows(database.raw, {
        ...(await companyOf(database, '企业管理员')),
        ...NONE,
        invoices,
        numberPrefix,
        minutesApart: MINUTES_APART,
      });
    await seedCompanyRows(database.raw, {
      ...(await companyOf(database, '出租车管理员')),
      ...NONE,
      invoices: Math.ceil((pdfs * 50) / 49),
      numberPrefix: numberPrefix + 100_000,
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
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, rssOf(server.pid));
  }, 50);
  const start = Date.now();
  try {
    const created = await callApi<ExportJob>(server.url, 'export/create', body, token, 60_000);
    if (!created.body.success) throw new Error(`export/create: ${JSON.stringify(created.body)}`);
    let job = created.body.result;
    while (job.state === '生成中') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = (await callApi<ExportJob>(server.url, 'export/get', { id: job.id }, token, 120_000)).body.result;
    }
    const ms = Date.now() - start;
    if (job.state !== '已生成' || !job.url) throw new Error(`export ended ${job.state}: ${job.failReason}`);
    const response = await fetch(`${server.url}${job.url}`);
    let bytes = 0;
    for await (const chunk of response.body ?? []) bytes += (chunk as Uint8Array).length;
    if (bytes !== job.bytes) throw new Error(`downloaded ${bytes} bytes of ${job.bytes}`);
    rssPeak = Math.max(rssPeak, rssOf(server.pid));
    return { rows: job.rows, ms, bytes, rssBefore, rssPeak, rssAfter: rssOf(server.pid), peaks: [rssPeak] };
  } finally {
    clearInterval(sampler);
  }
}

const fromDaysAgo = (days: number) => chinaDate(new Date(Date.now() - days * 86_400_000));

async function benchDatabase(database: string, env: Record<string, string | undefined>, target: DatabaseTarget): Promise<Measured[]> {
  const start = (extra: Record<string, string> = {}) => startServerProcess({ env: { ...env, ...extra }, startTimeoutMs: 300_000 });
  /**
   * One export on a server process started for it alone, so that no earlier export's memory is counted. A zip's server
   * has its heap capped: collected rather than grown, its peak follows what is kept, and a zip that kept every PDF
   * would run out of heap instead of passing.
   */
  const exported = async (what: string, label: string, body: Record<string, unknown>): Promise<Measured> => {
    const server = await start(body.format === 'zip' ? { NODE_OPTIONS: `--max-old-space-size=${ZIP_HEAP_MB}` } : {});
    try {
      const { token } = await demoSignIn(server.url, label);
      const measured = await measure(server, token, { source: 'invoices', to: chinaDate(new Date()), ...body });
      console.log(
        `[${database}] ${what}: ${measured.rows} 行 ${measured.ms} ms, RSS ${mb(measured.rssBefore).toFixed(0)} → ${mb(measured.rssPeak).toFixed(0)} MB`,
      );
      return { database, what, ...measured };
    } catch (error) {
      console.error(`[${database}] 服务器输出：\n${server.output().slice(-4000)}`);
      throw error;
    } finally {
      await server.stop();
    }
  };
  await (await start()).stop();
  console.log(`[${database}] 播种 ${INVOICES} + ${PDFS} 张发票…`);
  await seed(target, { invoices: INVOICES, pdfs: PDFS, numberPrefix: 7_100_000 });
  const xlsxDays = Math.ceil((INVOICES * MINUTES_APART) / 1440) + 1;
  const xlsx = await exported(`${INVOICES} 张发票 → xlsx`, '企业管理员', { format: 'xlsx', from: fromDaysAgo(xlsxDays) });
  const zips = async (what: string) => {
    const runs: Measured[] = [];
    for (let run = 0; run < ZIP_RUNS; run++) runs.push(await exported(what, '出租车管理员', { format: 'zip', from: fromDaysAgo(2) }));
    return medianOf(runs);
  };
  const zip = await zips(`${PDFS} 张发票 → PDF zip`);
  console.log(`[${database}] 再播种 ${MORE_PDFS} 张…`);
  await seed(target, { invoices: 0, pdfs: MORE_PDFS, numberPrefix: 7_300_000 });
  const more = await zips(`${PDFS + MORE_PDFS} 张发票 → PDF zip`);
  return [xlsx, zip, more];
}

/** The runs of one export as one row: the same rows and file each time, the median of each figure, every run's peak. */
function medianOf(runs: Measured[]): Measured {
  const [first] = runs;
  if (!first) throw new Error('no run');
  if (runs.some((run) => run.rows !== first.rows || run.bytes !== first.bytes)) throw new Error(`${first.what}: the runs' files differ`);
  const median = (pick: (run: Measured) => number) => {
    const sorted = runs.map(pick).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] ?? 0;
  };
  return {
    ...first,
    ms: median((run) => run.ms),
    rssBefore: median((run) => run.rssBefore),
    rssPeak: median((run) => run.rssPeak),
    rssAfter: median((run) => run.rssAfter),
    peaks: runs.map((run) => run.rssPeak),
  };
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
  if (!row.what.endsWith('xlsx')) return [];
  const problems = [];
  if (row.ms > TARGET.xlsxMs) problems.push(`${row.database} xlsx ${row.ms} ms > ${TARGET.xlsxMs} ms`);
  if (mb(row.rssPeak) > TARGET.xlsxRssMb)
    problems.push(`${row.database} xlsx RSS ${mb(row.rssPeak).toFixed(0)} MB > ${TARGET.xlsxRssMb} MB`);
  return problems;
});
for (const database of new Set(results.map((row) => row.database))) {
  const [single, doubled] = results.filter((row) => row.database === database && row.what.endsWith('zip'));
  if (!single || !doubled) continue;
  const growth = mb(doubled.rssPeak - single.rssPeak);
  if (growth > TARGET.zipGrowthMb)
    missed.push(
      `${database} zip: ${doubled.rows} PDFs' median peak +${growth.toFixed(0)} MB over ${single.rows}' > ${TARGET.zipGrowthMb} MB`,
    );
}
const table = markdownTable(
  ['database', 'export', 'rows', 'time', 'file', 'RSS before', 'RSS peak', "the runs' peaks", 'RSS after'],
  results.map((row) => [
    row.database,
    row.what,
    String(row.rows),
    `${(row.ms / 1000).toFixed(1)} s`,
    `${mb(row.bytes).toFixed(1)} MB`,
    `${mb(row.rssBefore).toFixed(0)} MB`,
    `${mb(row.rssPeak).toFixed(0)} MB`,
    row.peaks.length > 1 ? row.peaks.map((peak) => mb(peak).toFixed(0)).join(', ') : '–',
    `${mb(row.rssAfter).toFixed(0)} MB`,
  ]),
);
console.log(`\n${table}`);
const verdict = missed.length ? `Targets missed: ${missed.join('; ')}.` : 'All targets met.';
console.log(verdict);
if (section) writeBenchSection(section, started, [table, verdict]);
if (missed.length && process.env.BENCH_STRICT === '1') process.exit(1);
