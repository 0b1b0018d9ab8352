/**
 * 收入统计 (managers and holders of benefit_payment): the income of a range of China days, by day (at most 31) or by
 * month (at most 24), zeros included, and by channel; and the range's expenses (withdrawals that did not fail). Summed
 * by the database (GROUP BY over the range of the index `cash_orders_company_paid`), never row by row here.
 */
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { IncomeStatistics } from '@app/contract/statistics';
import type { Database } from '../db/database';
import { cashOrders, paidOrder, spentWithdrawal, withdrawals } from '../db/schema';
import { defineCall } from '../http/define-call';
import { chinaKey, statisticsRange } from '../statistics/range';

/** The company's income statistics over [from, to] (China days). */
export async function incomeStatistics(db: Database, companyId: string, range: { from: string; to: string; by: 'day' | 'month' }): Promise<IncomeStatistics> {
  const { start, end, keys } = statisticsRange(range.from, range.to, range.by);
  const inRange = and(eq(cashOrders.companyId, companyId), paidOrder, gte(cashOrders.paidAt, start), lt(cashOrders.paidAt, end));
  const key = chinaKey(cashOrders.paidAt, range.by);
  const [series, byChannel, expense] = await Promise.all([
    db
      .select({ key, incomeFen: sql<string>`coalesce(sum(${cashOrders.amountFen}), 0)`, count: sql<number>`count(*)::int` })
      .from(cashOrders)
      .where(inRange)
      .groupBy(key),
    db
      .select({ channel: cashOrders.channel, incomeFen: sql<string>`coalesce(sum(${cashOrders.amountFen}), 0)`, count: sql<number>`count(*)::int` })
      .from(cashOrders)
      .where(inRange)
      .groupBy(cashOrders.channel)
      .orderBy(cashOrders.channel),
    db
      .select({ expenseFen: sql<string>`coalesce(sum(${withdrawals.amountFen} + ${withdrawals.feeFen}), 0)` })
      .from(withdrawals)
      .where(and(eq(withdrawals.companyId, companyId), spentWithdrawal, gte(withdrawals.createdAt, start), lt(withdrawals.createdAt, end))),
  ]);
  const byKey = new Map(series.map((row) => [row.key, { incomeFen: Number(row.incomeFen), count: Number(row.count) }]));
  const points = keys.map((k) => ({ key: k, incomeFen: byKey.get(k)?.incomeFen ?? 0, count: byKey.get(k)?.count ?? 0 }));
  const channels = byChannel.map((row) => ({ channel: row.channel, incomeFen: Number(row.incomeFen), count: Number(row.count) }));
  return {
    totals: {
      incomeFen: channels.reduce((sum, row) => sum + row.incomeFen, 0),
      count: channels.reduce((sum, row) => sum + row.count, 0),
      expenseFen: Number(expense[0]?.expenseFen ?? 0),
    },
    series: points,
    byChannel: channels,
  };
}

const incomeStatisticsCall = defineCall('statistics/income', {
  access: { kind: 'company', anyOf: ['company_manage', 'benefit_payment'] },
  handler: async ({ company, body, services }) => incomeStatistics(services.db, company.id, body),
});

export const incomeStatisticsCalls = [incomeStatisticsCall];
