/**
 * A time field of the trip form: the chosen minute, in China time, as a button; antd-mobile's DatePicker (with the
 * animation and gesture libraries behind its popup) loads when the driver first taps it, so the form's first load
 * stays light (a driver's first tap, docs/benchmarks.md, "`npm run bench:bundle`"). Its wheels show China's date and
 * time (`pickerTime`), not the phone's, and what is picked on them is read as China time (`pickedTime`).
 */
import { lazy, useMemo, useState } from 'react';
import { chinaDateTime, pickedTime, pickerTime } from '@app/domain/china-time';
import { WhenOpened } from '@app/widgets/when-opened';

const DatePicker = lazy(() => import('@app/ui/date-picker').then((module) => ({ default: module.DatePicker })));

const UNITS: Partial<Record<string, string>> = { year: '年', month: '月', day: '日', hour: '时', minute: '分' };
const columnLabel = (type: string, data: number) => `${String(data).padStart(type === 'year' ? 4 : 2, '0')}${UNITS[type] ?? ''}`;

export interface TimeInputProps {
  /** What the field is (上车时间), for the picker's title and the button's name. */
  label: string;
  min: Date;
  max: Date;
  /** Given by Form.Item. */
  value?: Date | null;
  onChange?: (value: Date) => void;
}

export function TimeInput({ label, min, max, value, onChange }: TimeInputProps) {
  const [open, setOpen] = useState(false);
  const shown = value ? chinaDateTime(value) : null;
  // Nothing chosen yet: the wheels start at the latest time allowed (now, in China).
  const [earliest, latest, current] = useMemo(() => [pickerTime(min), pickerTime(max), pickerTime(value ?? max)], [min, max, value]);
  return (
    <>
      <button
        type="button"
        className="taxi-trip__time"
        aria-haspopup="dialog"
        aria-label={`${label}：${shown ?? '请选择'}`}
        onClick={() => setOpen(true)}
      >
        {shown ?? <span className="taxi-trip__placeholder">请选择</span>}
      </button>
      <WhenOpened visible={open}>
        <DatePicker
          visible={open}
          title={`选择${label}`}
          precision="minute"
          min={earliest}
          max={latest}
          value={current}
          renderLabel={columnLabel}
          onClose={() => setOpen(false)}
          onConfirm={(picked) => onChange?.(pickedTime(picked))}
        />
      </WhenOpened>
    </>
  );
}
