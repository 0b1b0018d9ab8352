/**
 * Statistics from maintained totals (docs/architecture.md, "Lists that stay flat"), on PGlite and PostgreSQL.
 * statistics/invoice and statistics/income read a range's whole months from the monthly totals and its other days from
 * the daily ones (`invoice_{month,day}_totals`, `invoice_{month,day}_rate_totals`, `money_{month,day}_totals`); here
 * they must say what a brute-force recomputation from the invoices, lines, orders and withdrawals themselves says:
 *
 * - after a random history: blue and red invoices issued, orders paid and withdrawals paid out or failed through the
 *   API (now), and rows at random instants of 26 months around China midnights written as the server writes them (the
 *   row, then the totals in the same transaction), for random ranges by day and by month;
 * - after issuing and red reversal at the same moment (the worker runs 8 tasks at once; on PostgreSQL concurrently), and
 *   after 40 invoices each recorded as issued twice at once (the step's compare-and-set and its totals, 80
 *   transactions): every invoice counted once, the day's and month's totals (of each kind and rate) exact, no deadlock;
 * - the migration's backfill (drizzle/0007) of an existing database gives the totals the server maintained.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from '@rstest/core';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { IncomeStatistics, InvoiceStatistics } from '@app/contract/statistics';
import { chinaDate, chinaDayNumber, chinaMonthNumber } from '@app/domain/china-time';
import { addToMonthTotals } from '../src/cash/money-totals';
import { goods, memberships } from '../src/db/schema/companies';
import { invoices } from '../src/db/schema/invoices';
import { taxAccounts } from '../src/db/schema/tax-accounts';
import { addIssuedInvoiceToTotals } from '../src/statistics/invoice-totals';
import { PLAIN_BUYER } from './support/invoice-fixtures';
import {
  addDays,
  addMonths,
  day,
  expectedIncomeStatistics,
  expectedInvoiceStatistics,
  INVOICE_TOTALS_TABLES,
  invoiceRows as recountInvoiceRows,
  lastOfMonth,
  moneyRows as recountMoneyRows,
  random,
  recountInvoiceTotals,
  sameRows,
  storedInvoiceTotals,
} from './support/statistics-recount';
import { createTestServer, eventually, type TestServer } from './support/test-server';
import { describeEachDatabase } from './support/database-suites';

const BUYER = PLAIN_BUYER;
const SHOP = 'YST0001';
/** Rates a line may have: per mille, or untaxed (rate null). */
const RATES: { rate: number | null; taxFree: string | null }[] = [
  { rate: 130, taxFree: null },
  { rate: 60, taxFree: null },
  { rate: 30, taxFree: null },
  { rate: 0, taxFree: null },
  { rate: null, taxFree: '免税' },
  { rate: null, taxFree: '不征税' },
];
const SEED = Number(process.env.STATS_SEED ?? Date.now() % 1_000_000);

let serial = 0;
const nextSerial = () => `totals-${SEED}-${Date.now()}-${++serial}`;

describeEachDatabase('statistics from day totals (%s)', (kind) => {
  let server: TestServer;
  let manager: string;
  let customer: string;
  let taxiManager: string;
  let companyId: string;
  let userId: string;
  let taxiCompanyId: string;
  let taxiUserId: string;
  let goodsId: string;
  const rng = random(SEED);

  const companyOf = async (label: string) => {
    const id = await server.userIdOf(label);
    const [membership] = await server.database.db.select().from(memberships).where(eq(memberships.userId, id));
    return { userId: id, companyId: membership?.companyId ?? '' };
  };
  const ok = async <T>(path: string, body: Record<string, unknown>, token: string): Promise<T> => {
    const answer = await server.call<T>(path, body, token);
    if (!answer.body.success) throw new Error(`${path} ${JSON.stringify(body)}: ${JSON.stringify(answer.body)}`);
    return answer.body.result;
  };
  const finished = (taskId: string) =>
    eventually(async () => {
      const detail = await ok<{ taskStatus: number }>('task/getTaskDetail', { id: taskId }, manager);
      return detail.taskStatus === 1 || detail.taskStatus === -1 ? detail : null;
    }, 60_000);
  const lineOf = (grossFen: number, at: { rate: number | null; taxFree: string | null }) => ({
    goodsId,
    quantity: null,
    grossFen,
    rate: at.taxFree ?? at.rate,
  });

  // ---- brute force (support/statistics-recount.ts): the statistics recomputed from the rows, the way the calls
  // computed them before there were totals
  const invoiceRows = (company: string) => recountInvoiceRows(server.database.raw, company);
  const moneyRows = (company: string) => recountMoneyRows(server.database.raw, company);

  // ---- rows at chosen instants, written as the server writes them: the row, then its totals in the same transaction

  let number = 0;
  async function issuedInvoiceAt(
    owner: { companyId: string; userId: string },
    invoiceKind: 'blue' | 'red',
    issuedAt: Date | null,
    lines: { grossFen: number; at: (typeof RATES)[number] }[],
  ) {
    const split = lines.map(({ grossFen, at }) => {
      const netFen = at.rate ? Math.round((grossFen * 1000) / (1000 + at.rate)) : grossFen;
      return { grossFen, netFen, taxFen: grossFen - netFen, ...at };
    });
    const total = (field: 'grossFen' | 'netFen' | 'taxFen') => split.reduce((sum, line) => sum + line[field], 0);
    await server.database.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(invoices)
        .values({
          companyId: owner.companyId,
          createdBy: owner.userId,
          kind: invoiceKind,
          type: '数电普票',
          status: issuedAt ? '已开具' : '开具失败',
          number: issuedAt ? `8${String(SEED % 1000).padStart(3, '0')}${String(++number).padStart(16, '0')}` : null,
          issuedAt,
          buyer: BUYER,
          seller: BUYER,
          netFen: total('netFen'),
          taxFen: total('taxFen'),
          grossFen: total('grossFen'),
          createdAt: issuedAt ?? new Date(),
        })
        .returning({ id: invoices.id });
      const id = row!.id;
      for (const [index, line] of split.entries()) {
        await tx.execute(
          sql`insert into invoice_lines (invoice_id, line_no, goods_name, tax_short_name, tax_code, net_fen, tax_fen, gross_fen, rate_permille, tax_free)
            values (${id}::uuid, ${index + 1}, '咨询服务', '现代服务', '3040000000000000000', ${line.netFen}, ${line.taxFen}, ${line.grossFen}, ${line.rate}, ${line.taxFree})`,
        );
      }
      if (issuedAt)
        await addIssuedInvoiceToTotals(tx, { id, companyId: owner.companyId, kind: invoiceKind, grossFen: total('grossFen') }, issuedAt);
    });
  }

  let orderNumber = 0;
  async function paidOrderAt(
    owner: { companyId: string; userId: string },
    channel: 'wechat' | 'alipay' | 'demo',
    amountFen: number,
    paidAt: Date | null,
  ) {
    await server.database.db.transaction(async (tx) => {
      await tx.execute(
        sql`insert into cash_orders (order_no, company_id, payer_id, amount_fen, channel, state, paid_at, created_at)
          values (${`R${SEED}${String(++orderNumber).padStart(8, '0')}`}, ${owner.companyId}::uuid, ${owner.userId}::uuid, ${amountFen}, ${channel}, ${paidAt ? '已支付' : '待支付'}, ${paidAt?.toISOString() ?? null}::timestamptz, ${(paidAt ?? new Date()).toISOString()}::timestamptz)`,
      );
      if (paidAt) await addToMonthTotals(tx, owner.companyId, paidAt, channel, { incomeFen: amountFen, incomeCount: 1 });
    });
  }

  async function withdrawalAt(
    owner: { companyId: string; userId: string },
    amountFen: number,
    createdAt: Date,
    state: '审核中' | '已到账' | '失败',
  ) {
    await server.database.db.transaction(async (tx) => {
      await tx.execute(
        sql`insert into withdrawals (company_id, requested_by, amount_fen, fee_fen, state, account, request_serial, created_at)
          values (${owner.companyId}::uuid, ${owner.userId}::uuid, ${amountFen}, 100, ${state}, '中国工商银行（尾号2345）', ${nextSerial()}, ${createdAt.toISOString()}::timestamptz)`,
      );
      // Asked for: an expense of its day; failed (later, in its own transaction on the server): no longer one.
      await addToMonthTotals(tx, owner.companyId, createdAt, 'bank', { expenseFen: amountFen + 100 });
      if (state === '失败') await addToMonthTotals(tx, owner.companyId, createdAt, 'bank', { expenseFen: -(amountFen + 100) });
    });
  }

  beforeAll(async () => {
    server = await createTestServer(kind, { money: { settlementDelayMs: 0, payoutSimDelayMs: 20 } });
    manager = await server.tokenFor('企业管理员');
    customer = await server.tokenFor('普通用户');
    taxiManager = await server.tokenFor('出租车管理员');
    ({ companyId, userId } = await companyOf('企业管理员'));
    ({ companyId: taxiCompanyId, userId: taxiUserId } = await companyOf('出租车管理员'));
    await server.database.db
      .update(taxAccounts)
      .set({ expirationTime: new Date(Date.now() + 3600_000), scanFaceTime: new Date() })
      .where(eq(taxAccounts.companyId, companyId));
    const [item] = await server.database.db
      .select()
      .from(goods)
      .where(and(eq(goods.companyId, companyId), eq(goods.name, '软件技术服务')));
    goodsId = item!.id;
  });
  afterAll(async () => server?.close());

  test(`after a random history (seed ${SEED}), every statistic equals a brute-force recomputation from the rows`, async () => {
    // Through the API, now: blue invoices of random lines, red reversals of some (part or whole), paid orders, and
    // withdrawals that arrive or fail.
    const blues: { invoiceId: string; lines: number }[] = [];
    for (let i = 0; i < 5; i++) {
      const lines = Array.from({ length: rng.int(1, 3) }, () => lineOf(rng.int(100, 50_000), rng.pick(RATES)));
      const created = await ok<{ taskId: string; invoiceId: string }>(
        'task/createBlueInvoiceTask',
        { requestSerial: nextSerial(), type: '数电普票', buyer: BUYER, lines, remarks: '', deliverPhone: '', deliverEmail: '' },
        manager,
      );
      expect((await finished(created.taskId)).taskStatus).toBe(1);
      blues.push({ invoiceId: created.invoiceId, lines: lines.length });
    }
    for (const blue of blues.slice(0, 3)) {
      const whole = rng.next() < 0.5;
      const body = whole ? { reason: '01' } : { reason: '04', lines: [{ lineNo: rng.int(1, blue.lines), grossFen: rng.int(1, 50) }] };
      const red = await ok<{ taskId: string }>(
        'task/createRedInvoiceTask',
        { requestSerial: nextSerial(), blueInvoiceId: blue.invoiceId, ...body },
        manager,
      );
      expect((await finished(red.taskId)).taskStatus).toBe(1);
    }
    for (let i = 0; i < 6; i++) await ok('cash/createOrder', { code: SHOP, amountFen: rng.int(10_000, 90_000), channel: 'demo' }, customer);
    const withdrawn: string[] = [];
    for (const fault of ['none', 'fail', 'none'] as const) {
      await server.app.inject({
        method: 'POST',
        url: '/etax-sim/payout-fault',
        payload: { mode: fault, ...(fault === 'fail' && { reason: '收款账户已销户' }) },
      });
      const withdrawal = await ok<{ id: string }>(
        'wallet/withdraw',
        { amountFen: rng.int(1_000, 9_000), requestSerial: nextSerial() },
        manager,
      );
      withdrawn.push(withdrawal.id);
      await eventually(
        async () => (await server.database.raw(`select state from withdrawals where id = $1`, [withdrawal.id]))[0]?.state !== '审核中',
        20_000,
      );
    }
    await server.app.inject({ method: 'POST', url: '/etax-sim/payout-fault', payload: { mode: 'none' } });
    expect(
      (await server.database.raw(`select state from withdrawals where id = any($1::uuid[]) order by created_at`, [withdrawn])).map(
        (row) => row.state,
      ),
    ).toEqual(['已到账', '失败', '已到账']);

    // At random instants of 26 months (a third of them within minutes of a China midnight), for two companies.
    const now = Date.now();
    const instant = () => {
      const at = now - rng.int(0, 790) * 86_400_000;
      if (rng.next() < 0.34) {
        const midnight = Date.parse(`${chinaDate(new Date(at))}T00:00:00+08:00`);
        return new Date(midnight + rng.int(-120, 120) * 1000);
      }
      return new Date(at - rng.int(0, 86_399) * 1000);
    };
    const mine = { companyId, userId };
    const taxi = { companyId: taxiCompanyId, userId: taxiUserId };
    for (let i = 0; i < 160; i++) {
      const owner = rng.next() < 0.75 ? mine : taxi;
      const red = rng.next() < 0.2;
      const lines = Array.from({ length: rng.int(1, 3) }, () => ({ grossFen: (red ? -1 : 1) * rng.int(1, 200_000), at: rng.pick(RATES) }));
      await issuedInvoiceAt(owner, red ? 'red' : 'blue', rng.next() < 0.1 ? null : instant(), lines);
    }
    for (let i = 0; i < 160; i++) {
      const owner = rng.next() < 0.75 ? mine : taxi;
      await paidOrderAt(owner, rng.pick(['wechat', 'alipay', 'demo'] as const), rng.int(1, 500_000), rng.next() < 0.1 ? null : instant());
    }
    for (let i = 0; i < 40; i++) {
      const owner = rng.next() < 0.75 ? mine : taxi;
      await withdrawalAt(owner, rng.int(1_000, 100_000), instant(), rng.pick(['审核中', '已到账', '已到账', '失败'] as const));
    }

    // Ranges: every month of the history by day, random day ranges, random month ranges (partial first and last
    // months), the longest ones; for both companies, against their rows.
    const today = day(new Date());
    const ranges: { from: string; to: string; by: 'day' | 'month' }[] = [
      { from: addDays(today, -30), to: today, by: 'day' },
      { from: addMonths(today, -23), to: lastOfMonth(today), by: 'month' },
      { from: addMonths(today, -25), to: lastOfMonth(addMonths(today, -2)), by: 'month' },
    ];
    // By month, each way a range's ends can fall: whole first and last months, either partial, both partial, one month.
    const monthStart = (back: number) => `${addMonths(today, -back).slice(0, 7)}-01`;
    ranges.push(
      { from: monthStart(5), to: addDays(monthStart(2), 10), by: 'month' },
      { from: addDays(monthStart(8), 12), to: lastOfMonth(monthStart(3)), by: 'month' },
      { from: monthStart(4), to: lastOfMonth(monthStart(4)), by: 'month' },
      { from: addDays(monthStart(4), 3), to: addDays(monthStart(4), 20), by: 'month' },
      { from: addDays(monthStart(7), 20), to: addDays(monthStart(6), 5), by: 'month' },
      { from: monthStart(11), to: lastOfMonth(monthStart(10)), by: 'month' },
      { from: lastOfMonth(monthStart(13)), to: monthStart(12), by: 'month' },
    );
    for (let back = 0; back <= 26; back++) {
      const first = `${addMonths(today, -back).slice(0, 7)}-01`;
      ranges.push({ from: first, to: lastOfMonth(first), by: 'day' });
    }
    for (let i = 0; i < 15; i++) {
      const from = addDays(today, -rng.int(0, 800));
      ranges.push({ from, to: addDays(from, rng.int(0, 30)), by: 'day' });
      const start = rng.next() < 0.3 ? monthStart(rng.int(0, 26)) : addDays(today, -rng.int(0, 800));
      const last = addMonths(start, rng.int(0, 23));
      const end = rng.next() < 0.3 ? lastOfMonth(last) : addDays(`${last.slice(0, 7)}-01`, rng.int(0, 27));
      // biome-ignore lint/complexity/useMathMinMax: the days are ISO date strings, which Math.max would turn into NaN
      ranges.push({ from: start, to: end < start ? start : end, by: 'month' });
    }
    for (const [owner, token] of [
      [companyId, manager],
      [taxiCompanyId, taxiManager],
    ] as const) {
      const [invoiceHistory, moneyHistory] = [await invoiceRows(owner), await moneyRows(owner)];
      for (const range of ranges) {
        expect(
          await ok<InvoiceStatistics>('statistics/invoice', range, token),
          `statistics/invoice ${JSON.stringify(range)} (seed ${SEED})`,
        ).toEqual(expectedInvoiceStatistics(invoiceHistory, range.from, range.to, range.by));
        expect(
          await ok<IncomeStatistics>('statistics/income', range, token),
          `statistics/income ${JSON.stringify(range)} (seed ${SEED})`,
        ).toEqual(expectedIncomeStatistics(moneyHistory, range.from, range.to, range.by));
      }
      // The API's activity is today's (or, just after a China midnight, yesterday's too).
      if (owner === companyId) {
        const recent = await ok<IncomeStatistics>('statistics/income', { from: addDays(today, -1), to: today, by: 'day' }, token);
        expect(recent.byChannel.find((row) => row.channel === 'demo')?.count).toBeGreaterThanOrEqual(6);
      }
    }

    // The migration's backfill of these rows gives what the server maintained (money rows of zeros aside: a failed
    // withdrawal leaves its day's row at zero, the backfill writes none).
    const tables = {
      invoice_day_totals: 'company_id, day, kind, count, gross_fen',
      invoice_day_rate_totals: 'company_id, day, rate_permille, tax_free, net_fen, tax_fen, gross_fen',
      invoice_month_rate_totals: 'company_id, month, rate_permille, tax_free, net_fen, tax_fen, gross_fen',
      money_day_totals: 'company_id, day, channel, income_fen, income_count, expense_fen',
    };
    const snapshot = async () =>
      Object.fromEntries(
        await Promise.all(
          Object.entries(tables).map(async ([table, columns]) => {
            const rows = await server.database.raw(`select ${columns} from ${table} order by ${columns}`);
            const kept =
              table === 'money_day_totals'
                ? rows.filter((row) => Number(row.income_fen) !== 0 || Number(row.income_count) !== 0 || Number(row.expense_fen) !== 0)
                : rows;
            return [table, kept.map((row) => Object.values(row).map(String).join(' '))] as const;
          }),
        ),
      );
    const maintained = await snapshot();
    expect(maintained.invoice_day_totals?.length).toBeGreaterThan(100);
    const migration = await readFile(join(import.meta.dirname, '../drizzle/0007_day_totals.sql'), 'utf8');
    const backfill = migration
      .split('--> statement-breakpoint')
      .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
      .filter((statement) => /^INSERT INTO/.test(statement));
    expect(backfill).toHaveLength(4);
    for (const table of Object.keys(tables)) await server.database.raw(`delete from ${table}`);
    for (const statement of backfill) await server.database.raw(statement);
    expect(await snapshot()).toEqual(maintained);
  }, 240_000);

  test('issuing and red reversal at the same moment: the day totals stay exact', async () => {
    const recount = () => recountInvoiceTotals(server.database.raw, companyId);
    const stored = () => storedInvoiceTotals(server.database.raw, companyId);
    const same = sameRows;

    // Blue invoices to reverse, issued first; each line at another rate, in another order.
    const first = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        ok<{ taskId: string; invoiceId: string }>(
          'task/createBlueInvoiceTask',
          {
            requestSerial: nextSerial(),
            type: '数电普票',
            buyer: BUYER,
            lines: [lineOf(30_000 + i, RATES[i % 3]!), lineOf(20_000 + i, RATES[(i + 1) % 3]!), lineOf(10_000, RATES[4]!)],
            remarks: '',
            deliverPhone: '',
            deliverEmail: '',
          },
          manager,
        ),
      ),
    );
    for (const created of first) expect((await finished(created.taskId)).taskStatus).toBe(1);
    const before = await ok<InvoiceStatistics>(
      'statistics/invoice',
      { from: day(new Date(Date.now() - 86_400_000)), to: day(new Date(Date.now() + 86_400_000)), by: 'day' },
      manager,
    );

    // At once: 8 blue invoices (lines at the same rates, in differing orders), and two partial reds of each blue above.
    const blueAnswers = Array.from({ length: 8 }, (_, i) =>
      ok<{ taskId: string }>(
        'task/createBlueInvoiceTask',
        {
          requestSerial: nextSerial(),
          type: '数电普票',
          buyer: BUYER,
          lines: (i % 2 ? [0, 1, 2] : [2, 1, 0]).map((at) => lineOf(1_000 + i, RATES[at]!)),
          remarks: '',
          deliverPhone: '',
          deliverEmail: '',
        },
        manager,
      ),
    );
    const redAnswers = first.flatMap((created, i) =>
      [1, 2].map((lineNo) =>
        ok<{ taskId: string }>(
          'task/createRedInvoiceTask',
          { requestSerial: nextSerial(), blueInvoiceId: created.invoiceId, reason: '04', lines: [{ lineNo, grossFen: 100 + i }] },
          manager,
        ),
      ),
    );
    const tasks = await Promise.all([...blueAnswers, ...redAnswers]);
    const outcomes = await Promise.all(tasks.map((task) => finished(task.taskId)));
    expect(outcomes.map((task) => task.taskStatus)).toEqual(Array(tasks.length).fill(1));

    const exact = async () => {
      const [kept, counted] = [await stored(), await recount()];
      for (const table of INVOICE_TOTALS_TABLES) expect(same(kept[table]), table).toEqual(same(counted[table]));
      return kept;
    };
    await exact();
    const after = await ok<InvoiceStatistics>(
      'statistics/invoice',
      { from: day(new Date(Date.now() - 86_400_000)), to: day(new Date(Date.now() + 86_400_000)), by: 'day' },
      manager,
    );
    const added = (field: keyof InvoiceStatistics['totals']) => after.totals[field] - before.totals[field];
    expect([added('blueCount'), added('blueFen'), added('redCount'), added('redFen')]).toEqual([
      8,
      3 * (8 * 1_000 + 28),
      8,
      -2 * (4 * 100 + 6),
    ]);

    // 40 invoices (开具中, lines at three rates in differing orders) each recorded as issued twice at once, as the
    // issuing step records one (compare-and-set on issued_at, then the totals), on one China day: each counted once.
    // A day the random history never reaches (it goes back 790 days).
    const issuedAt = new Date(Date.parse(`${day(new Date())}T00:00:00+08:00`) - 86_400_000 * 900 + 3_600_000);
    const pending: { id: string; kind: 'blue' | 'red'; grossFen: number; number: string }[] = [];
    for (let i = 0; i < 40; i++) {
      const invoiceKind = i % 4 === 0 ? 'red' : 'blue';
      const sign = invoiceKind === 'red' ? -1 : 1;
      const order = i % 2 ? [0, 1, 2, 4] : [4, 2, 1, 0];
      const [row] = await server.database.db
        .insert(invoices)
        .values({
          companyId,
          createdBy: userId,
          kind: invoiceKind,
          type: '数电普票',
          status: '开具中',
          buyer: BUYER,
          seller: BUYER,
          netFen: 0,
          taxFen: 0,
          grossFen: sign * order.length * (500 + i),
        })
        .returning({ id: invoices.id, grossFen: invoices.grossFen });
      for (const [index, at] of order.entries()) {
        await server.database.raw(
          `insert into invoice_lines (invoice_id, line_no, goods_name, tax_short_name, tax_code, net_fen, tax_fen, gross_fen, rate_permille, tax_free) values ($1, $2, '咨询服务', '现代服务', '3040000000000000000', $3, 0, $3, $4, $5)`,
          [row!.id, index + 1, sign * (500 + i), RATES[at]!.rate, RATES[at]!.taxFree],
        );
      }
      pending.push({
        id: row!.id,
        kind: invoiceKind,
        grossFen: row!.grossFen,
        number: `7${String(SEED % 1000).padStart(3, '0')}${String(++number).padStart(16, '0')}`,
      });
    }
    const record = (invoice: (typeof pending)[number]) =>
      server.database.db.transaction(async (tx) => {
        const [recorded] = await tx
          .update(invoices)
          .set({ status: '已开具', issuedAt, number: invoice.number })
          .where(and(eq(invoices.id, invoice.id), isNull(invoices.issuedAt)))
          .returning({ id: invoices.id });
        if (recorded)
          await addIssuedInvoiceToTotals(tx, { id: invoice.id, companyId, kind: invoice.kind, grossFen: invoice.grossFen }, issuedAt);
        return Boolean(recorded);
      });
    const recorded = await Promise.all([...pending, ...pending].map(record));
    expect(recorded.filter(Boolean)).toHaveLength(40);
    const { kinds, months } = await exact();
    const thatDay = kinds.filter((row) => Number(row.day) === chinaDayNumber(issuedAt));
    expect(thatDay.map((row) => [row.kind, Number(row.count)])).toEqual([
      ['blue', 30],
      ['red', 10],
    ]);
    expect(months.some((row) => Number(row.month) === chinaMonthNumber(issuedAt))).toBe(true);
    const stats = await ok<InvoiceStatistics>('statistics/invoice', { from: day(issuedAt), to: day(issuedAt), by: 'day' }, manager);
    expect(stats.totals.blueCount).toBe(30);
    expect(stats.totals.redCount).toBe(10);
  }, 240_000);
});
