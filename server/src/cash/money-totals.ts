/**
 * 收支 totals by company, China month and channel (`money_month_totals`), added to in the transaction that pays an order
 * or asks for (or fails) a withdrawal, so a month's totals are exact and read a few rows (docs/architecture.md, "Lists
 * that stay flat": summaries read maintained totals).
 */
import { sql } from 'drizzle-orm';
import { chinaMonthNumber } from '@app/domain/china-time';
import type { Database } from '../db/database';
import { moneyMonthTotals } from '../db/schema';

export async function addToMonthTotals(tx: Database, companyId: string, at: Date, channel: string, change: { incomeFen?: number; incomeCount?: number; expenseFen?: number }): Promise<void> {
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
}
