/**
 * The range of a statistics call (开票统计, 收入统计): China days `[from 00:00+08:00, the day after to)`, at most 31 days by
 * day and 24 months by month, every key of its series, and the China day or month of an instant column in SQL.
 */
import { sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { invalidField } from '../http/api-failure';

export type By = 'day' | 'month';

export const MAX_DAYS = 31;
export const MAX_MONTHS = 24;

/** A real calendar day `YYYY-MM-DD` (the contract's pattern lets 2026-02-30 through), as UTC midnight. */
function calendarDay(day: string, field: 'from' | 'to'): Date {
  const at = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== day) throw invalidField(field, `${field === 'from' ? '开始' : '结束'}日期不是有效日期`);
  return at;
}

const monthIndex = (day: Date) => day.getUTCFullYear() * 12 + day.getUTCMonth();

/**
 * The range's bounds as instants (China days: `[from 00:00+08:00, the day after to)`) and every key of its series,
 * or a 4000 on `to` when the range is backwards or too long for its unit.
 */
export function statisticsRange(from: string, to: string, by: By): { start: Date; end: Date; keys: string[] } {
  const first = calendarDay(from, 'from');
  const last = calendarDay(to, 'to');
  if (first > last) throw invalidField('to', '结束日期不能早于开始日期');
  const keys: string[] = [];
  if (by === 'day') {
    const days = Math.round((last.getTime() - first.getTime()) / 86_400_000) + 1;
    if (days > MAX_DAYS) throw invalidField('to', `按日统计最多 ${MAX_DAYS} 天`);
    for (let day = 0; day < days; day += 1) keys.push(new Date(first.getTime() + day * 86_400_000).toISOString().slice(0, 10));
  } else {
    const months = monthIndex(last) - monthIndex(first) + 1;
    if (months > MAX_MONTHS) throw invalidField('to', `按月统计最多 ${MAX_MONTHS} 个月`);
    for (let month = monthIndex(first); month <= monthIndex(last); month += 1) {
      keys.push(`${Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}`);
    }
  }
  const start = new Date(`${from}T00:00:00+08:00`);
  const end = new Date(new Date(`${to}T00:00:00+08:00`).getTime() + 86_400_000);
  return { start, end, keys };
}

/** The China day or month of an instant column, as text (the format is one of two constants, never input). */
export function chinaKey(column: PgColumn, by: By) {
  const format = by === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM';
  return sql<string>`to_char((${column} at time zone 'UTC') + interval '8 hours', ${sql.raw(`'${format}'`)})`;
}
