/**
 * 收支 totals by company, China month and channel (`money_month_totals`, payment/list's totals) and by China day and
 * channel (`money_day_totals`, statistics/income), added to in the transaction that pays an order or asks for (or
 * fails) a withdrawal, so the totals are exact and read a few rows (docs/architecture.md, "Lists that stay flat":
 * summaries and statistics read maintained totals). Month first, then day: the one order every transaction adds in.
 */
import { sql } from 'drizzle-orm';
import { chinaDayNumber, chinaMonthNumber } from '@app/domain/china-time';
import type { Database } from '../db/database';
import { moneyDayTotals, moneyMonthTotals } from '../db/schema/cash';

/** Adds to the month's and the day's totals of `at` (the order's `paid_at`, the withdrawal's `created_at`). */
export async function addToMonthTotals(
  tx: Database,
  companyId: string,
  at: Date,
  channel: string,
  change: { incomeFen?: number; incomeCount?: number; expenseFen?: number },
): Promise<void> {
  const incomeFen = change.incomeFen ?? 0;
  const incomeCount = change.incomeCount ?? 0;
  const expenseFen = change.expenseFen ?? 0;
  await tx
    .insert(moneyMonthTotals)
    .values({ companyId, month: chinaMonthNumber(at), channel, incomeFen, incomeCount, expenseFen })
    .onConflictDoUpdate({
      target: [moneyMonthTotals.companyId, moneyMonthTotals.month, moneyMonthTotals.channel],
      set: {
        incomeFen: sql`${moneyMonthTotals.incomeFen} + ${incomeFen}`,
        incomeCount: sql`${moneyMonthTotals.incomeCount} + ${incomeCount}`,
        expenseFen: sql`${moneyMonthTotals.expenseFen} + ${expenseFen}`,
      },
    });
  await tx
    .insert(moneyDayTotals)
    .values({ companyId, day: chinaDayNumber(at), channel, incomeFen, incomeCount, expenseFen })
    .onConflictDoUpdate({
      target: [moneyDayTotals.companyId, moneyDayTotals.day, moneyDayTotals.channel],
      set: {
        incomeFen: sql`${moneyDayTotals.incomeFen} + ${incomeFen}`,
        incomeCount: sql`${moneyDayTotals.incomeCount} + ${incomeCount}`,
        expenseFen: sql`${moneyDayTotals.expenseFen} + ${expenseFen}`,
      },
    });
}
