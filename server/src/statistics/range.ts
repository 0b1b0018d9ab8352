/**
 * The range of a statistics call (开票统计, 收入统计): China days `from` to `to`, at most 31 days by day and 24 months by
 * month, every key of its series, which rows of the maintained totals hold it (whole months in the monthly totals,
 * other days in the daily ones), and how a row falls into a key: its day, or its month (`day / 100`).
 */
import { between, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { chinaDayNumber, chinaDays, chinaMonthNumber, chinaMonths, chinaRange, type ChinaRange } from '@app/domain/china-time';
import { invalidField } from '../http/api-failure';
import { requestedRange } from '../http/china-range';

export type By = 'day' | 'month';

export const MAX_DAYS = 31;
export const MAX_MONTHS = 24;

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

/** The first and last China day (`YYYYMMDD`) of the instants [start, end): the daily totals' keys of a span. */
const daySpan = ({ start, end }: Pick<ChinaRange, 'start' | 'end'>): [number, number] => [
  chinaDayNumber(start),
  chinaDayNumber(end.getTime() - 1),
];

/** The range's keys and rows, or a 4000 on `from` or `to` when one is not a real day, or on `to` when the range is backwards or too long for its unit. */
export function statisticsRange(from: string, to: string, by: By): StatisticsRange {
  requestedRange('from', '开始日期不是有效日期', from);
  requestedRange('to', '结束日期不是有效日期', to);
  const range = chinaRange(from, to);
  if (!range) throw invalidField('to', '结束日期不能早于开始日期');
  if (by === 'day') {
    if (range.dayCount > MAX_DAYS) throw invalidField('to', `按日统计最多 ${MAX_DAYS} 天`);
    return { keys: chinaDays(range), months: null, days: [daySpan(range)] };
  }
  if (range.monthCount > MAX_MONTHS) throw invalidField('to', `按月统计最多 ${MAX_MONTHS} 个月`);
  const keys = chinaMonths(range);
  const monthRanges = keys.map((month) => chinaRange(month) as ChinaRange);
  const [firstMonth, lastMonth] = [monthRanges[0] as ChinaRange, monthRanges.at(-1) as ChinaRange];
  // A month is whole when the range holds all of it: from its first day (the first month) or to its last (the last).
  const firstWhole = range.firstDay === firstMonth.firstDay;
  const lastWhole = range.lastDay === lastMonth.lastDay;
  if (keys.length === 1 && !(firstWhole && lastWhole)) return { keys, months: null, days: [daySpan(range)] };
  const days: [number, number][] = [];
  if (!firstWhole) days.push(daySpan({ start: range.start, end: firstMonth.end }));
  if (!lastWhole) days.push(daySpan({ start: lastMonth.start, end: range.end }));
  const whole = monthRanges.slice(firstWhole ? 0 : 1, lastWhole ? undefined : -1);
  return {
    keys,
    months: whole.length ? [chinaMonthNumber((whole[0] as ChinaRange).start), chinaMonthNumber((whole.at(-1) as ChinaRange).start)] : null,
    days,
  };
}

/** The rows of a daily totals table in the range's spans of days. */
export function inDays(day: PgColumn, days: [number, number][]): SQL | undefined {
  return or(...days.map(([first, last]) => between(day, first, last)));
}

/** The bucket of a daily totals row in SQL: its day (`YYYYMMDD`), or its month (`YYYYMM`, integer division). */
export function bucketOf(day: PgColumn, by: By): SQL.Aliased<number> {
  return (by === 'day' ? sql<number>`${day}` : sql<number>`${day} / 100`).as('bucket');
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A bucket as the series' key: `YYYY-MM-DD` of a day, `YYYY-MM` of a month. */
export function bucketKey(bucket: number, by: By): string {
  const month = `${String(Math.floor(bucket / (by === 'day' ? 10_000 : 100))).padStart(4, '0')}-${pad(Math.floor(bucket / (by === 'day' ? 100 : 1)) % 100)}`;
  return by === 'day' ? `${month}-${pad(bucket % 100)}` : month;
}
