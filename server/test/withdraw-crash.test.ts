/**
 * Withdrawals lose and duplicate nothing, on PGlite and PostgreSQL:
 * - a slow bank: a payout step that times out while the payout simulator is still processing, and a task then past
 *   its deadline and attempts, waits for the bank — the withdrawal ends 已到账 once the bank says paid, never refunded;
 *   a payout the bank never received is closed there before the money goes back, so a late request is refused;
 * - kill -9: real server processes (support/server-process.ts) killed while payouts are in flight, restarted on the
 *   same database (the PGlite data folder reopened, or PostgreSQL), twice — once with the bank paying, once with it
 *   refusing: every withdrawal ends 已到账 (paid once by the bank, one paid posting) or 失败 (one refund, never paid),
 *   each transaction sums to zero, every balance is the sum of its entries, no merchant balance is negative, and
 *   available + withdrawing + paid out + fees is what came in.
 * Every wait polls a condition (the API or the database) with a generous limit; nothing waits a fixed time.
 */
import { afterAll, afterEach, beforeAll, expect, test } from '@rstest/core';
import { eq, sql } from 'drizzle-orm';
import { TaskStatus } from '@app/contract/task-status';
import type { RawQuery } from '../src/db/database';
import { simPayouts, withdrawals } from '../src/db/schema/payouts';
import { tasks } from '../src/db/schema/tasks';
import { CANCELLED_REASON } from '../src/payouts/payout-simulator';
import { SETTLE_GRACE_MS } from '../src/tasks/task-worker';
import { expectLedgerSound } from './support/money-audit';
import { processDatabase, type ProcessDatabase } from './support/process-database';
import { callApi, demoSignIn, startServerProcess, type ServerProcess } from './support/server-process';
import { createTestServer, eventually, type TestServer } from './support/test-server';
import { describeEachDatabase } from './support/database-suites';

interface WithdrawalView {
  id: string;
  state: string;
  amountFen: number;
  feeFen: number;
  failReason: string | null;
}
interface TaskListView {
  list: { taskId: string; taskStatus: number; stage: string; attempts: number }[];
}

const FINAL = ['已到账', '失败'];

interface WithdrawalAudit {
  id: string;
  state: string;
  amount: number;
  fee: number;
  payoutNo: string | null;
  simState: string | null;
  simPayoutNo: string | null;
  simAmount: number | null;
  simRows: number;
  paidPostings: number;
  refunds: number;
}

/** Each withdrawal of the company beside what the bank recorded and what the ledger posted for it. */
async function auditWithdrawals(raw: RawQuery, companyId: string): Promise<WithdrawalAudit[]> {
  const rows = await raw(
    `select w.id, w.state, w.amount_fen, w.fee_fen, w.payout_no, s.state as sim_state, s.payout_no as sim_payout_no, s.amount_fen as sim_amount,
       (select count(*) from sim_payouts s2 where s2.ref = w.id::text) as sim_rows,
       (select count(*) from ledger_transactions t where t.idempotency_key = 'withdraw-paid:' || w.id::text) as paid_postings,
       (select count(*) from ledger_transactions t where t.idempotency_key = 'withdraw-refund:' || w.id::text) as refunds
     from withdrawals w left join sim_payouts s on s.ref = w.id::text where w.company_id = $1 order by w.created_at`,
    [companyId],
  );
  return rows.map((row) => ({
    id: String(row.id),
    state: String(row.state),
    amount: Number(row.amount_fen),
    fee: Number(row.fee_fen),
    payoutNo: (row.payout_no as string | null) ?? null,
    simState: (row.sim_state as string | null) ?? null,
    simPayoutNo: (row.sim_payout_no as string | null) ?? null,
    simAmount: row.sim_amount === null ? null : Number(row.sim_amount),
    simRows: Number(row.sim_rows),
    paidPostings: Number(row.paid_postings),
    refunds: Number(row.refunds),
  }));
}

/** 已到账: paid once by the bank and posted once, never refunded; 失败: refunded once, never paid by the bank. */
function expectSettledOnce(audit: WithdrawalAudit[]): void {
  for (const row of audit) {
    const what = `withdrawal ${row.id} (${row.state}, bank: ${row.simState})`;
    expect(FINAL, what).toContain(row.state);
    expect(row.simRows, what).toBeLessThanOrEqual(1);
    if (row.state === '已到账') {
      expect(
        { bank: row.simState, payoutNo: row.simPayoutNo, amount: row.simAmount, paid: row.paidPostings, refunds: row.refunds },
        what,
      ).toEqual({
        bank: 'paid',
        payoutNo: row.payoutNo,
        amount: row.amount,
        paid: 1,
        refunds: 0,
      });
    } else {
      expect(row.simState, what).not.toBe('paid');
      expect(row.simState, what).not.toBe('processing');
      expect({ paid: row.paidPostings, refunds: row.refunds }, what).toEqual({ paid: 0, refunds: 1 });
    }
  }
}

/** available + frozen + withdrawing + paid out + fees (the company's payout_clearing and fee_income entries). */
async function moneyOfCompany(
  raw: RawQuery,
  companyId: string,
): Promise<{ merchant: number; paidOut: number; fees: number; bankPaid: number }> {
  const [merchant] = await raw('select coalesce(sum(balance), 0) as total from ledger_accounts where company_id = $1', [companyId]);
  const system = await raw(
    `select e.account_kind, coalesce(sum(e.amount), 0) as total from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
     where t.company_id = $1 and e.account_kind in ('payout_clearing', 'fee_income') group by e.account_kind`,
    [companyId],
  );
  const [bank] = await raw(
    `select coalesce(sum(s.amount_fen), 0) as total from sim_payouts s join withdrawals w on s.ref = w.id::text where w.company_id = $1 and s.state = 'paid'`,
    [companyId],
  );
  const of = (kind: string) => Number(system.find((row) => row.account_kind === kind)?.total ?? 0);
  return { merchant: Number(merchant?.total), paidOut: of('payout_clearing'), fees: of('fee_income'), bankPaid: Number(bank?.total) };
}

describeEachDatabase('a slow bank (%s)', (kind) => {
  let server: TestServer;
  let manager: string;
  let customer: string;
  let companyId: string;
  // A step gives up after 0.4 s and is retried 0.2 s later; the bank decides 6 s after receiving a payout.
  const BANK_DELAY_MS = 6000;

  const wallet = async () => (await server.call<{ availableFen: number; frozenFen: number }>('wallet/get', {}, manager)).body.result;
  const withdrawal = async (id: string) => (await server.database.db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0];
  const simRow = async (id: string) => (await server.database.db.select().from(simPayouts).where(eq(simPayouts.ref, id)))[0];
  const payIn = async (amountFen: number) => {
    const before = (await wallet()).availableFen;
    const order = await server.call('cash/createOrder', { code: 'YST0001', amountFen, channel: 'demo' }, customer);
    expect(order.body.success).toBe(true);
    await eventually(async () => (await wallet()).availableFen === before + amountFen, 20_000);
  };
  const withdraw = async (amountFen: number, serial: string) => {
    const answer = await server.call<WithdrawalView>('wallet/withdraw', { amountFen, requestSerial: `${serial}-${kind}` }, manager);
    expect(answer.body.success).toBe(true);
    return answer.body.result;
  };
  const setFault = (mode: 'none' | 'fail' | 'down') =>
    server.app.inject({ method: 'POST', url: '/etax-sim/payout-fault', payload: { mode } });

  beforeAll(async () => {
    server = await createTestServer(kind, {
      money: {
        settlementDelayMs: 0,
        payoutSimDelayMs: BANK_DELAY_MS,
        payoutSimFault: { mode: 'none', reason: '收款账户信息有误，银行退回' },
      },
      worker: { enabled: true, pollMs: 20, stepTimeoutMs: 400, leaseMs: 2000, batch: 8, retryBaseMs: 200 },
    });
    manager = await server.tokenFor('企业管理员');
    customer = await server.tokenFor('普通用户');
    await payIn(20_000);
    const [row] = await server.database.raw(`select id from companies where code = 'YST0001'`);
    companyId = String(row?.id);
  }, 60_000);
  afterAll(async () => server?.close());

  test('a step times out and the task passes its deadline and attempts while the bank processes: 已到账 once paid, never refunded', async () => {
    const asked = await withdraw(5_000, 'slow-bank');
    expect(asked.state).toBe('审核中');
    expect((await wallet()).availableFen).toBe(20_000 - 5_100);

    // The bank records the payout as received before it takes its time.
    const received = await eventually(async () => (await simRow(asked.id))?.state === 'processing' && (await simRow(asked.id)), 20_000);
    expect(received).toMatchObject({ state: 'processing', amountFen: 5_000, payoutNo: null });
    // The first step gave up waiting (a failed attempt); the next finds the payout at the bank and waits for it.
    const taskId = (await withdrawal(asked.id))?.taskId ?? '';
    const waiting = await eventually(async () => {
      const [task] = await server.database.db.select().from(tasks).where(eq(tasks.id, taskId));
      return task?.payload.stage === 'awaitBank' && task;
    }, 20_000);
    expect(waiting.attempts).toBeGreaterThanOrEqual(1);
    expect(waiting.finishedAt).toBeNull();

    // The task runs out: past its deadline and the settling grace, its attempts used up. The bank still processes.
    const forcedAt = new Date();
    await server.database.db
      .update(tasks)
      .set({ deadlineAt: new Date(Date.now() - SETTLE_GRACE_MS - 60_000), attempts: sql`${tasks.maxAttempts}` })
      .where(eq(tasks.id, taskId));
    // The worker took it up again after that (a commit: unlocked, updated later): it stayed open, nothing given back.
    const after = await eventually(async () => {
      const [task] = await server.database.db.select().from(tasks).where(eq(tasks.id, taskId));
      return task && task.lockedBy === null && task.updatedAt > forcedAt && task;
    }, 20_000);
    const bankThen = await simRow(asked.id);
    if (bankThen?.state === 'processing') {
      expect(after.finishedAt).toBeNull();
      expect((await withdrawal(asked.id))?.state).toBe('审核中');
    } else {
      console.warn('withdraw-crash: the bank decided before the worker took the overdue task up again (a very slow machine)');
    }
    expect((await wallet()).availableFen).toBe(20_000 - 5_100);

    // The bank pays: the withdrawal is 已到账, posted once, never refunded.
    const done = await eventually(async () => {
      const row = await withdrawal(asked.id);
      return row && FINAL.includes(row.state) && row;
    }, 30_000);
    expect(done.state).toBe('已到账');
    const bank = await simRow(asked.id);
    expect(bank).toMatchObject({ state: 'paid', payoutNo: done.payoutNo });
    const [task] = await server.database.db.select().from(tasks).where(eq(tasks.id, taskId));
    expect(task).toMatchObject({ status: TaskStatus.Succeeded, failReason: null });
    expect((await wallet()).availableFen).toBe(20_000 - 5_100);
    const audit = (await auditWithdrawals(server.database.raw, companyId)).filter((row) => row.id === asked.id);
    expect(audit).toHaveLength(1);
    expectSettledOnce(audit);
    await expectLedgerSound(server.database.raw);
  }, 120_000);

  test('a payout the bank never received is closed there before the money goes back: a late request is refused', async () => {
    await setFault('down');
    let asked: WithdrawalView;
    try {
      const before = (await wallet()).availableFen;
      asked = await withdraw(3_000, 'bank-down');
      // Three attempts (backoff 0.2 s, 0.4 s), then the bank is asked: never received. The reference is closed, money back.
      const failed = await eventually(async () => {
        const row = await withdrawal(asked.id);
        return row && FINAL.includes(row.state) && row;
      }, 30_000);
      expect(failed.state).toBe('失败');
      expect((await wallet()).availableFen).toBe(before);
      expect(await simRow(asked.id)).toMatchObject({ state: 'failed', amountFen: 0 });
      expect((await simRow(asked.id))?.reason).toContain(CANCELLED_REASON);
    } finally {
      await setFault('none');
    }
    // The request arriving now (a step abandoned earlier, a worker that lost its lease) is refused, and pays nothing.
    const late = await server.app.payouts.payout({ ref: asked.id, amountFen: 3_000, bankName: '银行', bankAccount: '1' });
    expect(late.state).toBe('failed');
    expect((await simRow(asked.id))?.state).toBe('failed');
    expect(await server.app.payouts.outcome('00000000-0000-0000-0000-000000000000')).toEqual({ state: 'unknown' });
    const audit = (await auditWithdrawals(server.database.raw, companyId)).filter((row) => row.id === asked.id);
    expectSettledOnce(audit);
    await expectLedgerSound(server.database.raw);
  }, 120_000);
});

/** What runs after each crash test: kill the processes it started, drop or delete its database. */
let cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  cleanups = [];
});

describeEachDatabase('a server killed while payouts are in flight (%s)', (kind) => {
  test('every withdrawal ends paid once or refunded once, and the ledger adds up', async () => {
    const database: ProcessDatabase = await processDatabase(kind, cleanups);
    // The bank takes 3 s: the window in which the process is killed. A step may take 4 s; the lease (4.5 s) outlives it,
    // and is what a restarted server waits for before it takes up the tasks of the killed one.
    const env = {
      ...database.env,
      PAYOUT_SIM_DELAY_MS: '3000',
      PAYMENT_SETTLEMENT_DELAY_MS: '0',
      TASK_STEP_TIMEOUT_MS: '4000',
      TASK_LEASE_MS: '4500',
      TASK_RETRY_BASE_MS: '200',
      TASK_POLL_MS: '100',
      // The graceful stop at the end closes idle connections after this, not after a keep-alive's 5 s.
      KEEP_ALIVE_TIMEOUT_MS: '500',
      PAYOUT_SIM_FAULT: undefined,
    };
    const start = async (extra: Record<string, string | undefined> = {}) => {
      const server = await startServerProcess({ env: { ...env, ...extra } });
      cleanups.push(() => server.kill());
      return server;
    };

    let server: ServerProcess = await start();
    const { token: manager } = await demoSignIn(server.url, '企业管理员');
    const { token: customer } = await demoSignIn(server.url, '普通用户');
    const wallet = async () =>
      (await callApi<{ availableFen: number; frozenFen: number }>(server.url, 'wallet/get', {}, manager)).body.result;
    const list = async () =>
      (await callApi<{ list: WithdrawalView[] }>(server.url, 'wallet/withdrawals', { pageSize: 50 }, manager)).body.result.list;
    const pendingTasks = async () =>
      (await callApi<TaskListView>(server.url, 'task/getMyTasks', { type: 'withdraw', status: 'pending', pageSize: 50 }, manager)).body
        .result.list;
    let serial = 0;
    const withdrawBatch = async (amounts: number[]) => {
      const answers = await Promise.all(
        amounts.map((amountFen) =>
          callApi<WithdrawalView>(server.url, 'wallet/withdraw', { amountFen, requestSerial: `crash-${kind}-${++serial}` }, manager),
        ),
      );
      for (const answer of answers) expect(answer.body.success, answer.body.message ?? '').toBe(true);
      return answers.map((answer) => answer.body.result.id);
    };
    const allFinal = (ids: string[]) =>
      eventually(async () => {
        const rows = (await list()).filter((row) => ids.includes(row.id));
        return rows.length === ids.length && rows.every((row) => FINAL.includes(row.state)) && rows;
      }, 90_000);
    /** The batch's tasks are claimed (status 10 is written with the lease): their payouts are being handed in. */
    const inFlight = async (ids: string[]) => {
      await eventually(async () => {
        const tasksNow = await pendingTasks();
        return (
          tasksNow.length === ids.length && tasksNow.every((task) => task.taskStatus === TaskStatus.Processing && task.stage === 'start')
        );
      }, 30_000);
      // Still 审核中: the bank has not answered any of them.
      const rows = (await list()).filter((row) => ids.includes(row.id));
      expect(rows.filter((row) => row.state !== '审核中')).toEqual([]);
    };
    /** After a kill: what the crash left at the bank for the batch (PGlite: the folder reopens). */
    const leftAtTheBank = async (ids: string[]) =>
      database.inspect(async ({ raw }) => {
        const rows = await raw(
          `select w.id, w.state, s.state as sim_state from withdrawals w left join sim_payouts s on s.ref = w.id::text where w.id = any($1::uuid[])`,
          [ids],
        );
        return rows.map((row) => ({ id: String(row.id), state: String(row.state), bank: (row.sim_state as string | null) ?? null }));
      });

    // Money in: six payments, settled at once (delay 0) when the wallet is read.
    const PAID_IN = 6 * 10_000;
    for (let i = 0; i < 6; i++) {
      const order = await callApi(server.url, 'cash/createOrder', { code: 'YST0001', amountFen: 10_000, channel: 'demo' }, customer);
      expect(order.body.success).toBe(true);
    }
    await eventually(async () => (await wallet()).availableFen === PAID_IN, 30_000);
    expect((await wallet()).frozenFen).toBe(0);

    // Before any crash: two withdrawals paid.
    const early = await withdrawBatch([4_000, 4_500]);
    expect((await allFinal(early)).map((row) => row.state)).toEqual(['已到账', '已到账']);

    // Crash 1, with four payouts in flight; the server comes back with the bank paying.
    const paidAfterCrash = await withdrawBatch([5_000, 5_100, 5_200, 5_300]);
    await inFlight(paidAfterCrash);
    await server.kill();
    const left1 = await leftAtTheBank(paidAfterCrash);
    expect(left1.filter((row) => row.state !== '审核中')).toEqual([]);
    // The crash came while the bank processed (received, not decided) at least one of them.
    expect(left1.filter((row) => row.bank === 'processing').length, JSON.stringify(left1)).toBeGreaterThan(0);
    server = await start();
    const afterCrash1 = await allFinal(paidAfterCrash);
    // What the bank had received is paid (decided after the restart); what it had not is handed in again and paid.
    expect(afterCrash1.map((row) => row.state)).toEqual(['已到账', '已到账', '已到账', '已到账']);

    // Crash 2, with three payouts in flight; the server comes back with the bank refusing.
    const refusedAfterCrash = await withdrawBatch([6_000, 6_100, 6_200]);
    await inFlight(refusedAfterCrash);
    await server.kill();
    const left2 = await leftAtTheBank(refusedAfterCrash);
    expect(left2.filter((row) => row.state !== '审核中')).toEqual([]);
    expect(left2.filter((row) => row.bank === 'processing').length, JSON.stringify(left2)).toBeGreaterThan(0);
    server = await start({ PAYOUT_SIM_FAULT: 'fail', PAYOUT_SIM_FAULT_REASON: '收款账户已销户' });
    const afterCrash2 = await allFinal(refusedAfterCrash);
    // Received before the crash and decided after it: refused, so given back.
    for (const row of left2.filter((left) => left.bank === 'processing')) {
      expect(afterCrash2.find((done) => done.id === row.id)).toMatchObject({ state: '失败', failReason: '收款账户已销户' });
    }
    await server.stop();

    await database.inspect(async ({ raw }) => {
      const [company] = await raw('select distinct company_id from withdrawals');
      const companyId = String(company?.company_id);
      const audit = await auditWithdrawals(raw, companyId);
      expect(audit).toHaveLength(9);
      expectSettledOnce(audit);
      await expectLedgerSound(raw);
      const money = await moneyOfCompany(raw, companyId);
      const paid = audit.filter((row) => row.state === '已到账');
      // What the bank paid is what the ledger paid out; nothing was created or lost.
      expect(money.paidOut).toBe(paid.reduce((sum, row) => sum + row.amount, 0));
      expect(money.bankPaid).toBe(money.paidOut);
      expect(money.fees).toBe(paid.reduce((sum, row) => sum + row.fee, 0));
      expect(money.merchant + money.paidOut + money.fees).toBe(PAID_IN);
      const [withdrawing] = await raw(`select balance from ledger_accounts where company_id = $1 and kind = 'merchant_withdrawing'`, [
        companyId,
      ]);
      expect(Number(withdrawing?.balance)).toBe(0);
      // The only task left behind by the crashes is none: every withdraw task finished, unlocked.
      expect(await raw(`select id from tasks where type = 'withdraw' and (finished_at is null or locked_by is not null)`)).toEqual([]);
    });
  }, 300_000);
});
