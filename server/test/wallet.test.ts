/**
 * The wallet, 收支 and income statistics: settlement after the delay, 20 withdrawals at once never overdraw (PGlite and
 * PostgreSQL), a failed payout gives amount and fee back, permissions (1003) and other companies' ids (1004).
 */
import { afterAll, beforeAll, expect, test } from '@rstest/core';
import { eq } from 'drizzle-orm';
import { settleCompany } from '../src/cash/settlement';
import { companies } from '../src/db/schema/companies';
import { expectRefused } from './support/call-kit';
import { createTestServer, eventually, TEST_WORKER, type TestServer } from './support/test-server';
import { describeEachDatabase } from './support/database-suites';
import { WritesByCall } from './support/writes-by-call';

interface Wallet {
  availableFen: number;
  frozenFen: number;
  account: string | null;
  recent: { kind: string; amountFen: number }[];
}
/** T+1: the tests bring the settlement day rather than wait for it, so that the machine's speed decides nothing. */
const SETTLEMENT_DELAY_MS = 86_400_000;

interface WithdrawalView {
  id: string;
  state: string;
  amountFen: number;
  feeFen: number;
  failReason: string | null;
}

describeEachDatabase('wallet (%s)', (kind) => {
  let server: TestServer;
  let manager: string;
  let cashier: string;
  let employee: string;
  let customer: string;
  let taxi: string;
  const writes = new WritesByCall();

  const pay = async (amountFen: number) => {
    const answer = await server.call<{ orderNo: string }>('cash/createOrder', { code: 'YST0001', amountFen, channel: 'demo' }, customer);
    expect(answer.body.success).toBe(true);
    return answer.body.result.orderNo;
  };
  const wallet = async () => (await server.call<Wallet>('wallet/get', {}, manager)).body.result;
  /** The settlement day comes: what was paid until now is settled, as the wallet's read does once it is due. */
  const settlementDay = async () => {
    const [company] = await server.database.db.select({ id: companies.id }).from(companies).where(eq(companies.code, 'YST0001'));
    await settleCompany(server.database.db, company!.id, 0);
  };
  const ledgerIsSound = async () => {
    const unbalanced = await server.database.raw(
      'select transaction_id from ledger_entries group by transaction_id having sum(amount) <> 0',
    );
    expect(unbalanced).toEqual([]);
    const drift = await server.database.raw(
      'select a.id from ledger_accounts a left join ledger_entries e on e.account_id = a.id group by a.id, a.balance having a.balance <> coalesce(sum(e.amount), 0)',
    );
    expect(drift).toEqual([]);
    const negative = await server.database.raw('select id from ledger_accounts where company_id is not null and balance < 0');
    expect(negative).toEqual([]);
  };

  beforeAll(async () => {
    // A payout step that gives up before the bank decides is retried soon after, not a second later.
    server = await createTestServer(
      kind,
      {
        money: { settlementDelayMs: SETTLEMENT_DELAY_MS, payoutSimDelayMs: 2_000 },
        worker: { ...TEST_WORKER, retryBaseMs: 200 },
      },
      { logQuery: writes.logQuery },
    );
    manager = await server.tokenFor('企业管理员');
    cashier = await server.tokenFor('线下收款管理员');
    employee = await server.tokenFor('企业员工');
    customer = await server.tokenFor('普通用户');
    taxi = await server.tokenFor('出租车管理员');
  });
  afterAll(async () => server?.close());

  test('income is frozen, then available once the settlement delay has passed', async () => {
    await pay(10_000);
    await pay(5_000);
    const first = await wallet();
    expect(first).toMatchObject({
      frozenFen: 15_000,
      availableFen: 0,
      account: '中国工商银行杭州文三路支行（尾号2345）',
      feeRatePermille: 1,
      feeMinFen: 100,
    });
    await settlementDay();
    const settled = await wallet();
    expect(settled.availableFen).toBe(15_000);
    expect(settled.frozenFen).toBe(0);
    expect(settled.recent.map((entry) => entry.kind)).toContain('结算');
    // A settlement is one movement from 冻结 to 可提现, not a line of money leaving and one arriving.
    const entries = await server.call<{ total: number; list: { kind: string; balance: string; amountFen: number }[] }>(
      'wallet/entries',
      {},
      cashier,
    );
    expect(entries.body.result.total).toBe(4);
    expect(entries.body.result.list.map((entry) => [entry.kind, entry.balance, entry.amountFen])).toEqual([
      ['结算', 'frozenToAvailable', 5_000],
      ['结算', 'frozenToAvailable', 10_000],
      ['收款', 'frozen', 5_000],
      ['收款', 'frozen', 10_000],
    ]);
    expect(settled.recent.filter((entry) => entry.kind === '结算')).toHaveLength(2);
    // The balances are still the entries' sums, to the fen.
    const sumOf = (balance: 'frozen' | 'available') =>
      entries.body.result.list.reduce(
        (sum, entry) =>
          sum +
          (entry.balance === balance
            ? entry.amountFen
            : entry.balance === 'frozenToAvailable'
              ? balance === 'frozen'
                ? -entry.amountFen
                : entry.amountFen
              : 0),
        0,
      );
    expect([sumOf('frozen'), sumOf('available')]).toEqual([settled.frozenFen, settled.availableFen]);
    await ledgerIsSound();
  });

  test('withdrawPreview: 1‰ rounded up, at least ¥1', async () => {
    expect((await server.call('wallet/withdrawPreview', { amountFen: 5_000 }, manager)).body.result).toEqual({
      amountFen: 5_000,
      feeFen: 100,
      arriveFen: 5_000,
    });
    expect((await server.call('wallet/withdrawPreview', { amountFen: 1_000_001 }, manager)).body.result).toEqual({
      amountFen: 1_000_001,
      feeFen: 1001,
      arriveFen: 1_000_001,
    });
    expectRefused(await server.call('wallet/withdrawPreview', { amountFen: 0 }, manager), 400, '提现金额(amountFen)');
  });

  test('20 withdrawals at once never overdraw; the rest are told 提现金额超过可提现余额', async () => {
    // Available 15,000: each asks 2,900 + 100 fee, so exactly five fit.
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        server.call<WithdrawalView>(
          'wallet/withdraw',
          { amountFen: 2_900, requestSerial: `parallel-${kind}-${i}` },
          i % 2 ? manager : cashier,
        ),
      ),
    );
    const accepted = answers.filter((answer) => answer.body.success);
    expect(accepted).toHaveLength(5);
    for (const refused of answers.filter((answer) => !answer.body.success)) expectRefused(refused, 400, '提现金额超过可提现余额');
    expect((await wallet()).availableFen).toBe(0);
    await ledgerIsSound();
    // The payouts arrive.
    await eventually(async () => {
      const list = await server.call<{ list: WithdrawalView[] }>('wallet/withdrawals', {}, manager);
      return list.body.result.list.length === 5 && list.body.result.list.every((row) => row.state === '已到账');
    });
    await ledgerIsSound();
    const fee = await server.database.raw(`select balance from ledger_accounts where company_id is null and kind = 'fee_income'`);
    expect(Number(fee[0]?.balance)).toBe(500);
  });

  test('a failed payout gives amount and fee back; a request serial answers once', async () => {
    await pay(20_000);
    await settlementDay();
    expect((await wallet()).availableFen).toBe(20_000);
    await server.app.inject({ method: 'POST', url: '/etax-sim/payout-fault', payload: { mode: 'fail', reason: '收款账户已销户' } });
    try {
      const first = await server.call<WithdrawalView>('wallet/withdraw', { amountFen: 10_000, requestSerial: `failing-${kind}` }, manager);
      expect(first.body.result).toMatchObject({ state: '审核中', amountFen: 10_000, feeFen: 100 });
      const again = await server.call<WithdrawalView>('wallet/withdraw', { amountFen: 10_000, requestSerial: `failing-${kind}` }, manager);
      expect(again.body.result.id).toBe(first.body.result.id);
      expect((await wallet()).availableFen).toBe(9_900);
      const failed = await eventually(async () => {
        const list = await server.call<{ list: WithdrawalView[] }>('wallet/withdrawals', {}, manager);
        return list.body.result.list.find((row) => row.id === first.body.result.id && row.state === '失败');
      });
      expect(failed.failReason).toBe('收款账户已销户');
      expect((await wallet()).availableFen).toBe(20_000);
      expect((await wallet()).recent[0]).toMatchObject({ kind: '提现退回', amountFen: 10_100 });
      // A failed withdrawal is not an expense.
      const expenses = await server.call<{ list: { id: string }[] }>('payment/list', { type: 'expense' }, manager);
      expect(expenses.body.result.list.map((row) => row.id)).not.toContain(first.body.result.id);
    } finally {
      await server.app.inject({ method: 'POST', url: '/etax-sim/payout-fault', payload: { mode: 'none' } });
    }
    await ledgerIsSound();
  });

  test('no bound account: 2005; an employee without benefit_payment: 1003', async () => {
    expectRefused(await server.call('wallet/get', {}, employee), 403, '您没有此操作的权限', 1003);
    expectRefused(await server.call('wallet/withdraw', { amountFen: 100, requestSerial: 'employee-0001' }, employee), 403, undefined, 1003);
    expectRefused(await server.call('payment/list', {}, employee), 403, undefined, 1003);
    const db = server.database.db;
    const [company] = await db.select().from(companies).where(eq(companies.code, 'YST0001'));
    await db.update(companies).set({ bankAccount: '' }).where(eq(companies.id, company!.id));
    try {
      const token = await server.tokenFor('企业管理员');
      expectRefused(
        await server.call('wallet/withdraw', { amountFen: 100, requestSerial: `unbound-${kind}` }, token),
        409,
        '请先绑定提现账户',
        2005,
      );
    } finally {
      await db.update(companies).set({ bankAccount: company!.bankAccount }).where(eq(companies.id, company!.id));
    }
  });

  test('payment/list: income and expenses of the month newest first with totals; payment/get and other companies (1004)', async () => {
    const list = await server.call<{
      total: number;
      incomeFen: number;
      expenseFen: number;
      list: { id: string; type: string; amountFen: number; at: string; invoiceState: string | null }[];
    }>('payment/list', {}, cashier);
    expect(list.body.success).toBe(true);
    const result = list.body.result;
    expect(result.incomeFen).toBe(35_000);
    expect(result.expenseFen).toBe(15_000);
    expect(result.total).toBe(3 + 5);
    const times = result.list.map((row) => row.at);
    expect([...times].sort().reverse()).toEqual(times);
    const income = result.list.find((row) => row.type === 'income')!;
    expect(income.invoiceState).toBe('未开票');
    expect((await server.call('payment/get', { id: income.id }, manager)).body.result).toEqual(income);
    expectRefused(await server.call('payment/get', { id: income.id }, taxi), 403, undefined, 1004);
    const expense = result.list.find((row) => row.type === 'expense')!;
    expectRefused(await server.call('payment/get', { id: expense.id }, taxi), 403, undefined, 1004);
    expect((await server.call<{ list: unknown[] }>('payment/list', { channel: 'wechat' }, cashier)).body.result.list).toEqual([]);
    expect(
      (
        await server.call<{ list: { type: string }[] }>('payment/list', { type: 'income', channel: 'demo' }, cashier)
      ).body.result.list.every((row) => row.type === 'income'),
    ).toBe(true);
    expect(
      (await server.call<{ list: unknown[]; incomeFen: number }>('payment/list', { month: '2020-01' }, cashier)).body.result,
    ).toMatchObject({ list: [], incomeFen: 0, total: 0 });
  });

  test('statistics/income: by day with zeros and by channel; range limits answer 4000 on to', async () => {
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const from = new Date(Date.now() + 8 * 3600_000 - 2 * 86_400_000).toISOString().slice(0, 10);
    const stats = await server.call<{
      totals: { incomeFen: number; count: number; expenseFen: number };
      series: { key: string; incomeFen: number }[];
      byChannel: unknown[];
    }>('statistics/income', { from, to: today, by: 'day' }, manager);
    expect(stats.body.result.totals).toEqual({ incomeFen: 35_000, count: 3, expenseFen: 15_000 });
    expect(stats.body.result.series.map((point) => point.key)).toEqual([
      from,
      new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10),
      today,
    ]);
    expect(stats.body.result.series.at(-1)?.incomeFen).toBe(35_000);
    expect(stats.body.result.byChannel).toEqual([{ channel: 'demo', incomeFen: 35_000, count: 3 }]);
    const byMonth = await server.call<{ series: unknown[] }>(
      'statistics/income',
      { from: '2025-01-01', to: '2026-12-31', by: 'month' },
      manager,
    );
    expect(byMonth.body.result.series).toHaveLength(24);
    expectRefused(
      await server.call('statistics/income', { from: '2026-01-01', to: '2026-02-01', by: 'day' }, manager),
      400,
      '按日统计最多 31 天',
    );
    expectRefused(
      await server.call('statistics/income', { from: '2024-01-01', to: '2026-01-01', by: 'month' }, manager),
      400,
      '按月统计最多 24 个月',
    );
    expectRefused(
      await server.call('statistics/income', { from: '2026-02-01', to: '2026-01-01', by: 'day' }, manager),
      400,
      '结束日期不能早于开始日期',
    );
    expectRefused(await server.call('statistics/income', { from, to: today, by: 'day' }, employee), 403, undefined, 1003);
  });
  test('after the service expires the merchant still reads the wallet and withdraws what is available; new payments are refused', async () => {
    const db = server.database.db;
    const [company] = await db.select().from(companies).where(eq(companies.code, 'YST0001'));
    const before = await wallet();
    expect(before.availableFen).toBeGreaterThan(300);
    await db
      .update(companies)
      .set({ serviceExpiresAt: new Date('2020-01-01T00:00:00Z') })
      .where(eq(companies.id, company!.id));
    try {
      expect((await server.call<Wallet>('wallet/get', {}, cashier)).body.result.availableFen).toBe(before.availableFen);
      expect((await server.call<{ total: number }>('wallet/entries', {}, manager)).body.success).toBe(true);
      expect((await server.call('wallet/withdrawPreview', { amountFen: 200 }, manager)).body.success).toBe(true);
      const taken = await server.call<WithdrawalView>('wallet/withdraw', { amountFen: 200, requestSerial: `expired-${kind}` }, manager);
      expect(taken.body).toMatchObject({ success: true, result: { amountFen: 200, feeFen: 100 } });
      expect((await wallet()).availableFen).toBe(before.availableFen - 300);
      expect(
        (await server.call<{ list: WithdrawalView[] }>('wallet/withdrawals', {}, manager)).body.result.list.map((row) => row.id),
      ).toContain(taken.body.result.id);
      // Taking new payments stays closed, and so does the rest of the company's work.
      expectRefused(
        await server.call('cash/createOrder', { code: 'YST0001', amountFen: 1_000, channel: 'demo' }, customer),
        409,
        undefined,
        2005,
      );
      expectRefused(await server.call('payment/list', {}, manager), 403, undefined, 2003);
    } finally {
      await db.update(companies).set({ serviceExpiresAt: company!.serviceExpiresAt }).where(eq(companies.id, company!.id));
    }
    await ledgerIsSound();
  });

  test('a wallet read with nothing due writes and locks nothing; an order once due is settled once by two reads at once', async () => {
    const before = await wallet();
    const orderNo = await pay(7_000);
    const quiet = await writes.during('wallet/get nothing due', () => server.call<Wallet>('wallet/get', {}, manager));
    expect(quiet.body.result).toMatchObject({ frozenFen: before.frozenFen + 7_000, availableFen: before.availableFen });
    expect(writes.statementsOf('wallet/get nothing due')).toBeGreaterThan(0);
    expect(writes.writesOf('wallet/get nothing due')).toEqual([]);
    // The settlement day of that order comes; two reads of the wallet arrive together.
    await server.database.raw(`update cash_orders set paid_at = paid_at - interval '2 days' where order_no = $1`, [orderNo]);
    await Promise.all(
      [manager, cashier].map((token, i) => writes.during(`wallet/get due ${i}`, () => server.call<Wallet>('wallet/get', {}, token))),
    );
    // The one that settled took the rows' lock and claimed the order.
    expect([0, 1].flatMap((i) => writes.writesOf(`wallet/get due ${i}`)).some((statement) => /for update/i.test(statement))).toBe(true);
    expect(await wallet()).toMatchObject({ frozenFen: before.frozenFen, availableFen: before.availableFen + 7_000 });
    const posted = await server.database.raw(
      `select t.id, count(e.id)::int as entries, sum(e.amount)::int as net from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
        where t.idempotency_key = $1 group by t.id`,
      [`settle:${orderNo}`],
    );
    expect(posted.map((row) => [row.entries, row.net])).toEqual([[2, 0]]);
    await ledgerIsSound();
  });
});
