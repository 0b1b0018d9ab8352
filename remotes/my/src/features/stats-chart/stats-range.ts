/**
 * The ranges of the statistics pages, in China days (`YYYY-MM-DD`): 本月, 近 7 天, 近 30 天 (by day), 本年 (by month)
 * and a custom one, by day up to 31 days and by month beyond, at most 24 months (what the server accepts).
 */
import { addChinaDays, chinaDate, chinaRange } from '@app/domain/china-time';

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

/** Today in China. */
export const chinaToday = (): string => chinaDate(new Date());

export function presetRange(preset: Exclude<RangePreset, 'custom'>, today = chinaToday()): StatsRange {
  switch (preset) {
    case 'month':
      return { preset, from: `${today.slice(0, 7)}-01`, to: today, by: 'day' };
    case 'last7':
      return { preset, from: addChinaDays(today, -6), to: today, by: 'day' };
    case 'last30':
      return { preset, from: addChinaDays(today, -29), to: today, by: 'day' };
    case 'year':
      return { preset, from: `${today.slice(0, 4)}-01-01`, to: today, by: 'month' };
  }
}

/** A range the user picked: by day when it fits 31 days, else by month; or why it cannot be counted. */
export function customRange(from: string, to: string): StatsRange | { problem: string } {
  const range = chinaRange(from, to);
  if (!range) return { problem: '开始日期不能晚于结束日期' };
  if (range.dayCount <= MAX_DAYS) return { preset: 'custom', from, to, by: 'day' };
  if (range.monthCount > MAX_MONTHS) return { problem: `自定义区间最多 ${MAX_MONTHS} 个月` };
  return { preset: 'custom', from, to, by: 'month' };
}

/** `2026-11-01 至 2026-11-25 · 按日` */
export function describeRange(range: StatsRange): string {
  return `${range.from} 至 ${range.to} · ${range.by === 'day' ? '按日' : '按月'}`;
}
