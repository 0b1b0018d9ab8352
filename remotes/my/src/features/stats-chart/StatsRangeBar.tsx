/**
 * The range of a statistics page: 本月 / 近 7 天 / 近 30 天 / 本年, or 自定义 with a start and an end day picked on
 * date pickers (by day up to 31 days, by month beyond, at most 24 months), and the range in words.
 */
import { lazy, Suspense, useState } from 'react';
import { Button } from '@app/ui/button';
import { Selector } from '@app/ui/selector';
import './stats-page.css';
import { chinaToday, customRange, describeRange, presetRange, PRESETS, type RangePreset, type StatsRange } from './stats-range';

/** Fetched when 自定义 first opens a picker, not with the page. */
const ChinaDatePicker = lazy(() => import('@app/widgets/china-date-picker').then((module) => ({ default: module.ChinaDatePicker })));

/** The earliest day a digital invoice (and so a statistic) can have. */
const EARLIEST = '2021-01-01';

export interface StatsRangeBarProps {
  value: StatsRange;
  onChange(range: StatsRange): void;
}

export function StatsRangeBar({ value, onChange }: StatsRangeBarProps) {
  const [custom, setCustom] = useState(value.preset === 'custom');
  const [draft, setDraft] = useState({ from: value.from, to: value.to });
  const [picking, setPicking] = useState<'from' | 'to' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const today = chinaToday();

  function choose(preset: RangePreset) {
    setProblem(null);
    if (preset === 'custom') {
      setCustom(true);
      setDraft({ from: value.from, to: value.to });
      return;
    }
    setCustom(false);
    onChange(presetRange(preset, today));
  }

  function pick(which: 'from' | 'to', day: string) {
    const next = { ...draft, [which]: day };
    setDraft(next);
    const range = customRange(next.from, next.to);
    if ('problem' in range) {
      setProblem(range.problem);
      return;
    }
    setProblem(null);
    onChange(range);
  }

  return (
    <section className="stats-range" aria-label="统计区间">
      <Selector
        className="stats-range__presets"
        showCheckMark={false}
        options={PRESETS}
        value={[custom ? 'custom' : value.preset]}
        onChange={(chosen) => chosen[0] && choose(chosen[0])}
      />
      {custom ? (
        <div className="stats-range__custom">
          <Button size="small" onClick={() => setPicking('from')} aria-label={`开始日期 ${draft.from}`}>
            {draft.from}
          </Button>
          <span className="stats-range__to">至</span>
          <Button size="small" onClick={() => setPicking('to')} aria-label={`结束日期 ${draft.to}`}>
            {draft.to}
          </Button>
        </div>
      ) : null}
      {problem ? (
        <p className="stats-range__problem" role="alert">
          {problem}
        </p>
      ) : (
        <p className="stats-range__described">{describeRange(value)}</p>
      )}
      {picking ? (
        <Suspense fallback={null}>
          <ChinaDatePicker
            visible
            title={picking === 'from' ? '选择开始日期' : '选择结束日期'}
            min={EARLIEST}
            max={today}
            value={draft[picking]}
            onClose={() => setPicking(null)}
            onConfirm={(day) => pick(picking, day)}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
