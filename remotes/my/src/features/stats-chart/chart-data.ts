/**
 * What the statistics chart draws, from a call's series: short labels under the bars and the values in yuan (uPlot
 * draws numbers; the money itself stays integer fen until here). Pure, so it is tested without a canvas.
 */
import { formatYuan } from '@app/domain/money';

export interface ChartSeries {
  label: string;
  /** A CSS colour for the bars. */
  color: string;
  /** Fen, one value per key. */
  fen: number[];
}

export interface ChartData {
  /** Under each bar: `6/1` for a day, `6月` (or `2025/12` across years) for a month. */
  labels: string[];
  /** uPlot's data: the x positions (0…n-1) then each series in yuan. */
  data: [number[], ...number[][]];
}

/** The label of one series key (`YYYY-MM-DD` or `YYYY-MM`); months show the year when the range crosses one. */
export function keyLabel(key: string, showYear = false): string {
  const [year, month, day] = key.split('-');
  if (day) return `${Number(month)}/${Number(day)}`;
  return showYear ? `${year}/${Number(month)}` : `${Number(month)}月`;
}

export function toChartData(keys: string[], series: ChartSeries[]): ChartData {
  const years = new Set(keys.map((key) => key.slice(0, 4)));
  const labels = keys.map((key) => keyLabel(key, years.size > 1));
  return {
    labels,
    data: [keys.map((_key, index) => index), ...series.map((one) => keys.map((_key, index) => (one.fen[index] ?? 0) / 100))],
  };
}

/** An axis tick in yuan, short: `0`, `800`, `1.2千`, `3.5万`, `-2万`. */
export function compactYuan(yuan: number): string {
  const abs = Math.abs(yuan);
  const sign = yuan < 0 ? '-' : '';
  const trim = (value: number) => String(Number(value.toFixed(1)));
  if (abs >= 100_000_000) return `${sign}${trim(abs / 100_000_000)}亿`;
  if (abs >= 10_000) return `${sign}${trim(abs / 10_000)}万`;
  if (abs >= 1_000) return `${sign}${trim(abs / 1_000)}千`;
  return `${sign}${trim(abs)}`;
}

/** A value in the chart's legend: yuan back to fen, shown as money. */
export function legendYuan(yuan: number | null | undefined): string {
  return yuan === null || yuan === undefined ? '–' : formatYuan(Math.round(yuan * 100));
}

/** The y range: always takes zero in, a little room above and below, never empty. */
export function valueRange(min: number | null, max: number | null): [number, number] {
  const low = Math.min(0, min ?? 0);
  const high = Math.max(0, max ?? 0);
  if (low === high) return [0, 1];
  return [low * 1.1, high * 1.1];
}
