import { describe, expect, test } from '@rstest/core';
import { customRange, describeRange, presetRange } from './stats-range';

describe('statistics ranges', () => {
  test('presets from a China day: this month and the last 7 and 30 days by day, this year by month', () => {
    expect(presetRange('month', '2026-11-25')).toEqual({ preset: 'month', from: '2026-11-01', to: '2026-11-25', by: 'day' });
    expect(presetRange('last7', '2028-03-02')).toEqual({ preset: 'last7', from: '2028-02-25', to: '2028-03-02', by: 'day' });
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
    expect(customRange('2025-12-31', '2026-01-01')).toEqual({ preset: 'custom', from: '2025-12-31', to: '2026-01-01', by: 'day' });
  });

  test('the range in words', () => {
    expect(describeRange({ preset: 'year', from: '2026-01-01', to: '2026-11-25', by: 'month' })).toBe('2026-01-01 至 2026-11-25 · 按月');
  });
});
