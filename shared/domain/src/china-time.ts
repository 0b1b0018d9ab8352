/**
 * Dates as a user in China reads them (docs/product.md: `YYYY-MM-DD`, times `YYYY-MM-DD HH:mm`), in China time (UTC+8, no
 * daylight saving) whatever the phone's or the server's time zone.
 */
const CHINA_OFFSET_MS = 8 * 3600 * 1000;

function inChina(at: Date | string): string {
  return new Date(new Date(at).getTime() + CHINA_OFFSET_MS).toISOString();
}

/** The calendar day in China, `YYYY-MM-DD`. */
export function chinaDate(at: Date | string): string {
  return inChina(at).slice(0, 10);
}

/** `YYYY-MM-DD HH:mm` in China time; an empty string for what is not a time. */
export function chinaDateTime(at: Date | string): string {
  if (Number.isNaN(new Date(at).getTime())) return '';
  return inChina(at).slice(0, 16).replace('T', ' ');
}

/** The China month of `at`, `YYYY-MM` (the months the server keeps: lists' month filters, monthly totals). */
export function chinaMonth(at: Date | string): string {
  return inChina(at).slice(0, 7);
}

/**
 * The China calendar day of `at` as the phone's local midnight of that day: what a date picker (antd-mobile's
 * DatePicker works in the phone's calendar) takes as "today", so a phone in another time zone offers the day it is in
 * China, not its own.
 */
export function chinaCalendarDay(at: Date | string): Date {
  const [year, month, day] = chinaDate(at).split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day);
}

/** The instant the China month of `at` began. */
export function chinaMonthStart(at: Date | string): Date {
  return new Date(`${inChina(at).slice(0, 7)}-01T00:00:00+08:00`);
}

/** The China month of `at` as a number, `YYYYMM` (the key of monthly totals). */
export function chinaMonthNumber(at: Date | string): number {
  return Number(inChina(at).slice(0, 7).replace('-', ''));
}

/** The China day of `at` as a number, `YYYYMMDD` (the key of daily totals; `YYYYMMDD / 100` is its `YYYYMM`). */
export function chinaDayNumber(at: Date | string): number {
  return Number(inChina(at).slice(0, 10).replaceAll('-', ''));
}

/**
 * A date picker's value → `YYYY-MM-DD`. The picker works in the phone's calendar, and what the user picked on it is the
 * China day they meant (its "today" is chinaCalendarDay), so the phone's calendar fields are read as they are.
 */
export function pickedDay(picked: Date): string {
  return `${picked.getFullYear()}-${String(picked.getMonth() + 1).padStart(2, '0')}-${String(picked.getDate()).padStart(2, '0')}`;
}

/** A month picker's value → `YYYY-MM` (see pickedDay). */
export function pickedMonth(picked: Date): string {
  return pickedDay(picked).slice(0, 7);
}
