/**
 * 收入统计 (managers and holders of benefit_payment): the income of a range of China days, by day (at most 31) or by
 * month (at most 24), zeros included, and by channel; and the range's expenses (withdrawals that did not fail, amount
 * + fee). Read from the maintained totals (cash/money-totals.ts): the range's whole months from `money_month_totals`
 * and its other days (by day, all of them; by month, a partial first or last month) from `money_day_totals`, in one
 * query by channel and key: a few rows a month or a day, however many orders they hold, never row by row.
 */
import { and, between, eq, sql } from 'drizzle-orm';
import type { IncomeStatistics } from '@app/contract/statistics';
import type { Database } from '../db/database';
import { moneyDayTotals, moneyMonthTotals } from '../db/schema/cash';
import { defineCall } from '../http/define-call';
import { bucketKey, bucketOf, inDays, statisticsRange } from '../statistics/range';

/** The company's income statistics over [from, to] (China days). */
export async function incomeStatistics(
  db: Database,
  companyId: string,
  range: { from: string; to: string; by: 'day' | 'month' },
): Promise<IncomeStatistics> {
  const { keys, months, days } = statisticsRange(range.from, range.to, range.by);
  const monthRows = (span: [number, number]) =>
    db
      .select({
        bucket: sql<number>`${moneyMonthTotals.month}`.as('bucket'),
        channel: moneyMonthTotals.channel,
        incomeFen: moneyMonthTotals.incomeFen,
        incomeCount: moneyMonthTotals.incomeCount,
        expenseFen: moneyMonthTotals.expenseFen,
      })
      .from(moneyMonthTotals)
      .where(and(eq(moneyMonthTotals.companyId, companyId), between(moneyMonthTotals.month, ...span)));
  const dayRows = () =>
    db
      .select({
        bucket: bucketOf(moneyDayTotals.day, range.by),
        channel: moneyDayTotals.channel,
        incomeFen: moneyDayTotals.incomeFen,
        incomeCount: moneyDayTotals.incomeCount,
        expenseFen: moneyDayTotals.expenseFen,
      })
      .from(moneyDayTotals)
      .where(and(eq(moneyDayTotals.companyId, companyId), inDays(moneyDayTotals.day, days)));
  // The whole months' rows and the other days' rows, together (a range has at least one of them).
  const movements = (months && days.length ? monthRows(months).unionAll(dayRows()) : months ? monthRows(months) : dayRows()).as(
    'movements',
  );
  const rows = await db
    .select({
      bucket: movements.bucket,
      channel: movements.channel,
      incomeFen: sql<number>`sum(${movements.incomeFen})`.mapWith(Number),
      count: sql<number>`sum(${movements.incomeCount})`.mapWith(Number),
      expenseFen: sql<number>`sum(${movements.expenseFen})`.mapWith(Number),
    })
    .from(movements)
    .groupBy(movements.channel, movements.bucket)
    // Channels in the database's order (the by-channel list's), then by time.
    .orderBy(movements.channel, movements.bucket);
  const series = keys.map((key) => ({ key, incomeFen: 0, count: 0 }));
  const byKey = new Map(series.map((point) => [point.key, point]));
  const byChannel = new Map<string, { channel: string; incomeFen: number; count: number }>();
  let expenseFen = 0;
  for (const row of rows) {
    expenseFen += row.expenseFen;
    const point = byKey.get(bucketKey(Number(row.bucket), range.by));
    if (point) Object.assign(point, { incomeFen: point.incomeFen + row.incomeFen, count: point.count + row.count });
    const channel = byChannel.get(row.channel) ?? { channel: row.channel, incomeFen: 0, count: 0 };
    byChannel.set(row.channel, { channel: row.channel, incomeFen: channel.incomeFen + row.incomeFen, count: channel.count + row.count });
  }
  // A channel is listed when the range has a paid order of it (`bank` holds only withdrawals; a failed one leaves zeros).
  const channels = [...byChannel.values()].filter((channel) => channel.count > 0);
  return {
    totals: {
      incomeFen: channels.reduce((sum, row) => sum + row.incomeFen, 0),
      count: channels.reduce((sum, row) => sum + row.count, 0),
      expenseFen,
    },
    series,
    byChannel: channels,
  };
}

const incomeStatisticsCall = defineCall('statistics/income', {
  access: { kind: 'company', anyOf: ['company_manage', 'benefit_payment'] },
  handler: async ({ company, body, services }) => incomeStatistics(services.db, company.id, body),
});

export const incomeStatisticsCalls = [incomeStatisticsCall];
