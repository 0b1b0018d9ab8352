/**
 * The demo history (src/db/demo-history.ts), on PGlite and PostgreSQL: a fresh demo database gets the
 * demo trading company's last four China months of business, made through the server's own code paths at past times,
 * so that what the server maintains agrees exactly with the rows, as if it had happened:
 *
 * - invoices in each month, blue and red (whole and in part), applications in every state that stays, paid orders,
 *   settled (可提现) and recent (冻结) income, withdrawals paid out, goods, staff and sub-codes;
 * - statistics/invoice and statistics/income equal a brute-force recomputation from the rows (support/statistics-
 *   recount.ts), the maintained invoice totals equal a recount, invoice/homeSummary agrees, the ledger is sound and the
 *   money totals recomputed (support/money-audit.ts);
 * - the trading company's ticket folder: invoices the demo taxi company issued to it, collected (one reversed in part),
 *   its employee's own ride invoices scanned in (verified) and a paper receipt typed in that the bureau does not know
 *   (查无此票), some reimbursed; its totals count only what the rule counts, and its month totals equal a recount;
 * - DEMO_HISTORY off (every other test's server), a database a real provider signs into: none of it; a second start,
 *   and two instances starting at once on one PostgreSQL, add it once;
 * - the same moment gives the same history, with 20-digit numbers of the year and China business hours.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import type { Application } from '@app/contract/invoice-application';
import type { HomeSummary } from '@app/contract/invoice';
import type { InvoiceSummary } from '@app/domain/invoice-document';
import type { IncomeStatistics, InvoiceStatistics } from '@app/contract/statistics';
import type { TicketPage } from '@app/contract/ticket';
import { ticketCountedAmounts, ticketNetAmounts } from '@app/domain/ticket';
import type { Wallet, Withdrawal } from '@app/contract/wallet';
import { chinaDate, chinaMonthNumber } from '@app/domain/china-time';
import { buildServer } from '../src/app';
import { configFromEnv } from '../src/config';
import type { RawQuery } from '../src/db/database';
import { openTestDatabase } from './support/pglite-image';
import { HISTORY_MONTHS } from '../src/db/demo-history';
import { DEMO_TAX_NUMBERS, seedDatabase } from '../src/db/seed';
import { expectLedgerSound, expectMoneyTotalsRecomputed } from './support/money-audit';
import {
  addDays,
  addMonths,
  expectedIncomeStatistics,
  expectedInvoiceStatistics,
  INVOICE_TOTALS_TABLES,
  invoiceRows,
  lastOfMonth,
  moneyRows,
  recountInvoiceTotals,
  sameRows,
  storedInvoiceTotals,
} from './support/statistics-recount';
import { createPostgresDatabase, createTestServer, testConfig, type TestServer } from './support/test-server';
import { describeEachDatabase, describeOnPostgres } from './support/database-suites';
import { newVerifier } from './support/sign-in-handover';

type Paged<T> = { total: number; list: T[] };

const DAY_MS = 86_400_000;
const SETTLEMENT_DELAY_MS = 86_400_000;

/** The rows a history writes, counted (a second history would add to every one). */
async function historyCounts(raw: RawQuery) {
  const [row] = await raw(`select
    (select count(*)::int from invoices) as invoices,
    (select count(*)::int from tasks) as tasks,
    (select count(*)::int from invoice_applications) as applications,
    (select count(*)::int from cash_orders) as orders,
    (select count(*)::int from withdrawals) as withdrawals,
    (select count(*)::int from ledger_entries) as entries,
    (select count(*)::int from users) as users,
    (select count(*)::int from companies) as companies,
    (select count(*)::int from goods) as goods,
    (select count(*)::int from sub_codes) as sub_codes,
    (select count(*)::int from member_invitations) as invitations,
    (select count(*)::int from tickets) as tickets,
    (select coalesce(sum(count), 0)::int from invoice_month_totals) as counted`);
  return row ?? {};
}

/** Hours of the China day of an instant, as a decimal. */
const chinaHour = (at: string | Date) => {
  const time = new Date(new Date(at).getTime() + 8 * 3600_000).toISOString();
  return Number(time.slice(11, 13)) + Number(time.slice(14, 16)) / 60;
};

describeEachDatabase('demo history (%s)', (kind) => {
  let server: TestServer;
  let manager: string;
  let companyId: string;
  let startedAt: Date;

  const ok = async <T>(path: string, body: Record<string, unknown>, token = manager): Promise<T> => {
    const answer = await server.call<T>(path, body, token);
    if (!answer.body.success) throw new Error(`${path} ${JSON.stringify(body)}: ${JSON.stringify(answer.body)}`);
    return answer.body.result;
  };

  beforeAll(async () => {
    startedAt = new Date();
    server = await createTestServer(kind, { demoHistory: true });
    manager = await server.tokenFor('企业管理员');
    const [company] = await server.database.raw(`select id from companies where xsf_nsrsbh = $1`, [DEMO_TAX_NUMBERS.trading]);
    companyId = String(company?.id);
  }, 240_000);
  afterAll(async () => server?.close());

  test('the last four China months: invoices blue and red, applications in every state, orders, income settled and frozen, a withdrawal', async () => {
    const today = chinaDate(new Date());
    const months = Array.from({ length: HISTORY_MONTHS }, (_, back) => addMonths(today, -back).slice(0, 7)).reverse();
    // Every month has its blue invoices (the current one from its first workday on: surely by its 4th day).
    for (const month of months) {
      const blue = await ok<Paged<InvoiceSummary>>('invoice/list', { kind: 'blue', month });
      if (month !== today.slice(0, 7) || Number(today.slice(8)) >= 4) expect(blue.total, month).toBeGreaterThan(0);
    }
    // Nothing before the history's first month, nothing after now.
    expect((await ok<Paged<InvoiceSummary>>('invoice/list', { month: addMonths(today, -HISTORY_MONTHS).slice(0, 7) })).total).toBe(0);
    expect(await server.database.raw(`select id from invoices where created_at > now() or issued_at > now()`)).toEqual([]);

    const red = await ok<Paged<InvoiceSummary>>('invoice/list', { kind: 'red', pageSize: 50 });
    expect(red.list.filter((invoice) => invoice.status === '已开具').length).toBeGreaterThanOrEqual(3);
    expect((await ok<Paged<InvoiceSummary>>('invoice/list', { kind: 'blue', status: '已红冲' })).total).toBeGreaterThan(0);
    expect((await ok<Paged<InvoiceSummary>>('invoice/list', { kind: 'blue', status: '部分红冲' })).total).toBeGreaterThan(0);
    // Each red invoice went through a red-letter confirmation form: 01 for a natural person, 04 once confirmed.
    const forms = await server.database.raw(
      `select red_confirmation ->> 'state' as state, (buyer ->> 'naturalPerson')::boolean as person from invoices where kind = 'red' and status = '已开具'`,
    );
    expect(forms.length).toBeGreaterThan(0);
    for (const form of forms) expect(form.state).toBe(form.person ? '01' : '04');

    for (const status of ['待审核', '已拒绝', '待开票', '已开具', '已交付', '开具失败'] as const) {
      const applications = await ok<Paged<Application>>('invoiceApplication/list', { status });
      expect(applications.total, status).toBeGreaterThan(0);
      if (status === '待开票') expect(applications.list[0]?.blockedReason).toBeTruthy();
    }
    // No task is left for the worker: the history's are finished.
    expect(await server.database.raw(`select id from tasks where finished_at is null`)).toEqual([]);

    const paid = await server.database.raw(
      `select paid_at, settled_at, amount_fen, sub_code_name from cash_orders where company_id = $1 and state = '已支付'`,
      [companyId],
    );
    expect(paid.length).toBeGreaterThan(20);
    const viaSubCodes = new Set(paid.map((order) => order.sub_code_name));
    expect(viaSubCodes).toEqual(new Set([null, '前台收银', '龙井茶礼盒']));
    const income = await ok<{ total: number; incomeFen: number }>('payment/list', { month: months[1], type: 'income' });
    expect(income.total).toBeGreaterThan(0);
    expect(income.incomeFen).toBeGreaterThan(0);

    // The wallet as it is read now: what was paid before the settlement delay is 可提现, what after is 冻结.
    const wallet = await ok<Wallet>('wallet/get', {});
    const withdrawals = await ok<Paged<Withdrawal>>('wallet/withdrawals', {});
    expect(withdrawals.total).toBeGreaterThanOrEqual(1);
    expect(withdrawals.list.every((withdrawal) => withdrawal.state === '已到账')).toBe(true);
    const readAt = Date.now();
    const sum = (rows: Record<string, unknown>[]) => rows.reduce((total, row) => total + Number(row.amount_fen), 0);
    const frozen = paid.filter((order) => new Date(order.paid_at as string).getTime() > readAt - SETTLEMENT_DELAY_MS);
    expect(frozen.length).toBeGreaterThan(0);
    expect(wallet.frozenFen).toBe(sum(frozen));
    const spent = withdrawals.list.reduce((total, withdrawal) => total + withdrawal.amountFen + withdrawal.feeFen, 0);
    expect(wallet.availableFen).toBe(sum(paid) - sum(frozen) - spent);
    expect(wallet.availableFen).toBeGreaterThan(0);

    // Goods (the seed's, and three more), staff (two joined, one invited), sub-codes.
    const goods = await ok<Paged<{ name: string }>>('goods/list', {});
    expect(goods.list.map((item) => item.name)).toEqual(
      expect.arrayContaining(['软件技术服务', '办公用品', '龙井茶礼盒', '打印机硒鼓', '技术咨询服务']),
    );
    const staff = await ok<Paged<{ name: string; pending: boolean }>>('companyUser/list', {});
    expect(staff.list.filter((member) => member.pending).map((member) => member.name)).toEqual(['孙磊']);
    expect(staff.list.filter((member) => !member.pending).map((member) => member.name)).toEqual(
      expect.arrayContaining(['李明', '王芳', '陈静', '周婷', '刘洋']),
    );
    expect((await ok<Paged<{ name: string }>>('subCode/list', {})).list.map((code) => code.name).sort()).toEqual([
      '前台收银',
      '龙井茶礼盒',
    ]);

    // The demo sign-in still lists the five demo users only.
    const page = await server.app.inject({ method: 'GET', url: `/api/auth/authorize?returnUrl=/&challenge=${newVerifier().challenge}` });
    expect(page.body.match(/name="userId"/g)).toHaveLength(5);
    expect(startedAt.getTime()).toBeLessThanOrEqual(Date.now());
  });

  test('the ticket folder: collected from the taxi company (one reversed in part), scanned and typed in, some reimbursed; totals by the rule', async () => {
    const folder = await ok<TicketPage>('ticket/list', { pageSize: 100 });
    const rows = await server.database.raw(
      `select t.*, t.issue_date::text as day, u.nickname as imported_by from tickets t left join users u on u.id = t.created_by where t.company_id = $1 order by t.issue_date desc, t.id desc`,
      [companyId],
    );
    expect(folder.list.map((ticket) => ticket.id)).toEqual(rows.map((row) => row.id));
    const bySource = (source: string) => folder.list.filter((ticket) => ticket.source === source);
    // Collected: the taxi company's monthly bills and 包车, verified, with its name; one reversed in part, netted.
    expect(bySource('自动归集').length).toBeGreaterThanOrEqual(4);
    for (const ticket of bySource('自动归集'))
      expect(ticket).toMatchObject({ sellerName: '杭州顺达出租汽车有限公司', verifyState: '查验通过' });
    expect(bySource('自动归集').filter((ticket) => ticket.redGrossFen > 0 && ticket.redGrossFen < (ticket.grossFen ?? 0))).toHaveLength(1);
    // Added by the employee: rides in her own name scanned (verified at the bureau), a paper receipt it does not know.
    expect(bySource('扫码').length).toBeGreaterThanOrEqual(2);
    for (const ticket of bySource('扫码'))
      expect(ticket).toMatchObject({ sellerName: '杭州顺达出租汽车有限公司', verifyState: '查验通过', type: '数电普票' });
    expect(bySource('手动输入').map((ticket) => [ticket.verifyState, ticket.sellerName, ticket.type])).toEqual([
      ['查无此票', '', '增值税普通发票'],
    ]);
    expect(new Set(rows.filter((row) => row.source !== '自动归集').map((row) => row.imported_by))).toEqual(new Set(['王芳']));
    // Reimbursed: some, by the manager, never the latest bill.
    const reimbursed = folder.list.filter((ticket) => ticket.reimbursed);
    expect(reimbursed.length).toBeGreaterThanOrEqual(3);
    expect(reimbursed.length).toBeLessThan(folder.list.length);
    const marked = await ok<{ reimbursedBy: string | null }>('ticket/get', { id: reimbursed[0]!.id });
    expect(marked.reimbursedBy).toBe('李明');
    // Nothing later than the start; the verifications are done.
    for (const row of rows) {
      expect(new Date(row.created_at as string).getTime()).toBeLessThan(startedAt.getTime());
      expect(row.verify_state).not.toBe('查验中');
    }

    // The totals: every ticket in 张, only the amounts the rule counts (the 查无此票 receipt left out, the red netted).
    const asRow = (row: Record<string, unknown>) => ({
      netFen: Number(row.net_fen),
      taxFen: row.tax_fen === null ? null : Number(row.tax_fen),
      grossFen: row.gross_fen === null ? null : Number(row.gross_fen),
      redNetFen: Number(row.red_net_fen),
      redTaxFen: Number(row.red_tax_fen),
      redGrossFen: Number(row.red_gross_fen),
      verifyState: row.verify_state as TicketPage['list'][number]['verifyState'],
    });
    const sum = (list: Record<string, unknown>[]) =>
      list
        .map((row) => ticketCountedAmounts(asRow(row)))
        .reduce(
          (total, amounts) => ({
            netFen: total.netFen + amounts.netFen,
            taxFen: total.taxFen + amounts.taxFen,
            grossFen: total.grossFen + amounts.grossFen,
          }),
          { netFen: 0, taxFen: 0, grossFen: 0 },
        );
    const counted = rows.filter((row) => row.verify_state === '查验通过' || row.verify_state === '已红冲');
    expect(folder.totals).toEqual({ count: rows.length, counted: counted.length, ...sum(rows) });
    expect(counted.length).toBe(rows.length - 1);
    const months = [...new Set(rows.map((row) => String(row.day).slice(0, 7)))];
    // Every month of the history (the current one's bill comes on its second workday or so).
    expect(months.length).toBeGreaterThanOrEqual(HISTORY_MONTHS - 1);
    for (const month of months) {
      const inMonth = rows.filter((row) => String(row.day).startsWith(month));
      const totals = (await ok<TicketPage>('ticket/list', { month, pageSize: 1 })).totals;
      expect(totals, month).toEqual({
        count: inMonth.length,
        counted: inMonth.filter((row) => counted.includes(row)).length,
        ...sum(inMonth),
      });
    }
    // The maintained month totals are the rows' own, key by key.
    const recount = new Map<string, number[]>();
    for (const row of rows) {
      const key = [String(row.day).slice(0, 7).replace('-', ''), row.type ?? '', row.verify_state, row.reimbursed].join(' ');
      const amounts = ticketNetAmounts(asRow(row));
      const [n = 0, net = 0, tax = 0, gross = 0] = recount.get(key) ?? [];
      recount.set(key, [n + 1, net + amounts.netFen, tax + amounts.taxFen, gross + amounts.grossFen]);
    }
    const kept = await server.database.raw(
      `select month, type, verify_state, reimbursed, count, net_fen, tax_fen, gross_fen from ticket_month_totals where company_id = $1 and count <> 0`,
      [companyId],
    );
    expect(
      new Map(
        kept.map((row) => [
          [row.month, row.type, row.verify_state, row.reimbursed].join(' '),
          [row.count, row.net_fen, row.tax_fen, row.gross_fen].map(Number),
        ]),
      ),
    ).toEqual(recount);
  });

  test('the maintained totals, the statistics and the home summary equal a recomputation from the rows; the ledger is sound', async () => {
    const raw = server.database.raw;
    const [kept, counted] = [await storedInvoiceTotals(raw, companyId), await recountInvoiceTotals(raw, companyId)];
    for (const table of INVOICE_TOTALS_TABLES) expect(sameRows(kept[table]), table).toEqual(sameRows(counted[table]));
    expect(kept.months.length).toBeGreaterThanOrEqual(HISTORY_MONTHS * 2 - 1);

    const today = chinaDate(new Date());
    const first = `${addMonths(today, -(HISTORY_MONTHS - 1)).slice(0, 7)}-01`;
    const ranges: { from: string; to: string; by: 'day' | 'month' }[] = [
      { from: first, to: lastOfMonth(today), by: 'month' },
      { from: addMonths(today, -23), to: lastOfMonth(today), by: 'month' },
      { from: addDays(today, -30), to: today, by: 'day' },
      { from: addDays(first, 9), to: addDays(today, -12), by: 'month' },
    ];
    for (let back = 0; back < HISTORY_MONTHS; back++) {
      const start = `${addMonths(today, -back).slice(0, 7)}-01`;
      ranges.push({ from: start, to: lastOfMonth(start), by: 'day' });
    }
    const [invoices, money] = [await invoiceRows(raw, companyId), await moneyRows(raw, companyId)];
    for (const range of ranges) {
      const statistics = await ok<InvoiceStatistics>('statistics/invoice', range);
      expect(statistics, `statistics/invoice ${JSON.stringify(range)}`).toEqual(
        expectedInvoiceStatistics(invoices, range.from, range.to, range.by),
      );
      expect(await ok<IncomeStatistics>('statistics/income', range), `statistics/income ${JSON.stringify(range)}`).toEqual(
        expectedIncomeStatistics(money, range.from, range.to, range.by),
      );
    }
    const all = await ok<InvoiceStatistics>('statistics/invoice', ranges[0] as (typeof ranges)[number]);
    expect(all.totals.blueCount).toBeGreaterThan(30);
    expect(all.totals.redCount).toBeGreaterThan(2);
    expect(all.totals.redFen).toBeLessThan(0);
    expect(all.byRate.length).toBeGreaterThanOrEqual(4);
    expect((await ok<IncomeStatistics>('statistics/income', ranges[0] as (typeof ranges)[number])).totals.expenseFen).toBeGreaterThan(0);

    const summary = await ok<HomeSummary>('invoice/homeSummary', {});
    const thisMonth = invoices.invoices.filter((invoice) => invoice.kind === 'blue' && invoice.day.slice(0, 7) === today.slice(0, 7));
    const [applications] = await raw(
      `select count(*) filter (where status = '待审核')::int as applying, count(*) filter (where status = '待开票')::int as waiting from invoice_applications where company_id = $1`,
      [companyId],
    );
    expect(summary).toEqual({
      applying: applications?.applying,
      waiting: applications?.waiting,
      pendingTasks: 0,
      issuedThisMonth: thisMonth.length,
      issuedThisMonthFen: thisMonth.reduce((total, invoice) => total + invoice.grossFen, 0),
    });
    expect(summary.applying).toBeGreaterThanOrEqual(2);
    expect(summary.waiting).toBeGreaterThanOrEqual(1);
    const [month] = await raw(`select count from invoice_month_totals where company_id = $1 and month = $2 and kind = 'blue'`, [
      companyId,
      chinaMonthNumber(new Date()),
    ]);
    expect(Number(month?.count ?? 0)).toBe(summary.issuedThisMonth);

    await ok<Wallet>('wallet/get', {});
    await expectLedgerSound(raw);
    await expectMoneyTotalsRecomputed(raw);
    // Every order's payment and every settlement posted once, each withdrawal held and paid out.
    const [postings] = await raw(
      `select count(*) filter (where kind = 'payment')::int as payments, count(*) filter (where kind = 'settlement')::int as settlements,
              count(*) filter (where kind = 'withdrawal')::int as held, count(*) filter (where kind = 'withdrawal_paid')::int as paid_out
       from ledger_transactions where company_id = $1`,
      [companyId],
    );
    const [orders] = await raw(
      `select count(*)::int as paid, count(settled_at)::int as settled from cash_orders where company_id = $1 and paid_at is not null`,
      [companyId],
    );
    const [withdrawn] = await raw(`select count(*)::int as n from withdrawals where company_id = $1`, [companyId]);
    expect(postings).toEqual({ payments: orders?.paid, settlements: orders?.settled, held: withdrawn?.n, paid_out: withdrawn?.n });
  });

  test('a second start on the database adds nothing', async () => {
    const before = await historyCounts(server.database.raw);
    // The same database, opened again by a server with the history on.
    const again = await buildServer(await testConfig({ demoHistory: true }), { database: server.database });
    await again.ready();
    await again.close();
    expect(await historyCounts(server.database.raw)).toEqual(before);
  });
});

describeEachDatabase('no demo history (%s)', (kind) => {
  test('DEMO_HISTORY off (every other test): the demo data only', async () => {
    const server = await createTestServer(kind);
    try {
      expect(await historyCounts(server.database.raw)).toMatchObject({
        invoices: 0,
        tasks: 0,
        applications: 0,
        orders: 0,
        withdrawals: 0,
        entries: 0,
        users: 5,
        companies: 2,
        goods: 5,
        sub_codes: 0,
        invitations: 0,
        tickets: 0,
      });
    } finally {
      await server.close();
    }
  });

  test('a database a real provider signs into: no demo data, no history', async () => {
    const wechat = {
      appId: 'wx-history',
      secret: 'secret',
      authorizeUrl: 'https://open.weixin.qq.com/connect/oauth2/authorize',
      tokenUrl: 'http://127.0.0.1:9/token',
    };
    const server = await createTestServer(kind, { demoHistory: true, auth: { wechat, alipay: null, demo: false } });
    try {
      expect(await historyCounts(server.database.raw)).toMatchObject({
        invoices: 0,
        tasks: 0,
        applications: 0,
        orders: 0,
        withdrawals: 0,
        users: 0,
        companies: 0,
      });
    } finally {
      await server.close();
    }
  });
});

describeOnPostgres('demo history, two instances at once (%s)', () => {
  test('two servers starting at once on one empty PostgreSQL add the history once', async () => {
    const postgres = await createPostgresDatabase();
    const config = await testConfig({ demoHistory: true, database: { kind: 'postgres', url: postgres.url } });
    const handles = await Promise.all([openTestDatabase(config.database), openTestDatabase(config.database)]);
    try {
      const apps = await Promise.all(handles.map((database) => buildServer(config, { database })));
      await Promise.all(apps.map((app) => app.ready()));
      await Promise.all(apps.map((app) => app.close()));
      const raw = handles[0]!.raw;
      expect(await raw(`select count(*)::int as n from users where provider_subject like 'history-customer-%'`)).toEqual([{ n: 10 }]);
      expect(await raw(`select count(*)::int as n from companies`)).toEqual([{ n: 2 }]);
      // One withdrawal a month at most, and every invoice counted once in the totals.
      expect(
        await raw(
          `select to_char(created_at at time zone 'Asia/Shanghai', 'YYYY-MM') as month from withdrawals group by 1 having count(*) > 1`,
        ),
      ).toEqual([]);
      const [counts] = await raw(
        `select (select count(*)::int from invoices where issued_at is not null) as issued, (select sum(count)::int from invoice_month_totals) as counted`,
      );
      expect(counts?.issued).toBe(counts?.counted);
      await expectLedgerSound(raw);
    } finally {
      await Promise.all(handles.map((database) => database.close()));
      await postgres.drop();
    }
  }, 240_000);
});

describe('demo history: the same moment, the same history', () => {
  // A Wednesday morning in China whose history crosses a new year (December 2025 to March 2026).
  const now = new Date('2026-03-18T10:30:00+08:00');

  async function historyAt(at: Date) {
    const database = await openTestDatabase({ kind: 'pglite', dataDir: null });
    try {
      const seeded = await seedDatabase(database.db, randomBytes(32), {
        demo: true,
        history: { now: at, settlementDelayMs: SETTLEMENT_DELAY_MS, publicUrl: 'http://sim.test' },
      });
      const raw = database.raw;
      return {
        seeded,
        invoices: await raw(
          `select kind, type, status, number, issued_at, created_at, gross_fen, buyer ->> 'name' as buyer, remarks, red_reason from invoices order by created_at, number`,
        ),
        lines: await raw(
          `select l.line_no, l.goods_name, l.quantity, l.unit_price, l.net_fen, l.tax_fen, l.gross_fen, l.rate_permille, l.tax_free from invoice_lines l join invoices i on i.id = l.invoice_id order by i.created_at, i.number, l.line_no`,
        ),
        orders: await raw(
          `select amount_fen, sub_code_name, paid_at, settled_at, created_at from cash_orders order by paid_at, amount_fen`,
        ),
        applications: await raw(
          `select status, source, gross_fen, buyer ->> 'name' as buyer, created_at, updated_at, reject_reason from invoice_applications order by created_at`,
        ),
        withdrawals: await raw(`select amount_fen, fee_fen, state, created_at from withdrawals order by created_at`),
        tickets: await raw(
          `select source, type, invoice_code, number, issue_date, seller_name, net_fen, gross_fen, red_gross_fen, verify_state, reimbursed, reimbursed_at, created_at from tickets order by created_at, number`,
        ),
        balances: await raw(`select kind, balance from ledger_accounts order by kind`),
      };
    } finally {
      await database.close();
    }
  }

  test('deterministic; 20-digit numbers of the issue year; China business hours; each month of the four', async () => {
    const [first, second] = [await historyAt(now), await historyAt(now)];
    const { seeded: firstSeeded, ...firstRows } = first;
    const { seeded: secondSeeded, ...secondRows } = second;
    expect(secondRows).toEqual(firstRows);
    expect(firstSeeded?.kind === 'demo' && firstSeeded.history ? { ...firstSeeded.history, ms: 0 } : null).toEqual(
      secondSeeded?.kind === 'demo' && secondSeeded.history ? { ...secondSeeded.history, ms: 0 } : null,
    );

    const issued = firstRows.invoices.filter((invoice) => invoice.issued_at !== null);
    expect(new Set(issued.map((invoice) => chinaDate(new Date(invoice.issued_at as string)).slice(0, 7)))).toEqual(
      new Set(['2025-12', '2026-01', '2026-02', '2026-03']),
    );
    for (const invoice of issued) {
      const at = new Date(invoice.issued_at as string);
      // Year, the seller's province (33, Zhejiang), channel 1, a 15-digit sequence.
      expect(invoice.number).toMatch(new RegExp(`^${chinaDate(at).slice(2, 4)}331\\d{15}$`));
      expect(at.getTime()).toBeLessThan(now.getTime());
      const hour = chinaHour(at);
      expect(hour, `${invoice.number} issued at ${at.toISOString()}`).toBeGreaterThanOrEqual(9);
      expect(hour).toBeLessThan(18.1);
      const weekday = new Date(at.getTime() + 8 * 3600_000).getUTCDay();
      expect(weekday === 0 || (weekday === 6 && invoice.kind === 'red'), `${invoice.number} on a Sunday, or a red one on Saturday`).toBe(
        false,
      );
    }
    // Numbers follow the issue order; the first ones of 2026 start with 26.
    const byTime = [...issued].sort((a, b) => new Date(a.issued_at as string).getTime() - new Date(b.issued_at as string).getTime());
    expect(byTime.map((invoice) => String(invoice.number).slice(5))).toEqual(
      byTime.map((invoice) => String(invoice.number).slice(5)).sort(),
    );
    for (const order of firstRows.orders) {
      const hour = chinaHour(order.paid_at as string);
      expect(hour).toBeGreaterThanOrEqual(8.5);
      expect(hour).toBeLessThan(21);
    }
    // Income of the day before is still frozen at the start; the rest was settled when the wallet was read.
    const frozen = firstRows.orders.filter((order) => order.settled_at === null);
    expect(frozen.length).toBeGreaterThan(0);
    for (const order of frozen) expect(new Date(order.paid_at as string).getTime()).toBeGreaterThan(now.getTime() - 5 * DAY_MS);
    expect(firstRows.withdrawals.length).toBeGreaterThanOrEqual(3);
    for (const line of firstRows.lines) expect(Number(line.net_fen) + Number(line.tax_fen)).toBe(Number(line.gross_fen));
    // Reds of every reason: whole (01, a natural person's without confirmation), 销货退回, 服务中止, 销售折让, and one
    // the buyer refused (开具失败).
    const reds = firstRows.invoices.filter((invoice) => invoice.kind === 'red');
    expect(new Set(reds.map((invoice) => `${invoice.red_reason} ${invoice.status}`))).toEqual(
      new Set(['01 已开具', '02 已开具', '03 已开具', '04 已开具', '04 开具失败']),
    );
  }, 240_000);

  test('DEMO_HISTORY: on unless false; anything else is refused', () => {
    expect(configFromEnv({}).demoHistory).toBe(true);
    expect(configFromEnv({ DEMO_HISTORY: 'true' }).demoHistory).toBe(true);
    expect(configFromEnv({ DEMO_HISTORY: 'false' }).demoHistory).toBe(false);
    expect(() => configFromEnv({ DEMO_HISTORY: 'no' })).toThrow('DEMO_HISTORY 无效');
  });
});
