import { describe, expect, test } from '@rstest/core';
import { compactYuan, keyLabel, legendYuan, toChartData, valueRange } from './chart-data';

describe('chart data', () => {
  test('days and months become short labels; months show the year across years', () => {
    expect(keyLabel('2026-06-01')).toBe('6/1');
    expect(keyLabel('2026-11')).toBe('11月');
    expect(keyLabel('2026-01', true)).toBe('2026/1');
    expect(toChartData(['2025-12', '2026-01'], []).labels).toEqual(['2025/12', '2026/1']);
    expect(toChartData(['2026-05', '2026-06'], []).labels).toEqual(['5月', '6月']);
  });

  test('x is the position, each series in yuan (red negative as given), a missing value zero', () => {
    const { labels, data } = toChartData(
      ['2026-06-01', '2026-06-02', '2026-06-03'],
      [
        { label: '蓝票', color: 'blue', fen: [10_600, 0, 123] },
        { label: '红票', color: 'red', fen: [0, -5_300] },
      ],
    );
    expect(labels).toEqual(['6/1', '6/2', '6/3']);
    expect(data).toEqual([
      [0, 1, 2],
      [106, 0, 1.23],
      [0, -53, 0],
    ]);
  });

  test('axis ticks are short, the legend is money, the range takes zero in', () => {
    expect([0, 800, 1_200, 35_000, -20_000, 250_000_000].map(compactYuan)).toEqual(['0', '800', '1.2千', '3.5万', '-2万', '2.5亿']);
    expect(legendYuan(1234.5)).toBe('¥1,234.50');
    expect(legendYuan(-53)).toBe('-¥53.00');
    expect(legendYuan(null)).toBe('–');
    expect(valueRange(0, 0)).toEqual([0, 1]);
    expect(valueRange(null, null)).toEqual([0, 1]);
    expect(valueRange(10, 100)).toEqual([0, 110.00000000000001]);
    expect(valueRange(-50, 0)).toEqual([-55.00000000000001, 0]);
  });
});
