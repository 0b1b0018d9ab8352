/**
 * What the stored money must satisfy whatever happened before (crashes, replays, races), read straight from the
 * tables: the ledger's own rules, and every maintained money totals table equal to a recomputation from the orders and
 * withdrawals it summarises.
 */
import { expect } from '@rstest/core';
import { chinaDate } from '@app/domain/china-time';
import type { RawQuery } from '../../src/db/database';

/** The ledger's own rules: every transaction sums to zero, every balance is its entries' sum, no merchant below zero. */
export async function expectLedgerSound(raw: RawQuery): Promise<void> {
  expect(await raw('select transaction_id from ledger_entries group by transaction_id having sum(amount) <> 0')).toEqual([]);
  expect(
    await raw(
      'select a.id from ledger_accounts a left join ledger_entries e on e.account_id = a.id group by a.id, a.balance having a.balance <> coalesce(sum(e.amount), 0)',
    ),
  ).toEqual([]);
  expect(await raw('select id from ledger_accounts where company_id is not null and balance < 0')).toEqual([]);
}

interface TotalsRow {
  incomeFen: number;
  incomeCount: number;
  expenseFen: number;
}

/** The time key's columns of a totals table, and how many characters of the China date (`YYYY-MM-DD`) make it. */
const TIME_KEYS: Record<string, number> = { month: 7, day: 10, date: 10 };

const digits = (text: string) => text.replace(/\D/g, '');

/**
 * Every table `money_*totals` (money_month_totals, and a day table or any other when one is added), row for row, is
 * what its rows summarise recomputed: income = the paid orders (by company, China month or day of `paid_at`,
 * channel), expense = the withdrawals that did not fail (amount + fee, by the China month or day of `created_at`,
 * channel `bank`). Rows of zeros count as absent. A totals table of another shape fails here, naming its columns, so
 * the audit is extended rather than silently skipped. Returns the tables checked.
 */
export async function expectMoneyTotalsRecomputed(raw: RawQuery): Promise<string[]> {
  const tables = (
    await raw(
      `select table_name from information_schema.tables where table_schema = current_schema() and table_name like 'money\\_%totals' order by table_name`,
    )
  ).map((row) => String(row.table_name));
  expect(tables).toContain('money_month_totals');
  const orders = await raw(`select company_id, channel, amount_fen, paid_at from cash_orders where paid_at is not null`);
  const spent = await raw(`select company_id, amount_fen, fee_fen, created_at from withdrawals where state <> '失败'`);
  for (const table of tables) {
    const columns = (
      await raw(`select column_name from information_schema.columns where table_schema = current_schema() and table_name = $1`, [table])
    ).map((row) => String(row.column_name));
    const timeKey = columns.find((column) => column in TIME_KEYS);
    const known = new Set(['company_id', 'channel', 'income_fen', 'income_count', 'expense_fen', ...(timeKey ? [timeKey] : [])]);
    const unknown = columns.filter((column) => !known.has(column));
    if (
      !timeKey ||
      !columns.includes('company_id') ||
      !columns.includes('channel') ||
      !columns.includes('income_fen') ||
      unknown.length > 0
    ) {
      throw new Error(
        `${table} (${columns.join(', ')}): no recomputation known for these columns; extend server/test/support/money-audit.ts`,
      );
    }
    const keyLength = TIME_KEYS[timeKey] ?? 0;
    const expected = new Map<string, TotalsRow>();
    const add = (companyId: unknown, at: unknown, channel: unknown, change: Partial<TotalsRow>) => {
      const key = `${String(companyId)} ${digits(chinaDate(new Date(at as string | Date)).slice(0, keyLength))} ${String(channel)}`;
      const row = expected.get(key) ?? { incomeFen: 0, incomeCount: 0, expenseFen: 0 };
      row.incomeFen += change.incomeFen ?? 0;
      row.incomeCount += change.incomeCount ?? 0;
      row.expenseFen += change.expenseFen ?? 0;
      expected.set(key, row);
    };
    for (const order of orders)
      add(order.company_id, order.paid_at, order.channel, { incomeFen: Number(order.amount_fen), incomeCount: 1 });
    for (const withdrawal of spent)
      add(withdrawal.company_id, withdrawal.created_at, 'bank', { expenseFen: Number(withdrawal.amount_fen) + Number(withdrawal.fee_fen) });

    const has = (column: string) => columns.includes(column);
    const stored = await raw(
      `select company_id, ${timeKey}::text as time_key, channel, income_fen${has('income_count') ? ', income_count' : ''}${has('expense_fen') ? ', expense_fen' : ''} from ${table}`,
    );
    const actual = new Map<string, TotalsRow>();
    for (const row of stored) {
      const totals = {
        incomeFen: Number(row.income_fen),
        incomeCount: Number(row.income_count ?? 0),
        expenseFen: Number(row.expense_fen ?? 0),
      };
      if (totals.incomeFen === 0 && totals.incomeCount === 0 && totals.expenseFen === 0) continue;
      actual.set(`${String(row.company_id)} ${digits(String(row.time_key))} ${String(row.channel)}`, totals);
    }
    const shape = (totals: TotalsRow): TotalsRow => ({
      incomeFen: totals.incomeFen,
      incomeCount: has('income_count') ? totals.incomeCount : 0,
      expenseFen: has('expense_fen') ? totals.expenseFen : 0,
    });
    const sorted = (map: Map<string, TotalsRow>) =>
      Object.fromEntries(
        [...map]
          .map(([key, totals]) => [key, shape(totals)] as const)
          .filter(([, totals]) => totals.incomeFen !== 0 || totals.incomeCount !== 0 || totals.expenseFen !== 0)
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
      );
    expect(sorted(actual), `${table} against a recomputation from cash_orders and withdrawals`).toEqual(sorted(expected));
  }
  return tables;
}
