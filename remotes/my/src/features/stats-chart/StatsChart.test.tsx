import { afterEach, describe, expect, test } from '@rstest/core';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type uPlot from 'uplot';
import { StatsChart, loadUPlot, type ChartSeries } from './StatsChart';

afterEach(cleanup);

const KEYS = ['2026-06-01', '2026-06-02'];
const SERIES: ChartSeries[] = [
  { label: '蓝票', color: '#1677ff', fen: [10_600, 0] },
  { label: '红票', color: '#ff3141', fen: [0, -5_300] },
];

/** Stands in for uPlot: records what it was given. */
function fakePlot() {
  const made: { options: uPlot.Options; data: uPlot.AlignedData; target: HTMLElement; destroyed: boolean }[] = [];
  class FakePlot {
    static paths = { bars: () => () => null };
    constructor(options: uPlot.Options, data: uPlot.AlignedData, target: HTMLElement) {
      made.push({ options, data, target, destroyed: false });
    }
    setSize() {}
    destroy() {
      made[made.length - 1]!.destroyed = true;
    }
  }
  return { made, load: () => Promise.resolve(FakePlot as unknown as typeof uPlot) };
}

describe('StatsChart', () => {
  const realGetContext = HTMLCanvasElement.prototype.getContext;
  afterEach(() => {
    HTMLCanvasElement.prototype.getContext = realGetContext;
  });
  /** happy-dom has no 2D canvas: the chart checks for one first. */
  const withCanvas = () => {
    HTMLCanvasElement.prototype.getContext = (() => ({})) as unknown as typeof realGetContext;
  };

  test('draws the series in yuan with labels under the bars, and lets go of the plot when unmounted', async () => {
    withCanvas();
    const { made, load } = fakePlot();
    const { unmount } = render(<StatsChart keys={KEYS} series={SERIES} label="每日蓝票与红票金额" load={load} />);
    expect(screen.getByRole('figure', { name: '每日蓝票与红票金额' })).toBeTruthy();
    await waitFor(() => expect(made).toHaveLength(1));
    const [plot] = made;
    expect(plot!.data).toEqual([
      [0, 1],
      [106, 0],
      [0, -53],
    ]);
    expect(plot!.options.series.map((series) => series.label)).toEqual(['日期', '蓝票', '红票']);
    const xValues = plot!.options.axes?.[0]?.values as (plot: unknown, splits: number[]) => string[];
    expect(xValues(null, [0, 0.5, 1])).toEqual(['6/1', '', '6/2']);
    const legend = plot!.options.series[1]!.value as (plot: unknown, value: number | null, series: number, at: number | null) => string;
    expect(legend(null, 106, 1, 0)).toBe('¥106.00');
    // Off the bars (as it first shows) the legend reads the latest day, never an empty placeholder.
    const xLegend = plot!.options.series[0]!.value as (plot: unknown, at: number | null) => string;
    expect(xLegend(null, null)).toBe('6/2');
    expect(legend(null, null, 1, null)).toBe('¥0.00');
    expect((plot!.options.series[2]!.value as typeof legend)(null, null, 2, null)).toBe('-¥53.00');
    unmount();
    expect(plot!.destroyed).toBe(true);
  });

  test('mounts with the real uPlot in happy-dom without throwing (drawn, or "cannot show" where there is no canvas)', async () => {
    render(<StatsChart keys={KEYS} series={SERIES} label="每日蓝票与红票金额" load={loadUPlot} />);
    await waitFor(() => expect(document.querySelector('.uplot') ?? screen.queryByText('图表暂时无法显示')).toBeTruthy());
  });

  test('a chart library that cannot be fetched says so', async () => {
    render(<StatsChart keys={KEYS} series={SERIES} label="每日收入金额" load={() => Promise.reject(new Error('offline'))} />);
    expect(await screen.findByText('图表暂时无法显示')).toBeTruthy();
  });
});
