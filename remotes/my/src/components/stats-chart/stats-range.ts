/**
 * The ranges of the statistics pages, in China days (`YYYY-MM-DD`): 本月, 近 7 天, 近 30 天 (by day), 本年 (by month)
 * and a custom one, by day up to 31 days and by month beyond, at most 24 months (what the server accepts).
 */
import { chinaDate } from '@app/domain/china-time';

export type RangePreset = 'month' | 'last7' | 'last30' | 'year' | 'custom';
export type StatsBy = 'day' | 'month';

export interface StatsRange {
  preset: RangePreset;
  from: string;
  to: string;
  by: StatsBy;
}

export const PRESETS: { value: RangePreset; label: string }[] = [
  { value: 'month', label: '本月' },
  { value: 'last7', label: '近 7 天' },
  { value: 'last30', label: '近 30 天' },
  { value: 'year', label: '本年' },
  { value: 'custom', label: '自定义' },
];

export const MAX_DAYS = 31;
export const MAX_MONTHS = 24;

const DAY_MS = 86_400_000;
const utc = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** Today in China. */
export const chinaToday = (): string => chinaDate(new Date());

/** The day `count` days after `day` (before, when negative). */
export function addDays(day: string, count: number): string {
  return new Date(utc(day) + count * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both counted. */
export function daysIn(from: string, to: string): number {
  return Math.round((utc(to) - utc(from)) / DAY_MS) + 1;
}

/** Months from the month of `from` to the month of `to`, both counted. */
export function monthsIn(from: string, to: string): number {
  const index = (day: string) => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7));
  return index(to) - index(from) + 1;
}

export function presetRange(preset: Exclude<RangePreset, 'custom'>, today = chinaToday()): StatsRange {
  switch (preset) {
    case 'month':
      return { preset, from: `${today.slice(0, 7)}-01`, to: today, by: 'day' };
    case 'last7':
      return { preset, from: addDays(today, -6), to: today, by: 'day' };
    case 'last30':
      return { preset, from: addDays(today, -29), to: today, by: 'day' };
    case 'year':
      return { preset, from: `${today.slice(0, 4)}-01-01`, to: today, by: 'month' };
  }
}

/** A range the user picked: by day when it fits 31 days, else by month; or why it cannot be counted. */
export function customRange(from: string, to: string): StatsRange | { problem: string } {
  if (from > to) return { problem: '开始日期不能晚于结束日期' };
  if (daysIn(from, to) <= MAX_DAYS) return { preset: 'custom', from, to, by: 'day' };
  if (monthsIn(from, to) > MAX_MONTHS) return { problem: `自定义区间最多 ${MAX_MONTHS} 个月` };
  return { preset: 'custom', from, to, by: 'month' };
}

/** `YYYY-MM-DD` → a Date the date picker shows as that day. */
export function pickerDate(day: string): Date {
  return new Date(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
}

/** `2026-11-01 至 2026-11-25 · 按日` */
export function describeRange(range: StatsRange): string {
  return `${range.from} 至 ${range.to} · ${range.by === 'day' ? '按日' : '按月'}`;
}
