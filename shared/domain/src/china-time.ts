/**
 * Dates as a user in China reads them (docs/product.md: `YYYY-MM-DD`, times `YYYY-MM-DD HH:mm`), in China time (UTC+8, no
 * daylight saving) whatever the phone's or the server's time zone.
 */
const CHINA_OFFSET_MS = 8 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;

/** An instant: a Date, ISO text as the server answers it, or milliseconds since the epoch. */
export type Instant = Date | string | number;

function inChina(at: Instant): string {
  return new Date(new Date(at).getTime() + CHINA_OFFSET_MS).toISOString();
}

/** The calendar day in China, `YYYY-MM-DD`. */
export function chinaDate(at: Instant): string {
  return inChina(at).slice(0, 10);
}

/** `YYYY-MM-DD HH:mm` in China time; an empty string for what is not a time. */
export function chinaDateTime(at: Instant): string {
  if (Number.isNaN(new Date(at).getTime())) return '';
  return inChina(at).slice(0, 16).replace('T', ' ');
}

/** The China month of `at`, `YYYY-MM` (the months the server keeps: lists' month filters, monthly totals). */
export function chinaMonth(at: Instant): string {
  return inChina(at).slice(0, 7);
}

/** The China month of `at` as a number, `YYYYMM` (the key of monthly totals). */
export function chinaMonthNumber(at: Instant): number {
  return Number(inChina(at).slice(0, 7).replace('-', ''));
}

/** The China day of `at` as a number, `YYYYMMDD` (the key of daily totals; `YYYYMMDD / 100` is its `YYYYMM`). */
export function chinaDayNumber(at: Instant): number {
  return Number(inChina(at).slice(0, 10).replaceAll('-', ''));
}

/**
 * A span of whole China days, as every list, total and statistic filters by it: the instants from `start` (00:00:00.000
 * in China of its first day) up to, not including, `end` (00:00:00.000 in China of the day after its last).
 */
export interface ChinaRange {
  start: Date;
  end: Date;
  /** Its first and last China day, `YYYY-MM-DD`. */
  firstDay: string;
  lastDay: string;
  /** How many days it holds, and how many China months it touches (a partial first or last one counts). */
  dayCount: number;
  monthCount: number;
}

/** The instant a China day begins, from calendar fields that may run over (month 12 is January of the next year). */
function chinaMidnight(year: number, monthIndex: number, day: number): Date {
  const utc = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC reads the years 0–99 as 1900–1999.
  utc.setUTCFullYear(year, monthIndex, day);
  return new Date(utc.getTime() - CHINA_OFFSET_MS);
}

/** The instants of a China day `YYYY-MM-DD` or month `YYYY-MM`; null for anything else (2026-02-30, 2026-13). */
function spanOf(text: string): { start: Date; end: Date } | null {
  const match = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(text);
  if (!match) return null;
  const [year, month] = [Number(match[1]), Number(match[2])];
  if (month < 1 || month > 12) return null;
  if (match[3] === undefined) return { start: chinaMidnight(year, month - 1, 1), end: chinaMidnight(year, month, 1) };
  const start = chinaMidnight(year, month - 1, Number(match[3]));
  if (chinaDate(start) !== text) return null;
  return { start, end: new Date(start.getTime() + DAY_MS) };
}

const monthIndexOf = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
const monthOfIndex = (index: number) => `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;

/**
 * The China days from `first` to `last`, both included; each is a day `YYYY-MM-DD` or a month `YYYY-MM` (a month from
 * its first day to its last). Null when either is not a real day or month, or `last` is before `first`.
 */
export function chinaRange(first: string, last: string = first): ChinaRange | null {
  const [from, to] = [spanOf(first), spanOf(last)];
  if (!from || !to || to.start < from.start) return null;
  const [firstDay, lastDay] = [chinaDate(from.start), chinaDate(to.end.getTime() - 1)];
  return {
    start: from.start,
    end: to.end,
    firstDay,
    lastDay,
    dayCount: Math.round((to.end.getTime() - from.start.getTime()) / DAY_MS),
    monthCount: monthIndexOf(lastDay) - monthIndexOf(firstDay) + 1,
  };
}

/** Whether the instant `at` is in the range. */
export function inChinaRange(range: ChinaRange, at: Instant): boolean {
  const time = new Date(at).getTime();
  return time >= range.start.getTime() && time < range.end.getTime();
}

/** Every China day of the range, `YYYY-MM-DD`, first to last (dayCount of them: check it before asking). */
export function chinaDays(range: ChinaRange): string[] {
  return Array.from({ length: range.dayCount }, (_, index) => chinaDate(range.start.getTime() + index * DAY_MS));
}

/** Every China month the range touches, `YYYY-MM`, first to last. */
export function chinaMonths(range: ChinaRange): string[] {
  const first = monthIndexOf(range.firstDay);
  return Array.from({ length: range.monthCount }, (_, index) => monthOfIndex(first + index));
}

/** The China day `count` days after `day` (`YYYY-MM-DD`; before it when negative). */
export function addChinaDays(day: string, count: number): string {
  const span = spanOf(day);
  if (!span || day.length !== 10) throw new RangeError(`not a day: ${day}`);
  return chinaDate(span.start.getTime() + count * DAY_MS);
}

/** The China month `count` months after `month` (`YYYY-MM`; before it when negative). */
export function addChinaMonths(month: string, count: number): string {
  if (!spanOf(month) || month.length !== 7) throw new RangeError(`not a month: ${month}`);
  return monthOfIndex(monthIndexOf(month) + count);
}

/** The China month of `now` and the `count - 1` before it, newest first. */
export function recentChinaMonths(now: Date, count: number): string[] {
  const month = chinaMonth(now);
  return Array.from({ length: count }, (_, back) => addChinaMonths(month, -back));
}

// ---- Date pickers. antd-mobile's DatePicker works in the phone's calendar and clock; on a phone in another time zone
// its fields must still be China's, so its values are the phone's local times whose fields read as China's (never
// the instants themselves), made and read back here.

/** Local time of the phone with these fields (setFullYear: the Date constructor reads the years 0–99 as 1900–1999). */
function phoneLocal(year: number, monthIndex: number, day: number, hours = 0, minutes = 0, seconds = 0, ms = 0): Date {
  const at = new Date(0);
  at.setFullYear(year, monthIndex, day);
  at.setHours(hours, minutes, seconds, ms);
  return at;
}

/**
 * The picker's value for a China day `YYYY-MM-DD` or month `YYYY-MM` (its first day): the default, bounds and chosen
 * value of a day or month picker. `pickerDate(chinaDate(new Date()))` is today in China, whatever the phone's day.
 */
export function pickerDate(dayOrMonth: string): Date {
  const [year, month, day] = [Number(dayOrMonth.slice(0, 4)), Number(dayOrMonth.slice(5, 7)), Number(dayOrMonth.slice(8, 10) || 1)];
  return phoneLocal(year, month - 1, day);
}

/** The picker's value for the instant `at`, showing China's date and time of it (a minute picker's default and bounds). */
export function pickerTime(at: Instant): Date {
  const [date, time] = inChina(at).slice(0, 23).split('T') as [string, string];
  const [hours, minutes, seconds] = time.split(':').map(Number) as [number, number, number];
  return phoneLocal(
    Number(date.slice(0, 4)),
    Number(date.slice(5, 7)) - 1,
    Number(date.slice(8, 10)),
    hours,
    minutes,
    Math.floor(seconds),
    Math.round((seconds % 1) * 1000),
  );
}

/** A day picker's value → the China day `YYYY-MM-DD` it shows. */
export function pickedDay(picked: Date): string {
  return `${String(picked.getFullYear()).padStart(4, '0')}-${String(picked.getMonth() + 1).padStart(2, '0')}-${String(picked.getDate()).padStart(2, '0')}`;
}

/** A month picker's value → the China month `YYYY-MM` it shows. */
export function pickedMonth(picked: Date): string {
  return pickedDay(picked).slice(0, 7);
}

/** A minute picker's value → the instant whose China date and time it shows. */
export function pickedTime(picked: Date): Date {
  const utc = new Date(0);
  utc.setUTCFullYear(picked.getFullYear(), picked.getMonth(), picked.getDate());
  utc.setUTCHours(picked.getHours(), picked.getMinutes(), picked.getSeconds(), picked.getMilliseconds());
  return new Date(utc.getTime() - CHINA_OFFSET_MS);
}
