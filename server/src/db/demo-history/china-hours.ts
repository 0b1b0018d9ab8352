/** China days and the company's hours: when the merchant is at the desk and when the shop is open. */
import { addChinaMonths, chinaDate, chinaMonth, chinaRange, type ChinaRange } from '@app/domain/china-time';
import type { Random } from './random';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** The instant the China day of `at` began. */
export function dayStartOf(at: number): number {
  return (chinaRange(chinaDate(at)) as ChinaRange).start.getTime();
}

/** 0 Sunday … 6 Saturday, in China. */
export function weekdayOf(dayStart: number): number {
  return new Date(dayStart + 8 * HOUR).getUTCDay();
}

export const isWorkday = (dayStart: number) => weekdayOf(dayStart) >= 1 && weekdayOf(dayStart) <= 5;

/** The first instant of the China month `back` months before the month of `at`. */
export function monthStartBefore(at: Date, back: number): number {
  return (chinaRange(addChinaMonths(chinaMonth(at), -back)) as ChinaRange).start.getTime();
}

/** A time of the day between two hours (decimal, China time), to the second. */
export function timeIn(rng: Random, dayStart: number, fromHour: number, toHour: number): number {
  return dayStart + Math.floor((fromHour + rng.next() * (toHour - fromHour)) * HOUR) + rng.int(0, 59) * 1000;
}

/** The merchant's desk hours: weekdays 09:00–12:00 and 13:30–18:00. */
function isDeskTime(at: number): boolean {
  const dayStart = dayStartOf(at);
  const hour = (at - dayStart) / HOUR;
  return isWorkday(dayStart) && ((hour >= 9 && hour < 12) || (hour >= 13.5 && hour < 18));
}

/** The first desk moment at or after `at` (a few minutes into it when it has to wait for one). */
export function nextDeskTime(rng: Random, at: number): number {
  if (isDeskTime(at)) return at;
  let dayStart = dayStartOf(at);
  const hour = (at - dayStart) / HOUR;
  if (isWorkday(dayStart) && hour >= 12 && hour < 13.5) return dayStart + 13.5 * HOUR + rng.int(2, 40) * MINUTE;
  if (!(isWorkday(dayStart) && hour < 9)) dayStart = dayStartOf(dayStart + DAY + HOUR);
  while (!isWorkday(dayStart)) dayStart = dayStartOf(dayStart + DAY + HOUR);
  return dayStart + 9 * HOUR + rng.int(2, 50) * MINUTE;
}

/** The last moment the shop is open (08:30–21:00, every day) at or before `at`. */
export function lastOpenTime(at: number): number {
  const dayStart = dayStartOf(at);
  const hour = (at - dayStart) / HOUR;
  if (hour >= 8.5 && hour < 21) return at;
  return hour >= 21 ? dayStart + 20.9 * HOUR : dayStartOf(dayStart - HOUR) + 20.9 * HOUR;
}

/** The last desk moment at or before `at`. */
export function lastDeskTime(at: number): number {
  if (isDeskTime(at)) return at;
  let dayStart = dayStartOf(at);
  const hour = (at - dayStart) / HOUR;
  if (isWorkday(dayStart) && hour >= 12 && hour < 13.5) return dayStart + 12 * HOUR - 7 * MINUTE;
  if (isWorkday(dayStart) && hour >= 18) return dayStart + 17.8 * HOUR;
  do dayStart = dayStartOf(dayStart - HOUR);
  while (!isWorkday(dayStart));
  return dayStart + 17.8 * HOUR;
}
