import { pickedDay } from '@app/domain/china-time';
import { describe, expect, test } from '@rstest/core';
import { addDays, customRange, daysIn,  describeRange, monthsIn, pickerDate, presetRange } from './stats-range';

describe('statistics ranges', () => {
  test('presets from a China day: this month and the last 7 and 30 days by day, this year by month', () => {
    expect(presetRange('month', '2026-11-25')).toEqual({ preset: 'month', from: '2026-11-01', to: '2026-11-25', by: 'day' });
    expect(presetRange('last7', '2026-03-02')).toEqual({ preset: 'last7', from: '2026-02-24', to: '2026-03-02', by: 'day' });
    expect(presetRange('last30', '2026-11-25')).toEqual({ preset: 'last30', from: '2026-10-27', to: '2026-11-25', by: 'day' });
    expect(presetRange('year', '2026-11-25')).toEqual({ preset: 'year', from: '2026-01-01', to: '2026-11-25', by: 'month' });
  });

  test('a custom range is by day up to 31 days, by month beyond, at most 24 months, never backwards', () => {
    expect(customRange('2026-05-01', '2026-05-31')).toEqual({ preset: 'custom', from: '2026-05-01', to: '2026-05-31', by: 'day' });
    expect(customRange('2026-05-01', '2026-06-01')).toEqual({ preset: 'custom', from: '2026-05-01', to: '2026-06-01', by: 'month' });
    expect(customRange('2024-12-01', '2026-11-30')).toMatchObject({ by: 'month' });
    expect(customRange('2024-11-30', '2026-11-01')).toEqual({ problem: '自定义区间最多 24 个月' });
    expect(customRange('2026-06-02', '2026-06-01')).toEqual({ problem: '开始日期不能晚于结束日期' });
  });

  test('day arithmetic, the picker’s days, the range in words', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(daysIn('2026-06-01', '2026-06-01')).toBe(1);
    expect(monthsIn('2025-12-31', '2026-01-01')).toBe(2);
    expect(pickedDay(pickerDate('2026-06-09'))).toBe('2026-06-09');
    expect(describeRange({ preset: 'year', from: '2026-01-01', to: '2026-11-25', by: 'month' })).toBe('2026-01-01 至 2026-11-25 · 按月');
  });
});
