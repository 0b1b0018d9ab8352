/**
 * `npm run bench:scale`: the cost of every list, filter, search, summary and statistics call as a company's data grows
 * (docs/architecture.md, "Lists that stay flat").
 *
 * For PGlite and, when one answers at 127.0.0.1:5432, PostgreSQL: a fresh database, the demo company (企业管理员's)
 * given a small history (see SMALL: invoices, tasks, paid orders, a few applications and withdrawals), each call
 * measured; then the same database seeded to scale — COMPANIES companies, INVOICES invoices with a line each (half of
 * them the demo company's, over 25 months), as many tasks, applications, and for the demo company PAYMENTS paid orders
 * with their ledger postings and WITHDRAWALS withdrawals over 25 months — in SQL that writes what the server's insert
 * paths write, maintained totals included (server/test/support/scale-seed.ts), `VACUUM ANALYZE`, and each call
 * measured again. A measurement is autocannon against the server process: SECONDS at 1 connection (p50, p99) and at
 * 50 (requests per second). Prints each call small → large and checks the targets: at scale p50 ≤ 20 ms and
 * p99 ≤ 60 ms at 1 connection, and at 50 connections at least half the small database's throughput.
 *
 * Environment: BENCH_DATABASES (pglite,postgres), BENCH_INVOICES (1000000), BENCH_TICKETS (1000000, the demo company's
 * ticket folder), BENCH_TRIPS (1000000, the demo taxi company's trips, a third of them received by 普通用户: the
 * manager's queryTrips and the passenger's getMyTrips), BENCH_COMPANIES (10000),
 * BENCH_PAYMENTS (INVOICES / 5), BENCH_WITHDRAWALS (PAYMENTS / 40), BENCH_SECONDS (1), BENCH_STRICT=1 (exit 1 when a
 * target is missed).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { openDatabase, type DatabaseTarget, type RawQuery } from '../src/db/database';
import { callApi, demoSignIn, startServerProcess, type ServerProcess } from '../test/support/server-process';
import { buyerName, fillInvoiceTotals, seedCompanyRows, seedTrips, sellerName } from '../test/support/scale-seed';
import { createPostgresDatabase, postgresAvailable } from '../test/support/test-server';

const INVOICES = Number(process.env.BENCH_INVOICES ?? 1_000_000);
const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 10_000);
const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? Math.floor(INVOICES / 5));
const WITHDRAWALS = Number(process.env.BENCH_WITHDRAWALS ?? Math.floor(PAYMENTS / 40));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 1);
/** The demo company's ticket folder at scale (票夹), over 25 months: all of them one company's, the worst case. */
const TICKETS = Number(process.env.BENCH_TICKETS ?? 1_000_000);
/** The demo taxi company's trips at scale, over 25 months, a third of them received by one passenger (the worst case). */
const TRIPS = Number(process.env.BENCH_TRIPS ?? 1_000_000);
/**
 * The small company: enough rows that every page and month the calls ask for has rows (page 50 of 20 is the list
 * limit; three months back; 收支 lists a month, so this month needs a thousand records), so small and large give
 * answers of the same size and the comparison measures what the company's size adds, not an empty page against a
 * full one: 1,200 invoices over four months, 4,000 paid orders over three.
 */
const SMALL = 1_200;
const SMALL_MINUTES_APART = 150;
const SMALL_PAYMENTS = 4_000;
const SMALL_MONEY_MINUTES_APART = 35;
/** The demo company's history at scale spans this many minutes (25 months), whatever its size. */
const HISTORY_MINUTES = 760 * 24 * 60;
const TARGET = { p50Ms: 20, p99Ms: 60, throughputRatio: 0.5 };

function chinaMonth(back: number): string {
  const at = new Date(Date.now() + 8 * 3600_000);
  at.setUTCDate(1);
  at.setUTCMonth(at.getUTCMonth() - back);
  return at.toISOString().slice(0, 7);
}

/** The China day `YYYY-MM-DD` `back` days before today. */
function chinaDay(back: number): string {
  return new Date(Date.now() + 8 * 3600_000 - back * 86_400_000).toISOString().slice(0, 10);
}

/** The longest statistics ranges: the last 31 China days by day, the 24 China months up to this one by month. */
const LAST_31_DAYS = { from: chinaDay(30), to: chinaDay(0), by: 'day' };
const LAST_24_MONTHS = { from: `${chinaMonth(23)}-01`, to: chinaDay(0), by: 'month' };

/** Who asks: the demo company's manager, unless the call is the taxi company's (its manager) or a passenger's. */
type Caller = '企业管理员' | '出租车管理员' | '普通用户';
/** What a call's body may name that differs between databases: one of the taxi company's cars. */
interface Known {
  carId: string;
}

/** Every list, filter, search, summary and statistics call of the app, as the screens send them. */
const CALLS: { name: string; path: string; body: Record<string, unknown> | ((known: Known) => Record<string, unknown>); as?: Caller }[] = [
  { name: 'invoice/list', path: 'invoice/list', body: {} },
  { name: 'invoice/list page 50', path: 'invoice/list', body: { page: 50 } },
  { name: 'invoice/list this month', path: 'invoice/list', body: { month: chinaMonth(0) } },
  { name: 'invoice/list 3 months ago', path: 'invoice/list', body: { month: chinaMonth(3) } },
  { name: 'invoice/list 开具失败', path: 'invoice/list', body: { status: '开具失败' } },
  { name: 'invoice/list red', path: 'invoice/list', body: { kind: 'red' } },
  { name: 'invoice/list buyer name', path: 'invoice/list', body: { keyword: buyerName(123).slice(0, 6) } },
  { name: 'invoice/list number', path: 'invoice/list', body: { keyword: '0012345' } },
  { name: 'invoice/homeSummary', path: 'invoice/homeSummary', body: {} },
  { name: 'invoiceApplication/list', path: 'invoiceApplication/list', body: {} },
  { name: 'invoiceApplication/list 待审核', path: 'invoiceApplication/list', body: { status: '待审核' } },
  { name: 'task/getMyTasks', path: 'task/getMyTasks', body: {} },
  { name: 'task/getMyTasks pending', path: 'task/getMyTasks', body: { status: 'pending' } },
  { name: 'task/getMyTasks face', path: 'task/getMyTasks', body: { type: 'face' } },
  { name: 'goods/list', path: 'goods/list', body: {} },
  { name: 'payment/list', path: 'payment/list', body: {} },
  { name: 'payment/list page 50', path: 'payment/list', body: { page: 50 } },
  { name: 'payment/list 3 months ago', path: 'payment/list', body: { month: chinaMonth(3) } },
  { name: 'payment/list income wechat', path: 'payment/list', body: { type: 'income', channel: 'wechat' } },
  { name: 'payment/list expense', path: 'payment/list', body: { type: 'expense' } },
  { name: 'wallet/get', path: 'wallet/get', body: {} },
  { name: 'wallet/entries', path: 'wallet/entries', body: {} },
  { name: 'wallet/entries page 50', path: 'wallet/entries', body: { page: 50 } },
  { name: 'wallet/withdrawals', path: 'wallet/withdrawals', body: {} },
  { name: 'statistics/invoice 31 days by day', path: 'statistics/invoice', body: LAST_31_DAYS },
  { name: 'statistics/invoice 24 months by month', path: 'statistics/invoice', body: LAST_24_MONTHS },
  { name: 'statistics/income 31 days by day', path: 'statistics/income', body: LAST_31_DAYS },
  { name: 'statistics/income 24 months by month', path: 'statistics/income', body: LAST_24_MONTHS },
  { name: 'ticket/list', path: 'ticket/list', body: {} },
  { name: 'ticket/list page 50', path: 'ticket/list', body: { page: 50 } },
  { name: 'ticket/list 3 months ago', path: 'ticket/list', body: { month: chinaMonth(3) } },
  { name: 'ticket/list 数电专票', path: 'ticket/list', body: { type: '数电专票' } },
  { name: 'ticket/list 查无此票', path: 'ticket/list', body: { verifyState: '查无此票' } },
  { name: 'ticket/list reimbursed', path: 'ticket/list', body: { reimbursed: true } },
  { name: 'ticket/list seller name', path: 'ticket/list', body: { keyword: sellerName(123).slice(0, 6) } },
  { name: 'ticket/list number', path: 'ticket/list', body: { keyword: '0012345' } },
  { name: 'ticket/list broad keyword', path: 'ticket/list', body: { keyword: '贸易' } },
  { name: 'taxiTrip/queryTrips', path: 'taxiTrip/queryTrips', body: {}, as: '出租车管理员' },
  { name: 'taxiTrip/queryTrips page 50', path: 'taxiTrip/queryTrips', body: { page: 50 }, as: '出租车管理员' },
  { name: 'taxiTrip/queryTrips one car', path: 'taxiTrip/queryTrips', body: ({ carId }) => ({ carId }), as: '出租车管理员' },
  {
    name: 'taxiTrip/queryTrips last 31 days',
    path: 'taxiTrip/queryTrips',
    body: { fromDay: chinaDay(30), toDay: chinaDay(0) },
    as: '出租车管理员',
  },
  {
    name: 'taxiTrip/queryTrips car, 3 months ago',
    path: 'taxiTrip/queryTrips',
    body: ({ carId }) => ({ carId, fromDay: `${chinaMonth(3)}-01`, toDay: `${chinaMonth(3)}-28` }),
    as: '出租车管理员',
  },
  { name: 'taxiTrip/queryTrips 待开票', path: 'taxiTrip/queryTrips', body: { state: '待开票' }, as: '出租车管理员' },
  { name: 'taxiTrip/getMyTrips', path: 'taxiTrip/getMyTrips', body: {}, as: '普通用户' },
  { name: 'taxiTrip/getMyTrips page 50', path: 'taxiTrip/getMyTrips', body: { page: 50 }, as: '普通用户' },
  { name: 'taxiTrip/getMyTrips 待开票', path: 'taxiTrip/getMyTrips', body: { state: '待开票' }, as: '普通用户' },
];

interface Measured {
  p50: number;
  p99: number;
  rps1: number;
  rps50: number;
  errors: number;
}

/**
 * Waits until the server has worked off what a run at 50 connections left queued (autocannon stops waiting, the
 * server does not; on PGlite, which runs one query at a time, the next call would wait behind it): a light call
 * answers within 100 ms again.
 */
async function drained(server: ServerProcess, token: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const started = Date.now();
    await callApi(server.url, 'invoice/homeSummary', {}, token);
    if (Date.now() - started < 100) return;
  }
}

async function measure(
  server: ServerProcess,
  tokens: Record<Caller, string>,
  known: Known,
  call: (typeof CALLS)[number],
): Promise<Measured> {
  const token = tokens[call.as ?? '企业管理员'];
  const body = typeof call.body === 'function' ? call.body(known) : call.body;
  const request = {
    url: `${server.url}/api/${call.path}`,
    method: 'POST' as const,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  };
  const answer = await callApi(server.url, call.path, body, token);
  if (!answer.body.success) throw new Error(`${call.name}: ${answer.body.message}`);
  const one = await autocannon({ ...request, connections: 1, duration: SECONDS });
  const fifty = await autocannon({ ...request, connections: 50, duration: SECONDS });
  await drained(server, tokens.企业管理员);
  return {
    p50: one.latency.p50,
    p99: one.latency.p99,
    rps1: one.requests.average,
    rps50: fifty.requests.average,
    errors: one.non2xx + fifty.non2xx + one.errors + fifty.errors,
  };
}

async function measureAll(server: ServerProcess, label: string): Promise<Measured[]> {
  const tokens: Record<Caller, string> = {
    企业管理员: (await demoSignIn(server.url, '企业管理员')).token,
    出租车管理员: (await demoSignIn(server.url, '出租车管理员')).token,
    普通用户: (await demoSignIn(server.url, '普通用户')).token,
  };
  const cars = await callApi(server.url, 'taxiCar/getMyCars', {}, tokens.出租车管理员);
  const [car] = (cars.body.result ?? []) as { id: string }[];
  if (!car) throw new Error('the taxi company has no car');
  const known: Known = { carId: car.id };
  const results: Measured[] = [];
  for (const call of CALLS) {
    results.push(await measure(server, tokens, known, call));
    console.log(
      `  [${label}] ${call.name}: p50 ${results.at(-1)!.p50} ms, p99 ${results.at(-1)!.p99} ms, ${results.at(-1)!.rps50.toFixed(0)} req/s at 50`,
    );
  }
  return results;
}

/** The demo company of 企业管理员 and that user, read from the database the server seeded. */
async function demoCompany(target: DatabaseTarget) {
  const database = await openDatabase(target);
  try {
    const [row] = await database.raw(
      `select u.id as "userId", m.company_id as "companyId" from users u join memberships m on m.user_id = u.id where u.demo_label = '企业管理员'`,
    );
    return { database, userId: String(row?.userId), companyId: String(row?.companyId) };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** The demo taxi company (出租车管理员's), its manager, and the passenger (普通用户) who receives a third of its trips. */
async function taxiCompanyOf(raw: RawQuery) {
  const [row] = await raw(
    `select u.id as "userId", m.company_id as "companyId", (select id from users where demo_label = '普通用户') as "receiverId"
     from users u join memberships m on m.user_id = u.id where u.demo_label = '出租车管理员'`,
  );
  return { userId: String(row?.userId), companyId: String(row?.companyId), receiverId: String(row?.receiverId) };
}

async function seedLarge(target: DatabaseTarget): Promise<number> {
  const started = Date.now();
  const { database, userId, companyId } = await demoCompany(target);
  try {
    const big = Math.floor(INVOICES / 2);
    const others = COMPANIES - 1;
    const each = Math.max(1, Math.floor((INVOICES - big) / others));
    console.log(`  播种: ${others} 家企业各 ${each} 张发票和任务, 演示企业 ${big} 张… (seeding)`);
    await database.raw(
      `insert into companies (name, qylx, xsf_nsrsbh, code, service_expires_at)
       select '规模企业' || g, '1', 'SCALE' || lpad(g::text, 13, '0'), 'scale' || g, now() + interval '1 year' from generate_series(1, $1::int) g`,
      [others],
    );
    const seller = JSON.stringify({
      name: '规模企业',
      taxNumber: '91310000000000000X',
      address: '',
      phone: '',
      bankName: '',
      bankAccount: '',
      naturalPerson: false,
    });
    await database.raw(
      `insert into invoices (company_id, created_by, kind, type, status, number, issued_at, buyer, seller, net_fen, tax_fen, gross_fen, created_at, updated_at)
       select c.id, $1::uuid, 'blue', '数电普票', '已开具', lpad((c.n + 100)::text, 7, '0') || lpad(g::text, 13, '0'), now() - g * interval '7 hours',
         jsonb_build_object('name', '买方' || ((c.n + g) % 997) || '号商贸有限公司', 'taxNumber', '', 'address', '', 'phone', '', 'bankName', '', 'bankAccount', '', 'naturalPerson', false),
         $2::jsonb, 1000, 0, 1000, now() - g * interval '7 hours', now()
       from (select id, row_number() over (order by code) as n from companies where code like 'scale%') c, generate_series(1, $3::int) g`,
      [userId, seller, each],
    );
    await database.raw(
      `insert into invoice_lines (invoice_id, line_no, goods_name, tax_short_name, tax_code, net_fen, tax_fen, gross_fen, rate_permille)
       select id, 1, '咨询服务', '现代服务', '3040000000000000000', net_fen, 0, gross_fen, 0 from invoices where company_id <> $1::uuid`,
      [companyId],
    );
    await fillInvoiceTotals(database.raw, 'company_id <> $1::uuid', [companyId]);
    await database.raw(
      `insert into tasks (company_id, user_id, type, status, attempts, deadline_at, created_at, updated_at, finished_at)
       select c.id, $1::uuid, 'blue_invoice', 1, 1, now(), now() - g * interval '7 hours', now(), now()
       from (select id from companies where code like 'scale%') c, generate_series(1, $2::int) g`,
      [userId, each],
    );
    // The demo company: half the invoices, as many tasks, a tenth as many applications; PAYMENTS paid orders and
    // WITHDRAWALS withdrawals; each kind of row spread over the last 25 months.
    console.log(`  播种: 演示企业 ${big} 张发票和任务, ${PAYMENTS} 笔收款, ${WITHDRAWALS} 笔提现… (seeding)`);
    await seedCompanyRows(database.raw, {
      companyId,
      userId,
      invoices: big,
      tasks: big,
      applications: Math.floor(big / 10),
      goods: 0,
      payments: PAYMENTS,
      withdrawals: WITHDRAWALS,
      numberPrefix: 1,
      minutesApart: HISTORY_MINUTES / Math.max(big, 1),
      moneyMinutesApart: HISTORY_MINUTES / Math.max(PAYMENTS, 1),
    });
    if (TICKETS > 0) {
      console.log(`  播种: 演示企业票夹 ${TICKETS} 张发票… (seeding)`);
      // Numbers unlike the small history's (prefix 9000000); the folder's own minutes apart.
      await seedCompanyRows(database.raw, {
        companyId,
        userId,
        invoices: 0,
        tasks: 0,
        applications: 0,
        goods: 0,
        tickets: TICKETS,
        numberPrefix: 2,
        minutesApart: HISTORY_MINUTES / TICKETS,
      });
    }
    if (TRIPS > 0) {
      console.log(`  播种: 演示出租车企业 ${TRIPS} 个行程… (seeding)`);
      await seedTrips(database.raw, {
        ...(await taxiCompanyOf(database.raw)),
        trips: TRIPS,
        minutesApart: HISTORY_MINUTES / TRIPS,
        codeTag: 'large',
      });
    }
    await database.raw('vacuum analyze');
    const [counts] = await database.raw(
      `select (select count(*) from invoices)::int as invoices, (select count(*) from companies)::int as companies, (select count(*) from cash_orders)::int as orders, (select count(*) from ledger_entries)::int as entries, (select count(*) from tickets)::int as tickets, (select count(*) from taxi_trips)::int as trips`,
    );
    console.log(
      `  播种完成: ${counts?.invoices} 张发票, ${counts?.companies} 家企业, ${counts?.orders} 笔收款, ${counts?.entries} 条分录, ${counts?.tickets} 张票夹发票, ${counts?.trips} 个行程, ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
    return Date.now() - started;
  } finally {
    await database.close();
  }
}

interface Run {
  database: string;
  seedMs: number;
  small: Measured[];
  large: Measured[];
}

async function benchDatabase(database: string, env: Record<string, string | undefined>, target: DatabaseTarget): Promise<Run> {
  const start = () => startServerProcess({ env, startTimeoutMs: 300_000 });
  console.log(`\n[${database}] 小数据库 (the demo company with ${SMALL} invoices and ${SMALL_PAYMENTS} paid orders)…`);
  // The first start creates, migrates and seeds the database; then the demo company gets a small history.
  let server = await start();
  await server.stop();
  let small: Measured[];
  {
    const { database: handle, userId, companyId } = await demoCompany(target);
    try {
      await seedCompanyRows(handle.raw, {
        companyId,
        userId,
        invoices: SMALL,
        tasks: SMALL,
        applications: SMALL / 10,
        goods: 0,
        payments: SMALL_PAYMENTS,
        withdrawals: SMALL / 10,
        tickets: SMALL,
        numberPrefix: 9_000_000,
        minutesApart: SMALL_MINUTES_APART,
        moneyMinutesApart: SMALL_MONEY_MINUTES_APART,
      });
      // Trips enough that the passenger's list has page 50 too (a third are received).
      await seedTrips(handle.raw, {
        ...(await taxiCompanyOf(handle.raw)),
        trips: SMALL * 3,
        minutesApart: SMALL_MINUTES_APART / 3,
        codeTag: 'small',
      });
      await handle.raw('vacuum analyze');
    } finally {
      await handle.close();
    }
  }
  server = await start();
  try {
    small = await measureAll(server, `${database} small`);
  } finally {
    await server.stop();
  }
  console.log(`[${database}] 播种到规模 (seeding to scale)…`);
  const seedMs = await seedLarge(target);
  server = await start();
  try {
    const large = await measureAll(server, `${database} large`);
    return { database, seedMs, small, large };
  } finally {
    await server.stop();
  }
}

const started = Date.now();
const runs: Run[] = [];
const wanted = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',');
const workDir = await mkdtemp(join(tmpdir(), 'bench-scale-'));
try {
  if (wanted.includes('pglite')) {
    const dataDir = join(workDir, 'data');
    runs.push(
      await benchDatabase('pglite', { DATA_DIR: dataDir, DATABASE_URL: undefined }, { kind: 'pglite', dataDir: join(dataDir, 'pglite') }),
    );
  }
  if (wanted.includes('postgres')) {
    if (await postgresAvailable()) {
      const postgres = await createPostgresDatabase();
      try {
        runs.push(
          await benchDatabase(
            'postgres',
            { DATA_DIR: join(workDir, 'data-pg'), DATABASE_URL: postgres.url },
            { kind: 'postgres', url: postgres.url },
          ),
        );
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

let missed = 0;
console.log(
  `\n== 规模基准 (${INVOICES} 张发票, ${COMPANIES} 家企业, ${PAYMENTS} 笔收款; 1 连接与 50 连接, 各 ${SECONDS} s; ${cpus().length} 核, load ${loadavg()[0]!.toFixed(1)}) ==`,
);
for (const run of runs) {
  console.log(`\n${run.database} (播种 ${(run.seedMs / 1000).toFixed(0)} s)`);
  console.log(
    `  ${'call'.padEnd(40)} ${'p50 small → large'.padStart(20)} ${'p99 small → large'.padStart(20)} ${'req/s at 50 small → large'.padStart(28)}`,
  );
  CALLS.forEach((call, i) => {
    const small = run.small[i]!;
    const large = run.large[i]!;
    const ok =
      large.p50 <= TARGET.p50Ms && large.p99 <= TARGET.p99Ms && large.rps50 >= TARGET.throughputRatio * small.rps50 && large.errors === 0;
    if (!ok) missed += 1;
    console.log(
      `${ok ? '✓' : '✗'} ${call.name.padEnd(40)} ${`${small.p50} → ${large.p50} ms`.padStart(20)} ${`${small.p99} → ${large.p99} ms`.padStart(20)} ${`${small.rps50.toFixed(0)} → ${large.rps50.toFixed(0)} (${((100 * large.rps50) / small.rps50).toFixed(0)} %)`.padStart(28)}`,
    );
  });
}
console.log(
  `\n用时 ${((Date.now() - started) / 1000).toFixed(0)} s; 目标: p50 ≤ ${TARGET.p50Ms} ms, p99 ≤ ${TARGET.p99Ms} ms (1 连接), 50 连接吞吐 ≥ 小库的 ${TARGET.throughputRatio * 100} %`,
);
if (missed) console.log(`${missed} 项未达标`);
if (process.env.BENCH_STRICT === '1' && missed) process.exit(1);
