/**
 * The range of a statistics call (开票统计, 收入统计): China days `from` to `to`, at most 31 days by day and 24 months by
 * month, every key of its series, which rows of the maintained totals hold it (whole months in the monthly totals,
 * other days in the daily ones), and how a row falls into a key: its day, or its month (`day / 100`).
 */
import { between, or, sql, type SQL } from 'drizzle-orm';
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

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A statistics range: every key of its series, and where its rows are: whole China months (`YYYYMM`, first and last)
 * in the monthly totals, and spans of China days (`YYYYMMDD`, first and last) in the daily totals. By day, the range
 * is one span of days; by month, its whole months are read by month and only a partial first or last month by day, so
 * a call reads at most 24 month rows and 60 day rows of each key, whatever the company holds.
 */
export interface StatisticsRange {
  keys: string[];
  months: [number, number] | null;
  days: [number, number][];
}

const dayNumber = (day: Date) => Number(day.toISOString().slice(0, 10).replaceAll('-', ''));
const monthNumber = (index: number) => Math.floor(index / 12) * 100 + (index % 12) + 1;

/** The range's keys and rows, or a 4000 on `to` when the range is backwards or too long for its unit. */
export function statisticsRange(from: string, to: string, by: By): StatisticsRange {
  const first = calendarDay(from, 'from');
  const last = calendarDay(to, 'to');
  if (first > last) throw invalidField('to', '结束日期不能早于开始日期');
  if (by === 'day') {
    const days = Math.round((last.getTime() - first.getTime()) / 86_400_000) + 1;
    if (days > MAX_DAYS) throw invalidField('to', `按日统计最多 ${MAX_DAYS} 天`);
    const keys = Array.from({ length: days }, (_, day) => new Date(first.getTime() + day * 86_400_000).toISOString().slice(0, 10));
    return { keys, months: null, days: [[dayNumber(first), dayNumber(last)]] };
  }
  const [firstMonth, lastMonth] = [monthIndex(first), monthIndex(last)];
  if (lastMonth - firstMonth + 1 > MAX_MONTHS) throw invalidField('to', `按月统计最多 ${MAX_MONTHS} 个月`);
  const keys: string[] = [];
  for (let month = firstMonth; month <= lastMonth; month += 1) keys.push(`${Math.floor(month / 12)}-${pad((month % 12) + 1)}`);
  // A month is whole when the range starts on its first day (the first month) or ends on its last (the last month).
  const firstWhole = first.getUTCDate() === 1;
  const lastWhole = new Date(last.getTime() + 86_400_000).getUTCDate() === 1;
  if (firstMonth === lastMonth && !(firstWhole && lastWhole)) return { keys, months: null, days: [[dayNumber(first), dayNumber(last)]] };
  const days: [number, number][] = [];
  // The days of a month run from YYYYMM01 to at most YYYYMM31.
  if (!firstWhole) days.push([dayNumber(first), monthNumber(firstMonth) * 100 + 31]);
  if (!lastWhole) days.push([monthNumber(lastMonth) * 100 + 1, dayNumber(last)]);
  const [wholeFirst, wholeLast] = [firstWhole ? firstMonth : firstMonth + 1, lastWhole ? lastMonth : lastMonth - 1];
  return { keys, months: wholeFirst <= wholeLast ? [monthNumber(wholeFirst), monthNumber(wholeLast)] : null, days };
}

/** The rows of a daily totals table in the range's spans of days. */
export function inDays(day: PgColumn, days: [number, number][]): SQL | undefined {
  return or(...days.map(([first, last]) => between(day, first, last)));
}

/** The bucket of a daily totals row in SQL: its day (`YYYYMMDD`), or its month (`YYYYMM`, integer division). */
export function bucketOf(day: PgColumn, by: By): SQL.Aliased<number> {
  return (by === 'day' ? sql<number>`${day}` : sql<number>`${day} / 100`).as('bucket');
}

/** A bucket as the series' key: `YYYY-MM-DD` of a day, `YYYY-MM` of a month. */
export function bucketKey(bucket: number, by: By): string {
  const month = `${String(Math.floor(bucket / (by === 'day' ? 10_000 : 100))).padStart(4, '0')}-${pad(Math.floor(bucket / (by === 'day' ? 100 : 1)) % 100)}`;
  return by === 'day' ? `${month}-${pad(bucket % 100)}` : month;
}
