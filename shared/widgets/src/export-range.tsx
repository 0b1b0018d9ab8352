/**
 * The range of an export (导出): 本月, 上月, a month picked, or a span of days picked, always China's calendar
 * (`@app/domain/china-time`), never the phone's; and the fields that choose it. The server takes a month or two days
 * (`export/create`: `month`, or `from` and `to`, both included, at most MAX_EXPORT_DAYS).
 */
import { useState } from 'react';
import { addChinaDays, addChinaMonths, chinaDate, chinaMonth, chinaRange } from '@app/domain/china-time';
import { Selector } from '@app/ui/selector';
import { ChinaDatePicker } from './china-date-picker';
import styles from './export-sheet.module.css';

export type RangeChoice = 'this' | 'last' | 'month' | 'days';

export interface ExportRange {
  choice: RangeChoice;
  /** The month picked (`YYYY-MM`), used with `month`. */
  month: string;
  /** The days picked (`YYYY-MM-DD`), used with `days`; null until picked. */
  from: string | null;
  to: string | null;
}

/** The span the server takes at most, both ends included (the contract's MAX_EXPORT_DAYS: client code takes only its types). */
export const MAX_EXPORT_DAYS = 366;
/** Nothing older is offered (digital invoices exist since 2021). */
export const EARLIEST_DAY = '2021-01-01';

const CHOICES: { value: RangeChoice; label: string }[] = [
  { value: 'this', label: '本月' },
  { value: 'last', label: '上月' },
  { value: 'month', label: '按月份' },
  { value: 'days', label: '按日期' },
];

/** The range a sheet opens with: the list's month where it shows one (本月 or 上月 when it is one of them), else 本月. */
export function initialRange(now: Date, listMonth?: string | null): ExportRange {
  const thisMonth = chinaMonth(now);
  const month = listMonth ?? thisMonth;
  const choice = month === thisMonth ? 'this' : month === addChinaMonths(thisMonth, -1) ? 'last' : 'month';
  return { choice, month, from: null, to: null };
}

/** The month or the days the range stands for, as `export/create` takes them; null while a day is still to pick. */
export function rangeBody(range: ExportRange, now: Date): { month: string } | { from: string; to: string } | null {
  const thisMonth = chinaMonth(now);
  if (range.choice === 'this') return { month: thisMonth };
  if (range.choice === 'last') return { month: addChinaMonths(thisMonth, -1) };
  if (range.choice === 'month') return { month: range.month };
  return range.from && range.to ? { from: range.from, to: range.to } : null;
}

export function monthText(month: string): string {
  return `${month.slice(0, 4)}年${Number(month.slice(5, 7))}月`;
}

/** The range in words: 2026年11月 (11-01 至 11-30), or 2026-10-15 至 2026-11-14. */
export function rangeText(body: { month: string } | { from: string; to: string }): string {
  if ('from' in body) return `${body.from} 至 ${body.to}`;
  const days = chinaRange(body.month);
  return days ? `${monthText(body.month)}（${days.firstDay.slice(5)} 至 ${days.lastDay.slice(5)}）` : monthText(body.month);
}

/** The latest end day for a start day: MAX_EXPORT_DAYS in all, and never after today in China. */
function latestEnd(from: string, today: string): string {
  const end = addChinaDays(from, MAX_EXPORT_DAYS - 1);
  return end < today ? end : today;
}

type Picking = 'month' | 'from' | 'to' | null;

function PickButton({ label, value, onClick }: { label: string; value: string | null; onClick(): void }) {
  return (
    <button type="button" className={styles.pick} onClick={onClick} aria-label={`${label} ${value ?? '未选择'}`}>
      <span className={styles.pickLabel}>{label}</span>
      <span className={value ? styles.pickValue : styles.pickEmpty}>{value ?? '请选择'}</span>
      <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true">
        <path d="M4 2l4 4-4 4" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
      </svg>
    </button>
  );
}

export interface RangeFieldsProps {
  range: ExportRange;
  onChange(range: ExportRange): void;
}

/** 时间范围: the four choices, then the month or the two days to pick where the choice needs them. */
export function RangeFields({ range, onChange }: RangeFieldsProps) {
  const [picking, setPicking] = useState<Picking>(null);
  const today = chinaDate(new Date());
  const pickFrom = (from: string) => {
    // An end day before the new start, or too far after it, is picked again.
    const keep = range.to !== null && range.to >= from && range.to <= latestEnd(from, today);
    onChange({ ...range, from, to: keep ? range.to : null });
  };
  return (
    <fieldset className={styles.field}>
      <legend className={styles.fieldTitle}>时间范围</legend>
      <Selector<RangeChoice>
        columns={4}
        options={CHOICES}
        value={[range.choice]}
        onChange={(values) => values[0] && onChange({ ...range, choice: values[0] })}
      />
      {range.choice === 'month' ? <PickButton label="月份" value={monthText(range.month)} onClick={() => setPicking('month')} /> : null}
      {range.choice === 'days' ? (
        <>
          <PickButton label="开始日期" value={range.from} onClick={() => setPicking('from')} />
          <PickButton label="结束日期" value={range.to} onClick={() => setPicking(range.from ? 'to' : 'from')} />
        </>
      ) : null}
      <ChinaDatePicker
        title="选择月份"
        precision="month"
        visible={picking === 'month'}
        value={range.month}
        min={EARLIEST_DAY.slice(0, 7)}
        onClose={() => setPicking(null)}
        onConfirm={(month) => onChange({ ...range, month })}
      />
      <ChinaDatePicker
        title="选择开始日期"
        visible={picking === 'from'}
        value={range.from}
        min={EARLIEST_DAY}
        onClose={() => setPicking(null)}
        onConfirm={pickFrom}
      />
      <ChinaDatePicker
        title="选择结束日期"
        visible={picking === 'to'}
        value={range.to ?? range.from}
        min={range.from ?? EARLIEST_DAY}
        max={range.from ? latestEnd(range.from, today) : today}
        onClose={() => setPicking(null)}
        onConfirm={(to) => onChange({ ...range, to })}
      />
    </fieldset>
  );
}
