/** The history's days: what happens on each day from its first to the start, and the latest things still open. */
import { chinaDate } from '@app/domain/china-time';
import { submitApplication } from './applications';
import { basket, issueBlue } from './blue-invoices';
import { payAt } from './cash-desk';
import { DAY, dayStartOf, HOUR, isWorkday, lastDeskTime, lastOpenTime, MINUTE, timeIn, weekdayOf } from './china-hours';
import type { History } from './history';
import { COMPANY_BUYERS, PERSON_BUYERS } from './participants';
import { reverseOne } from './red-invoices';
import { readWallet, withdrawAt } from './wallet';

/** What the days so far had: the months with a workday and with a withdrawal, and the workdays since the start. */
interface DaysSoFar {
  workdaySeen: Set<string>;
  withdrawn: Set<string>;
  workdays: number;
}

/** Schedules every day of the history, each day's actions at their times. */
export function scheduleDays(history: History): void {
  const sofar: DaysSoFar = { workdaySeen: new Set(), withdrawn: new Set(), workdays: 0 };
  for (let dayStart = history.from; dayStart <= history.end; dayStart = dayStartOf(dayStart + DAY + HOUR)) {
    scheduleInvoices(history, dayStart, sofar);
    scheduleCustomers(history, dayStart);
    if (isWorkday(dayStart)) scheduleDeskRoutine(history, dayStart, sofar);
  }
}

/** The merchant's invoices of a day: the first workday of a month always has one (every month has its invoices). */
function scheduleInvoices(history: History, dayStart: number, sofar: DaysSoFar): void {
  const { rng } = history;
  const workday = isWorkday(dayStart);
  const saturday = weekdayOf(dayStart) === 6;
  const month = chinaDate(new Date(dayStart)).slice(0, 7);
  const firstWorkday = workday && !sofar.workdaySeen.has(month);
  if (workday) sofar.workdaySeen.add(month);
  const blues = firstWorkday ? 1 : workday ? rng.pick([0, 0, 0, 1, 1]) : saturday ? rng.pick([0, 0, 0, 0, 1]) : 0;
  for (let i = 0; i < blues; i++) {
    const at = rng.chance(0.45) ? timeIn(rng, dayStart, 9.2, 11.9) : timeIn(rng, dayStart, 13.6, 17.8);
    const buyer = rng.chance(0.14) ? rng.pick(PERSON_BUYERS) : rng.pick(COMPANY_BUYERS);
    history.schedule.add(at, (when) => {
      const { lines, remarks } = basket(history, buyer, at);
      return issueBlue(history, when, buyer, lines, remarks);
    });
  }
}

/** A day's customers: payments at the shop code, 前台收银 and 龙井茶礼盒, and now and then an application. */
function scheduleCustomers(history: History, dayStart: number): void {
  const { rng, schedule } = history;
  const workday = isWorkday(dayStart);
  const orders = workday ? rng.pick([0, 0, 1, 1]) : rng.pick([0, 0, 1]);
  for (let i = 0; i < orders; i++) {
    const at = timeIn(rng, dayStart, 8.5, 20.5);
    const shopIndex = rng.pick([0, 0, 1, 1, 1, 2]);
    schedule.add(at, (when) => payAt(history, when, shopIndex));
  }
  // Customers' applications from the shop code.
  if (rng.chance(workday ? 0.12 : 0.06)) {
    const at = timeIn(rng, dayStart, 9, 21);
    schedule.add(at, (when) => submitApplication(history, when, null));
  }
}

/**
 * A workday at the desk: the cashier opens the wallet every morning (which settles what is due), the month's
 * withdrawal once its second week has begun, and a reversal every couple of weeks.
 */
function scheduleDeskRoutine(history: History, dayStart: number, sofar: DaysSoFar): void {
  const { rng, schedule } = history;
  const day = chinaDate(new Date(dayStart));
  schedule.add(timeIn(rng, dayStart, 9.05, 9.6), (when) => readWallet(history, when));
  const month = day.slice(0, 7);
  if (Number(day.slice(8)) >= 8 && dayStart > history.from + 20 * DAY && !sofar.withdrawn.has(month)) {
    sofar.withdrawn.add(month);
    schedule.add(timeIn(rng, dayStart, 10, 11.5), (when) => withdrawAt(history, when));
  }
  if (++sofar.workdays % 10 === 0) schedule.add(timeIn(rng, dayStart, 14, 17.5), (when) => reverseOne(history, when));
}

/**
 * The latest: two applications still 待审核, one approved before the day's login and still 待开票, a few payments
 * within the settlement delay (still 冻结), and the cashier's last look at the wallet before the start.
 */
export function scheduleLatest(history: History): void {
  const { end, rng, schedule, options } = history;
  const approvedAt = lastDeskTime(end - 20 * HOUR);
  schedule.add(lastOpenTime(approvedAt - 40 * MINUTE), (when) => submitApplication(history, when, 'wait', approvedAt));
  schedule.add(lastOpenTime(end - 22 * HOUR), (when) => submitApplication(history, when, 'pending'));
  schedule.add(lastOpenTime(end - 2 * HOUR), (when) => submitApplication(history, when, 'pending'));
  for (const part of [0.12, 0.4, 0.7]) {
    const at = lastOpenTime(end - Math.floor(options.settlementDelayMs * part));
    if (at > end - options.settlementDelayMs) schedule.add(at, (when) => payAt(history, when, rng.pick([0, 1, 2])));
  }
  schedule.add(lastDeskTime(end), (when) => readWallet(history, when));
}
