/**
 * The ledger: any sequence of payments, settlements, withdrawals, paid and failed withdrawals keeps every
 * transaction's entries summing to zero and every merchant balance at or above zero — in the pure rules
 * (`@app/domain/ledger-model`) and through the server's poster on a real database, whose maintained balances always
 * equal the sums of their entries. Repeated keys post nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import fc from 'fast-check';
import {
  applyPostings,
  emptyBalances,
  MERCHANT_ACCOUNTS,
  postingsOf,
  sumOf,
  withdrawalFee,
  type Balances,
  type Movement,
} from '@app/domain/ledger-model';
import { companies } from '../src/db/schema/companies';
import { InsufficientFunds, merchantBalances, post } from '../src/ledger/ledger';
import { createTestServer, type TestServer } from './support/test-server';

type Step = { op: 'pay' | 'settle' | 'withdraw' | 'paid' | 'failed'; amountFen: number };
const steps = fc.array(
  fc.record({ op: fc.constantFrom('pay', 'settle', 'withdraw', 'paid', 'failed'), amountFen: fc.integer({ min: 1, max: 1_000_000 }) }),
  { maxLength: 40 },
);

/** Turns a step into a movement the state allows (a payout outcome needs a pending withdrawal), or null. */
function movementOf(step: Step, pending: { amountFen: number; feeFen: number }[]): Movement | null {
  switch (step.op) {
    case 'pay':
      return { kind: 'payment', amountFen: step.amountFen };
    case 'settle':
      return { kind: 'settlement', amountFen: step.amountFen };
    case 'withdraw':
      return { kind: 'withdrawal', amountFen: step.amountFen, feeFen: withdrawalFee(step.amountFen) };
    default: {
      const first = pending[0];
      return first ? { kind: step.op === 'paid' ? 'withdrawal_paid' : 'withdrawal_failed', ...first } : null;
    }
  }
}

test('withdrawalFee: ⌈1‰⌉, at least 100 fen, integers only', () => {
  expect([1, 100_000, 100_001, 1_000_000, 1_234_567].map(withdrawalFee)).toEqual([100, 100, 101, 1000, 1235]);
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 9_000_000_000_000 }), (amount) => {
      const fee = withdrawalFee(amount);
      return Number.isSafeInteger(fee) && fee >= 100 && fee * 1000 >= amount && (fee === 100 || (fee - 1) * 1000 < amount);
    }),
  );
});

test('the rules: every movement sums to zero, and no sequence takes a merchant balance below zero', () => {
  fc.assert(
    fc.property(steps, (sequence) => {
      let balances: Balances = emptyBalances();
      const pending: { amountFen: number; feeFen: number }[] = [];
      for (const step of sequence) {
        const movement = movementOf(step, pending);
        if (!movement) continue;
        const postings = postingsOf(movement);
        if (sumOf(postings) !== 0) return false;
        const next = applyPostings(balances, postings);
        if (!next) continue; // refused whole
        balances = next;
        if (movement.kind === 'withdrawal') pending.push({ amountFen: movement.amountFen, feeFen: movement.feeFen });
        if (movement.kind === 'withdrawal_paid' || movement.kind === 'withdrawal_failed') pending.shift();
        if (MERCHANT_ACCOUNTS.some((account) => balances[account] < 0)) return false;
      }
      return Object.values(balances).reduce((sum, value) => sum + value, 0) === 0;
    }),
  );
});

describe('the poster on PGlite', () => {
  let server: TestServer;
  let companyId: string;
  let run = 0;

  beforeAll(async () => {
    server = await createTestServer('pglite', { worker: { enabled: false, pollMs: 20, stepTimeoutMs: 2000, leaseMs: 4000, batch: 8 } });
    const [company] = await server.database.db
      .insert(companies)
      .values({
        name: '账本测试',
        qylx: '1',
        xsfNsrsbh: '91330100MA0LEDGER1',
        code: 'LEDGER01',
        serviceExpiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning();
    companyId = company!.id;
  });
  afterAll(async () => server?.close());

  test('any sequence keeps Σ entries = 0 per transaction, balances = Σ entries, merchant balances ≥ 0, and keys post once', async () => {
    await fc.assert(
      fc.asyncProperty(steps, async (sequence) => {
        run++;
        const pending: { amountFen: number; feeFen: number }[] = [];
        for (const [index, step] of sequence.entries()) {
          const movement = movementOf(step, pending);
          if (!movement) continue;
          const key = `prop:${run}:${index}`;
          try {
            const posted = await server.database.db.transaction((tx) => post(tx, { companyId, movement, idempotencyKey: key }));
            expect(posted).toBe(true);
            // The same key again posts nothing.
            expect(await server.database.db.transaction((tx) => post(tx, { companyId, movement, idempotencyKey: key }))).toBe(false);
          } catch (error) {
            if (!(error instanceof InsufficientFunds)) throw error;
            continue;
          }
          if (movement.kind === 'withdrawal') pending.push({ amountFen: movement.amountFen, feeFen: movement.feeFen });
          if (movement.kind === 'withdrawal_paid' || movement.kind === 'withdrawal_failed') pending.shift();
        }
        const unbalanced = await server.database.raw(
          'select transaction_id from ledger_entries group by transaction_id having sum(amount) <> 0',
        );
        const drift = await server.database.raw(
          'select a.id from ledger_accounts a left join ledger_entries e on e.account_id = a.id group by a.id, a.balance having a.balance <> coalesce(sum(e.amount), 0)',
        );
        const balances = await merchantBalances(server.database.db, companyId);
        return unbalanced.length === 0 && drift.length === 0 && Object.values(balances).every((value) => value >= 0);
      }),
      { numRuns: 25 },
    );
  });
});
