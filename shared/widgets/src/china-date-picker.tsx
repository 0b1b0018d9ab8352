/**
 * A day or month picker in China's calendar, whatever the phone's time zone (`@app/domain/china-time`): it takes and
 * gives China days `YYYY-MM-DD` (months `YYYY-MM` with `precision="month"`), opens on the chosen one or else on today
 * in China, and offers `min` up to `max` (today in China unless given). antd-mobile's own DatePicker would open on the
 * phone's day and month, a day or a month early in Beijing's morning on a phone in the Americas.
 */
import { useMemo, type ReactNode, type Ref } from 'react';
import { chinaDate, pickedDay, pickedMonth, pickerDate } from '@app/domain/china-time';
import { DatePicker, type DatePickerRef } from '@app/ui/date-picker';

const SUFFIXES: Partial<Record<string, string>> = { year: '年', month: '月', day: '日' };

/** The wheels' labels in Chinese: 2025年, 3月, 15日 (antd-mobile shows bare numbers). */
export function chineseDateLabel(type: string, data: number): string {
  return `${data}${SUFFIXES[type] ?? ''}`;
}

export interface ChinaDatePickerProps {
  precision?: 'day' | 'month';
  /** The chosen China day (or month); none: the wheels start at today in China. */
  value?: string | null;
  /** The earliest and the latest China day (or month) offered; the latest is today in China unless given. */
  min: string;
  max?: string;
  title?: ReactNode;
  /** Controlled opening (a picker of its own); without it, open it through `ref` or the children's actions. */
  visible?: boolean;
  onClose?(): void;
  onConfirm?(value: string): void;
  /** What shows in place (a form field's text), with the chosen value, not the wheels' starting day. */
  children?(value: string | null, actions: { open(): void; close(): void; toggle(): void }): ReactNode;
  /** antd-mobile's picker handle (Form.Item's `onClick` opens it through this). */
  ref?: Ref<DatePickerRef>;
}

export function ChinaDatePicker({
  precision = 'day',
  value = null,
  min,
  max,
  title,
  visible,
  onClose,
  onConfirm,
  children,
  ref,
}: ChinaDatePickerProps) {
  const today = chinaDate(new Date());
  const picked = precision === 'month' ? pickedMonth : pickedDay;
  // The same Dates while the days are the same: the picker resets its wheels when its value changes.
  const shown = useMemo(() => pickerDate(value ?? today), [value, today]);
  const [earliest, latest] = useMemo(() => [pickerDate(min), pickerDate(max ?? today)], [min, max, today]);
  return (
    <DatePicker
      ref={ref}
      precision={precision}
      title={title}
      {...(visible === undefined ? {} : { visible })}
      value={shown}
      min={earliest}
      max={latest}
      renderLabel={chineseDateLabel}
      onClose={onClose}
      onConfirm={(date) => onConfirm?.(picked(date))}
    >
      {children && ((_, actions) => children(value, actions))}
    </DatePicker>
  );
}
