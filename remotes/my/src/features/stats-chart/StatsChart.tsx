/**
 * The bar chart of the statistics pages (开票统计, 收入统计): one bar a day or a month, one colour per series (blue
 * invoices above the axis, red ones below it as they are stored, negative; or the income). Drawn by uPlot (about
 * 22 KiB gzip), fetched by the page when it first draws a chart, so the rest of the remote never carries it. The
 * numbers are on the page beside it (totals, the table), so a chart that cannot be drawn only says so.
 */
import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { compactYuan, legendYuan, toChartData, valueRange, type ChartSeries } from './chart-data';
import './stats-chart.css';

export type { ChartSeries } from './chart-data';

type PlotClass = typeof uPlot;

/** uPlot itself, fetched once when the first chart draws. */
export const loadUPlot = (): Promise<PlotClass> => import('uplot').then((module) => module.default);

export interface StatsChartProps {
  /** The series' keys (`YYYY-MM-DD` or `YYYY-MM`), in order. */
  keys: string[];
  series: ChartSeries[];
  /** What the chart shows, for screen readers (`每日开票金额`). */
  label: string;
  height?: number;
  /** How uPlot is loaded (tests give another). */
  load?: () => Promise<PlotClass>;
}

const AXIS = { stroke: '#8c8c8c', font: '11px sans-serif', ticks: { show: false }, grid: { stroke: '#f0f0f0', width: 1 } };

/**
 * uPlot's options for these keys and series, at this width; `xLabel` names the bars' keys in the legend (日期, 月份).
 * The legend follows the finger over the bars; with none on them (before a first tap, and after) it shows the latest
 * day's or month's figures rather than uPlot's empty placeholders.
 */
export function chartOptions(
  Plot: PlotClass,
  labels: string[],
  series: ChartSeries[],
  width: number,
  height: number,
  xLabel = '日期',
): uPlot.Options {
  const bars = Plot.paths.bars?.({ size: [0.6, 28], align: 0 });
  const latest = labels.length - 1;
  const shown = (at: number | null | undefined) => (at === null || at === undefined ? latest : at);
  return {
    width,
    height,
    legend: { show: true, live: true },
    cursor: { drag: { x: false, y: false }, points: { show: false } },
    scales: {
      x: { time: false, range: () => [-0.5, labels.length - 0.5] },
      y: { range: (_plot, min, max) => valueRange(min, max) },
    },
    axes: [
      {
        ...AXIS,
        grid: { show: false },
        incrs: [1, 2, 3, 5, 7, 10, 15],
        space: 34,
        values: (_plot, splits) => splits.map((at) => (Number.isInteger(at) ? (labels[at] ?? '') : '')),
      },
      { ...AXIS, size: 48, values: (_plot, splits) => splits.map(compactYuan) },
    ],
    series: [
      { label: xLabel, value: (_plot, at) => (Number.isInteger(shown(at)) ? (labels[shown(at)] ?? '') : '') },
      ...series.map((one) => ({
        label: one.label,
        stroke: one.color,
        fill: one.color,
        width: 0,
        points: { show: false },
        paths: bars,
        // uPlot gives the value under the cursor, and no index when the cursor is off the chart.
        value: (_plot: uPlot, yuan: number | null, _series: number, at: number | null) =>
          legendYuan(at === null || at === undefined ? (latest < 0 ? null : (one.fen[latest] ?? 0) / 100) : yuan),
      })),
    ],
  };
}

export function StatsChart({ keys, series, label, height = 200, load = loadUPlot }: StatsChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const target = box.current;
    if (!target) return;
    let plot: uPlot | null = null;
    let current = true;
    let resize: (() => void) | null = null;
    setFailed(false);
    load().then(
      (Plot) => {
        if (!current) return;
        try {
          // uPlot draws on a 2D canvas; where there is none (a locked-down web view, happy-dom) it would throw later.
          if (!document.createElement('canvas').getContext('2d')) throw new Error('no canvas');
          const { labels, data } = toChartData(keys, series);
          const width = () => Math.max(target.clientWidth, 240);
          plot = new Plot(chartOptions(Plot, labels, series, width(), height, keys[0]?.length === 7 ? '月份' : '日期'), data, target);
          resize = () => plot?.setSize({ width: width(), height });
          window.addEventListener('resize', resize);
        } catch {
          setFailed(true);
        }
      },
      () => current && setFailed(true),
    );
    return () => {
      current = false;
      if (resize) window.removeEventListener('resize', resize);
      plot?.destroy();
    };
  }, [keys, series, height, load]);

  return (
    <figure className="stats-chart" aria-label={label}>
      <div ref={box} className="stats-chart__plot" style={{ minHeight: height }} />
      {failed ? <figcaption className="stats-chart__failed">图表暂时无法显示</figcaption> : null}
    </figure>
  );
}
