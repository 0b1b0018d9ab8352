import { describe, expect, test } from '@rstest/core';
import fc from 'fast-check';
import { onPhoneInTimeZone } from '../test-support/phone-time-zone';
import {
  addChinaDays,
  addChinaMonths,
  chinaDate,
  chinaDateTime,
  chinaDayNumber,
  chinaDays,
  chinaMonth,
  chinaMonthNumber,
  chinaMonths,
  chinaRange,
  inChinaRange,
  pickedDay,
  pickedMonth,
  pickedTime,
  pickerDate,
  pickerTime,
  recentChinaMonths,
  type ChinaRange,
} from '../src/china-time';

/** `YYYY-MM` of every month from January 2000 to December 2100. */
const EVERY_MONTH = Array.from(
  { length: 101 * 12 },
  (_, index) => `${2000 + Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`,
);

/** The time of day in China, `HH:mm:ss.SSS`. */
const chinaClock = (at: number) => new Date(at + 8 * 3600_000).toISOString().slice(11, 23);

/** Every month 2000–2100: its first and last millisecond in, the one before and the one after out (in its neighbours). */
function checkEveryMonth(): void {
  for (const month of EVERY_MONTH) {
    const range = chinaRange(month) as ChinaRange;
    const [first, last] = [range.start.getTime(), range.end.getTime() - 1];
    expect([chinaDate(first), chinaClock(first)]).toEqual([`${month}-01`, '00:00:00.000']);
    expect(chinaClock(last)).toBe('23:59:59.999');
    expect([chinaMonth(first), chinaMonth(last)]).toEqual([month, month]);
    expect([inChinaRange(range, first), inChinaRange(range, last)]).toEqual([true, true]);
    expect([inChinaRange(range, first - 1), inChinaRange(range, last + 1)]).toEqual([false, false]);
    expect([chinaMonth(first - 1), chinaMonth(last + 1)]).toEqual([addChinaMonths(month, -1), addChinaMonths(month, 1)]);
    expect([range.firstDay, range.lastDay]).toEqual([`${month}-01`, chinaDate(last)]);
    expect(range.dayCount).toBe(Number(range.lastDay.slice(8)));
    expect(range.monthCount).toBe(1);
    expect(chinaDays(range)).toHaveLength(range.dayCount);
    expect(chinaMonths(range)).toEqual([month]);
  }
}

describe('China time', () => {
  test('a UTC instant late in the day is already the next day in China', () => {
    expect(chinaDate('2024-05-01T16:30:00.000Z')).toBe('2024-05-02');
    expect(chinaDateTime('2024-05-01T16:30:00.000Z')).toBe('2024-05-02 00:30');
    expect(chinaDateTime(new Date('2024-05-01T02:03:00.000Z'))).toBe('2024-05-01 10:03');
  });

  test('a month runs from its first day’s midnight China time to the next month’s, whatever its length', () => {
    expect(chinaRange('2024-06')?.start.toISOString()).toBe('2024-05-31T16:00:00.000Z');
    expect(chinaRange('2026-09')?.end.toISOString()).toBe('2026-09-30T16:00:00.000Z');
    expect(chinaRange('2026-11')?.end.toISOString()).toBe('2026-11-30T16:00:00.000Z');
    expect(chinaRange('2026-12')?.end.toISOString()).toBe('2026-12-31T16:00:00.000Z');
    expect(chinaRange('2028-02')).toMatchObject({ firstDay: '2028-02-01', lastDay: '2028-02-29', dayCount: 29 });
    expect(chinaRange('2027-02')).toMatchObject({ firstDay: '2027-02-01', lastDay: '2027-02-28', dayCount: 28 });
  });

  test('every month 2000–2100: its first and last millisecond are in it, the neighbouring ones are not', checkEveryMonth);

  test('a range of days or months runs from the first one’s first millisecond to the last one’s last', () => {
    expect(chinaRange('2026-10-01')).toMatchObject({
      start: new Date('2026-09-30T16:00:00.000Z'),
      end: new Date('2026-10-01T16:00:00.000Z'),
      dayCount: 1,
      monthCount: 1,
    });
    const range = chinaRange('2026-11-28', '2027-01') as ChinaRange;
    expect(range).toMatchObject({ firstDay: '2026-11-28', lastDay: '2027-01-31', dayCount: 65, monthCount: 3 });
    expect(chinaMonths(range)).toEqual(['2026-11', '2026-12', '2027-01']);
    expect(chinaDays(chinaRange('2028-02-27', '2028-03-01') as ChinaRange)).toEqual([
      '2028-02-27',
      '2028-02-28',
      '2028-02-29',
      '2028-03-01',
    ]);
  });

  test('for any two days, the range holds each day between them once, in order, and nothing outside', () => {
    const day = fc
      .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true })
      .map((at) => chinaDate(at));
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 800 }), (first, length) => {
        const last = addChinaDays(first, length);
        const range = chinaRange(first, last) as ChinaRange;
        const days = chinaDays(range);
        expect(days).toHaveLength(length + 1);
        expect([days[0], days.at(-1), range.firstDay, range.lastDay]).toEqual([first, last, first, last]);
        for (const [index, each] of days.entries()) if (index > 0) expect(addChinaDays(days[index - 1] as string, 1)).toBe(each);
        expect(chinaMonths(range)).toEqual([...new Set(days.map((each) => each.slice(0, 7)))]);
        expect(range.monthCount).toBe(chinaMonths(range).length);
        expect(chinaDate(range.start.getTime() - 1)).toBe(addChinaDays(first, -1));
        expect(chinaDate(range.end)).toBe(addChinaDays(last, 1));
        if (length > 0) expect(chinaRange(last, first)).toBeNull();
      }),
    );
  });

  test('what is not a real day or month, or a range that ends before it starts, is no range', () => {
    for (const text of [
      '2026-02-29',
      '2026-04-31',
      '2026-13',
      '2026-00',
      '2026-01-00',
      '2026-1',
      '2026-01-1',
      '20260101',
      '',
      'x',
      '2026-01-01T00:00',
      '2026-11-30 ',
    ])
      expect(chinaRange(text)).toBeNull();
    expect(chinaRange('2028-02-29')?.dayCount).toBe(1);
    expect(chinaRange('2026-11-02', '2026-11-01')).toBeNull();
    expect(chinaRange('2026-11', '2026-10-31')).toBeNull();
    expect(() => addChinaDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => addChinaMonths('2026-13', 1)).toThrow(RangeError);
  });

  test('months and days step across the year end', () => {
    expect(addChinaMonths('2026-12', 1)).toBe('2027-01');
    expect(addChinaMonths('2026-01', -1)).toBe('2025-12');
    expect(addChinaMonths('2026-03', -26)).toBe('2024-01');
    expect(addChinaDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addChinaDays('2028-03-01', -1)).toBe('2028-02-29');
    // Beijing 2026-01-01 04:00 is still 2025-12-31 in Los Angeles: the recent months start at China's month.
    expect(recentChinaMonths(new Date('2025-12-31T20:00:00.000Z'), 3)).toEqual(['2026-01', '2025-12', '2025-11']);
  });

  test('the month key YYYYMM is the China month, across the year end too', () => {
    expect(chinaMonthNumber('2024-05-31T16:00:00.000Z')).toBe(202406);
    expect(chinaMonthNumber('2024-05-31T15:59:59.000Z')).toBe(202405);
    expect(chinaMonthNumber('2024-12-31T16:00:00.000Z')).toBe(202501);
  });

  test('the day key YYYYMMDD is the China day, across the month and year end; divided by 100 it is the month key', () => {
    expect(chinaDayNumber('2024-05-31T16:00:00.000Z')).toBe(20240601);
    expect(chinaDayNumber('2024-05-31T15:59:59.999Z')).toBe(20240531);
    expect(chinaDayNumber(new Date('2024-12-31T16:00:00.000Z'))).toBe(20250101);
    expect(chinaDayNumber('2024-02-29T00:00:00.000Z')).toBe(20240229);
    for (const at of ['2024-05-31T16:00:00.000Z', '2024-05-31T15:59:59.999Z', '2024-12-31T16:00:00.000Z', '2025-01-01T03:00:00.000Z']) {
      expect(Math.floor(chinaDayNumber(at) / 100)).toBe(chinaMonthNumber(at));
      expect(String(chinaDayNumber(at))).toBe(chinaDate(at).replaceAll('-', ''));
    }
  });
});

describe('China time on a phone in another time zone', () => {
  onPhoneInTimeZone('America/Los_Angeles');

  test('the phone is really elsewhere: its local day is not China’s', () => {
    const at = new Date('2026-11-25T17:30:00.000Z');
    expect(at.getDate()).toBe(25);
    expect(chinaDate(at)).toBe('2026-11-26');
  });

  test('the time, the month and a date picker’s today are China’s', () => {
    expect(chinaDateTime('2026-11-25T17:30:00.000Z')).toBe('2026-11-26 01:30');
    expect(chinaMonth('2026-11-30T16:30:00.000Z')).toBe('2026-12');
    const today = pickerDate(chinaDate('2026-11-25T17:30:00.000Z'));
    expect([today.getFullYear(), today.getMonth() + 1, today.getDate(), today.getHours()]).toEqual([2026, 11, 26, 0]);
    const month = pickerDate('2026-11');
    expect([month.getFullYear(), month.getMonth() + 1, month.getDate()]).toEqual([2026, 11, 1]);
    const time = pickerTime('2026-11-25T20:30:00.000Z');
    expect([time.getDate(), time.getHours(), time.getMinutes()]).toEqual([26, 4, 30]);
    expect(pickedTime(time).toISOString()).toBe('2026-11-25T20:30:00.000Z');
  });

  test('for any instant, the picker’s day and month read back (pickedDay, pickedMonth) as the China date and month', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }), (at) => {
        expect(pickedDay(pickerDate(chinaDate(at)))).toBe(chinaDate(at));
        expect(pickedMonth(pickerDate(chinaMonth(at)))).toBe(chinaMonth(at));
        expect(chinaMonth(at)).toBe(chinaDate(at).slice(0, 7));
      }),
    );
  });

  test('for any instant, a minute picker shows its China date and time and reads back as the same instant', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }), (at) => {
        const shown = pickerTime(at);
        const china = chinaDateTime(at);
        // Los Angeles skips an hour each spring: a China time that falls in it cannot be on the phone's clock at all.
        fc.pre(shown.getHours() === Number(china.slice(11, 13)));
        expect(`${pickedDay(shown)} ${String(shown.getHours()).padStart(2, '0')}:${String(shown.getMinutes()).padStart(2, '0')}`).toBe(
          china,
        );
        expect(pickedTime(shown).getTime()).toBe(at.getTime());
      }),
    );
  });

  test('every month 2000–2100 is the same range on a phone in Los Angeles', checkEveryMonth);

  test('what is not a time shows as nothing', () => {
    expect(chinaDateTime('not a time')).toBe('');
  });
});
