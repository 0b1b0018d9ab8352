/**
 * Lists and summaries that stay flat (docs/architecture.md, "Lists that stay flat"): with a company holding 20,000
 * invoices, tasks and thousands of applications beside another as large, every list, filter, search and summary call
 * reads at most a few times the list limit of rows, whatever the company holds. Each read query a call sends is run
 * again under EXPLAIN ANALYZE and the rows its scans touch are added up: a plan that turns into a scan of the company's
 * rows (a missing index, a count of every match, a filter on an expression no index covers) fails here.
 */
import { afterAll, beforeAll, expect, test } from '@rstest/core';
import { eq } from 'drizzle-orm';
import { LIST_LIMIT } from '@app/contract/limits';
import { TICKET_COUNTED_STATES } from '@app/domain/ticket';
import { memberships } from '../src/db/schema/companies';
import { buyerName, seedAuditEntries, seedCompanyRows, seedTrips, sellerName } from './support/scale-seed';
import { createTestServer, type TestServer } from './support/test-server';
import { describeEachDatabase } from './support/database-suites';

const ROWS = 20_000;
/** Every query of a call may read this many rows at most: the list limit (the capped count) and a page, with room. */
const MAX_ROWS_READ = 3 * LIST_LIMIT;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

/** The rows the plan's scans touched: returned, and thrown away by a filter or a recheck. */
function rowsRead(node: PlanNode): number {
  const own =
    /Scan$/.test(node['Node Type']) && node['Node Type'] !== 'Bitmap Index Scan'
      ? (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0)) * node['Actual Loops']
      : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + rowsRead(child), 0);
}

/** `YYYY-MM` of the China month `back` months before now. */
function chinaMonth(back: number): string {
  const at = new Date(Date.now() + 8 * 3600_000);
  at.setUTCDate(1);
  at.setUTCMonth(at.getUTCMonth() - back);
  return at.toISOString().slice(0, 7);
}

/** The China days of the month `back` months before now, first to last. */
function chinaMonthDays(back: number): { from: string; to: string } {
  const month = chinaMonth(back);
  const last = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0));
  return { from: `${month}-01`, to: last.toISOString().slice(0, 10) };
}

/** The longest ranges of the statistics: the last 31 China days, and the 24 China months up to this one. */
function lastDays(days: number): { from: string; to: string } {
  const today = new Date(Date.now() + 8 * 3600_000);
  return { from: new Date(today.getTime() - (days - 1) * 86_400_000).toISOString().slice(0, 10), to: today.toISOString().slice(0, 10) };
}
function lastMonths(months: number): { from: string; to: string } {
  return { from: `${chinaMonth(months - 1)}-01`, to: chinaMonthDays(0).to };
}

const CALLS: [string, Record<string, unknown>][] = [
  ['invoice/list', {}],
  ['invoice/list', { page: 50, pageSize: 20 }],
  ['invoice/list', { month: chinaMonth(0) }],
  ['invoice/list', { month: chinaMonth(3) }],
  ['invoice/list', { status: '开具失败' }],
  ['invoice/list', { kind: 'red' }],
  ['invoice/list', { kind: 'blue', status: '已开具', month: chinaMonth(1) }],
  ['invoice/list', { keyword: buyerName(123).slice(0, 6) }],
  ['invoice/list', { keyword: '0012345' }],
  ['invoice/list', { keyword: '买方12' }],
  ['invoice/list', { keyword: '商贸' }],
  ['invoice/list', { keyword: '商贸', page: 50, pageSize: 20 }],
  ['invoice/list', { keyword: buyerName(7), kind: 'red', month: chinaMonth(1) }],
  ['invoice/list', { deliveryFailed: true }],
  ['invoice/list', { deliveryFailed: true, page: 20, pageSize: 20 }],
  ['invoice/list', { deliveryFailed: true, keyword: '商贸' }],
  ['invoice/homeSummary', {}],
  ['invoiceApplication/list', {}],
  ['invoiceApplication/list', { status: '待审核' }],
  ['task/getMyTasks', {}],
  ['task/getMyTasks', { status: 'pending' }],
  ['task/getMyTasks', { status: 'failed' }],
  ['task/getMyTasks', { type: 'face' }],
  ['goods/list', {}],
  ['companyUser/list', {}],
  ['companyUser/list', { page: 2, pageSize: 20 }],
  ['companyUser/list', { page: 50, pageSize: 20 }],
  ['subCode/list', {}],
  ['statistics/invoice', { ...chinaMonthDays(1), by: 'day' }],
  ['statistics/invoice', { ...chinaMonthDays(1), by: 'month' }],
  ['statistics/invoice', { ...lastDays(31), by: 'day' }],
  ['statistics/invoice', { ...lastMonths(24), by: 'month' }],
  ['statistics/income', { ...chinaMonthDays(1), by: 'day' }],
  ['statistics/income', { ...lastDays(31), by: 'day' }],
  ['statistics/income', { ...lastMonths(24), by: 'month' }],
  ['payment/list', {}],
  ['payment/list', { page: 50, pageSize: 20 }],
  ['payment/list', { month: chinaMonth(1), type: 'income', channel: 'wechat' }],
  ['payment/list', { type: 'expense' }],
  ['wallet/get', {}],
  ['wallet/entries', {}],
  ['wallet/entries', { page: 50, pageSize: 20 }],
  ['wallet/withdrawals', {}],
  ['ticket/list', {}],
  ['ticket/list', { page: 50, pageSize: 20 }],
  ['ticket/list', { month: chinaMonth(1) }],
  ['ticket/list', { type: '数电专票' }],
  ['ticket/list', { verifyState: '查无此票' }],
  ['ticket/list', { verifyState: '已红冲', month: chinaMonth(2) }],
  ['ticket/list', { reimbursed: true }],
  ['ticket/list', { reimbursed: false, type: '数电普票', verifyState: '查验通过', month: chinaMonth(1) }],
  ['ticket/list', { keyword: sellerName(123).slice(0, 6) }],
  ['ticket/list', { keyword: sellerName(123) }],
  ['ticket/list', { keyword: '0012345' }],
  ['ticket/list', { keyword: '贸易' }],
  ['ticket/list', { keyword: '贸易', page: 50, pageSize: 20 }],
  ['ticket/list', { keyword: sellerName(7), reimbursed: true, month: chinaMonth(1) }],
  ['audit/list', {}],
  ['audit/list', { kind: 'invoice.reverse' }],
  ['audit/list', { userId: 'other' }],
  ['audit/list', { fromDay: chinaMonthDays(1).from, toDay: chinaMonthDays(1).to }],
  ['audit/list', { kind: 'ticket.import', fromDay: chinaMonthDays(2).from, toDay: chinaMonthDays(2).to }],
  ['audit/list', { after: 'deep' }],
  ['audit/list', { after: 'deep', kind: 'goods.save' }],
];

/** The taxi calls, made by the taxi manager (queryTrips) and by the passenger (getMyTrips). */
const TAXI_CALLS: [string, '出租车管理员' | '普通用户', Record<string, unknown>][] = [
  ['taxiTrip/queryTrips', '出租车管理员', {}],
  ['taxiTrip/queryTrips', '出租车管理员', { page: 50, pageSize: 20 }],
  ['taxiTrip/queryTrips', '出租车管理员', { fromDay: chinaMonthDays(1).from, toDay: chinaMonthDays(1).to }],
  ['taxiTrip/queryTrips', '出租车管理员', { state: '待开票' }],
  ['taxiTrip/queryTrips', '出租车管理员', { state: '已领取', fromDay: chinaMonthDays(1).from }],
  ['taxiTrip/queryTrips', '出租车管理员', { carId: 'first' }],
  ['taxiTrip/queryTrips', '出租车管理员', { carId: 'first', state: '未分享', toDay: chinaMonthDays(1).to }],
  ['taxiTrip/getMyTrips', '普通用户', {}],
  ['taxiTrip/getMyTrips', '普通用户', { state: '待开票' }],
  ['taxiTrip/getMyTrips', '普通用户', { page: 50, pageSize: 20 }],
  ['taxiInvoice/list', '出租车管理员', {}],
];

describeEachDatabase('lists stay flat (%s)', (kind) => {
  let server: TestServer;
  let token: string;
  let sent: { query: string; params: unknown[] }[] | null = null;

  beforeAll(async () => {
    // No task worker: it would pick up the seeded open tasks, and its queries are not the calls'.
    const worker = { enabled: false, pollMs: 20, stepTimeoutMs: 2000, leaseMs: 4000, batch: 8 };
    server = await createTestServer(kind, { worker }, { logQuery: (query, params) => sent?.push({ query, params }) });
    token = await server.tokenFor('企业管理员');
    const companyOf = async (label: string) => {
      const userId = await server.userIdOf(label);
      const [membership] = await server.database.db.select().from(memberships).where(eq(memberships.userId, userId));
      return { userId, companyId: membership?.companyId ?? '' };
    };
    const rows = {
      invoices: ROWS,
      tasks: ROWS,
      applications: 6_000,
      goods: 1_000,
      subCodes: 3_000,
      members: 3_000,
      invitations: 3_000,
      payments: ROWS,
      withdrawals: 3_000,
      minutesApart: 30,
      tickets: ROWS,
    };
    await seedCompanyRows(server.database.raw, { ...(await companyOf('企业管理员')), ...rows, numberPrefix: 1 });
    await seedCompanyRows(server.database.raw, { ...(await companyOf('出租车管理员')), ...rows, numberPrefix: 2 });
    // Trips of the taxi company, and as many of the trading company's, every 3rd received by the ordinary user.
    const passenger = await server.userIdOf('普通用户');
    await seedTrips(server.database.raw, { ...(await companyOf('出租车管理员')), receiverId: passenger, trips: ROWS });
    await seedTrips(server.database.raw, { ...(await companyOf('企业管理员')), receiverId: passenger, trips: ROWS });
    // The audit trails of both companies; the employee acts in the trading company's too.
    const other = await server.userIdOf('企业员工');
    await seedAuditEntries(server.database.raw, { ...(await companyOf('企业管理员')), otherUserId: other, entries: ROWS });
    await seedAuditEntries(server.database.raw, { ...(await companyOf('出租车管理员')), otherUserId: other, entries: ROWS });
    await server.database.raw('analyze');
    // Seeding 200,000 rows is a minute on PGlite alone, and several beside the browser tests on two cores.
  }, 600_000);

  /** The rows each read query of a call reads, where more than MAX_ROWS_READ. */
  async function heavyQueries(path: string, body: Record<string, unknown>, callToken: string) {
    sent = [];
    const answer = await server.call(path, body, callToken);
    const queries = sent.filter((query) => /^\s*select/i.test(query.query));
    sent = null;
    expect(answer.body).toMatchObject({ success: true });
    expect(queries.length).toBeGreaterThan(0);
    const tooMany: { query: string; read: number }[] = [];
    for (const { query, params } of queries) {
      const [row] = await server.database.raw(`explain (analyze, format json) ${query}`, params);
      const plan = row?.['QUERY PLAN'] as [{ Plan: PlanNode }] | string;
      const read = rowsRead((typeof plan === 'string' ? (JSON.parse(plan) as [{ Plan: PlanNode }]) : plan)[0].Plan);
      if (read > MAX_ROWS_READ) tooMany.push({ query, read });
    }
    return tooMany;
  }

  test.each(TAXI_CALLS)(`%s as %s %j reads at most ${MAX_ROWS_READ} rows a query, with ${ROWS} trips`, async (path, label, body) => {
    const callToken = await server.tokenFor(label);
    const [car] = await server.database.raw(
      `select c.id from cars c join memberships m on m.company_id = c.company_id join users u on u.id = m.user_id where u.demo_label = '出租车管理员' order by c.id limit 1`,
    );
    const resolved = body.carId === 'first' ? { ...body, carId: String(car?.id) } : body;
    expect(await heavyQueries(path, resolved, callToken)).toEqual([]);
  });
  afterAll(async () => server.close());

  /** The audit list's markers: `other` the employee, `deep` an entry 10,000 back in the trading company's trail. */
  async function resolvedAuditBody(body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const resolved = { ...body };
    if (body.userId === 'other') resolved.userId = await server.userIdOf('企业员工');
    if (body.after === 'deep') {
      const [deep] = await server.database.raw(
        `select a.id from audit_entries a join memberships m on m.company_id = a.company_id join users u on u.id = m.user_id
         where u.demo_label = '企业管理员' order by a.created_at desc, a.id desc offset 10000 limit 1`,
      );
      resolved.after = String(deep?.id);
    }
    return resolved;
  }

  test.each(CALLS)(`%s %j reads at most ${MAX_ROWS_READ} rows a query, with ${ROWS} invoices and tasks`, async (path, body) => {
    expect(await heavyQueries(path, path === 'audit/list' ? await resolvedAuditBody(body) : body, token)).toEqual([]);
  });

  test('the seeded totals are what the rows say (statistics over 24 months), and the seeded ledger is sound', async () => {
    const range = { ...lastMonths(24), by: 'month' };
    const [companyId] = (
      await server.database.raw(`select company_id from memberships m join users u on u.id = m.user_id where u.demo_label = '企业管理员'`)
    ).map((row) => String(row.company_id));
    const within = (column: string) => `to_char((${column} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD') between $2 and $3`;
    const invoice = await server.call<{ totals: Record<string, number> }>('statistics/invoice', range, token);
    const [invoiceRows] = await server.database.raw(
      `select count(*) filter (where kind = 'blue')::int as "blueCount", coalesce(sum(gross_fen) filter (where kind = 'blue'), 0)::bigint as "blueFen",
         count(*) filter (where kind = 'red')::int as "redCount", coalesce(sum(gross_fen) filter (where kind = 'red'), 0)::bigint as "redFen"
       from invoices where company_id = $1 and issued_at is not null and ${within('issued_at')}`,
      [companyId, range.from, range.to],
    );
    expect(invoice.body.result.totals).toMatchObject(
      Object.fromEntries(Object.entries(invoiceRows ?? {}).map(([key, value]) => [key, Number(value)])),
    );
    expect(invoice.body.result.totals.blueCount).toBeGreaterThan(0);
    const income = await server.call<{ totals: Record<string, number> }>('statistics/income', range, token);
    const [incomeRows] = await server.database.raw(
      `select (select count(*) from cash_orders where company_id = $1 and paid_at is not null and ${within('paid_at')})::int as count,
         (select coalesce(sum(amount_fen), 0) from cash_orders where company_id = $1 and paid_at is not null and ${within('paid_at')})::bigint as "incomeFen",
         (select coalesce(sum(amount_fen + fee_fen), 0) from withdrawals where company_id = $1 and state <> '失败' and ${within('created_at')})::bigint as "expenseFen"`,
      [companyId, range.from, range.to],
    );
    expect(income.body.result.totals).toEqual(
      Object.fromEntries(Object.entries(incomeRows ?? {}).map(([key, value]) => [key, Number(value)])),
    );
    expect(income.body.result.totals.expenseFen).toBeGreaterThan(0);
    expect(await server.database.raw('select transaction_id from ledger_entries group by transaction_id having sum(amount) <> 0')).toEqual(
      [],
    );
    expect(
      await server.database.raw(
        'select a.id from ledger_accounts a left join ledger_entries e on e.account_id = a.id group by a.id, a.balance having a.balance <> coalesce(sum(e.amount), 0)',
      ),
    ).toEqual([]);
    expect(await server.database.raw('select id from ledger_accounts where company_id is not null and balance < 0')).toEqual([]);
  });

  test('the ticket folder finds what it is asked for, and its totals are what its rows say', async () => {
    type Page = {
      total: number;
      list: { sellerName: string; number: string }[];
      totals: { count: number; counted: number; netFen: number; taxFen: number; grossFen: number };
    };
    const bySeller = (await server.call<Page>('ticket/list', { keyword: sellerName(123), pageSize: 100 }, token)).body.result;
    expect(bySeller.list.length).toBeGreaterThan(0);
    expect(bySeller.list.every((row) => row.sellerName === sellerName(123))).toBe(true);
    expect(bySeller.totals.count).toBe(bySeller.total);
    const byTail = (await server.call<Page>('ticket/list', { keyword: '0012345' }, token)).body.result;
    expect(byTail.list.every((row) => row.number.endsWith('0012345'))).toBe(true);
    const month = chinaMonth(1);
    const filtered = (await server.call<Page>('ticket/list', { month, reimbursed: true }, token)).body.result;
    const [recount] = await server.database.raw(
      `select count(*)::int as count, count(*) filter (where counts)::int as counted,
         coalesce(sum(net_fen - red_net_fen) filter (where counts), 0)::bigint as net, coalesce(sum(coalesce(gross_fen, net_fen) - red_gross_fen) filter (where counts), 0)::bigint as gross
       from (select t.*, t.verify_state = any($2) as counts from tickets t join memberships m on m.company_id = t.company_id join users u on u.id = m.user_id
             where u.demo_label = '企业管理员' and reimbursed and to_char(issue_date, 'YYYY-MM') = $1) as folder`,
      [month, [...TICKET_COUNTED_STATES]],
    );
    expect(recount!.counted).toBeGreaterThan(0);
    expect([filtered.totals.count, filtered.totals.counted, filtered.totals.netFen, filtered.totals.grossFen]).toEqual([
      recount!.count,
      recount!.counted,
      Number(recount!.net),
      Number(recount!.gross),
    ]);
  });

  test('收支 pages are slices of one list: income and expenses merged newest first, page after page', async () => {
    type Row = { id: string; type: string; at: string };
    const pageOf = async (page: number, pageSize: number) =>
      (await server.call<{ list: Row[] }>('payment/list', { page, pageSize }, token)).body.result.list;
    const whole = await pageOf(1, 50);
    const paged = [
      ...(await pageOf(1, 10)),
      ...(await pageOf(2, 10)),
      ...(await pageOf(3, 10)),
      ...(await pageOf(4, 10)),
      ...(await pageOf(5, 10)),
    ];
    expect(paged.map((row) => row.id)).toEqual(whole.map((row) => row.id));
    expect(new Set(whole.map((row) => row.type))).toEqual(new Set(['income', 'expense']));
    const times = whole.map((row) => Date.parse(row.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  test('the lists still find what they are asked for: a keyword, a month, the capped total', async () => {
    const byName = await server.call<{ total: number; list: { buyerName: string }[] }>('invoice/list', { keyword: buyerName(123) }, token);
    expect(byName.body.result.total).toBeGreaterThan(0);
    expect(byName.body.result.list.every((invoice) => invoice.buyerName === buyerName(123))).toBe(true);
    const all = await server.call<{ total: number }>('invoice/list', {}, token);
    expect(all.body.result.total).toBe(LIST_LIMIT);
  });
});
