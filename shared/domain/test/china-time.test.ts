import { describe, expect, test } from '@rstest/core';
import fc from 'fast-check';
import { onPhoneInTimeZone } from '../test-support/phone-time-zone';
import { chinaCalendarDay, chinaDate, chinaDateTime, chinaDayNumber, chinaMonth, chinaMonthNumber, chinaMonthStart, pickedDay, pickedMonth } from '../src/china-time';

describe('China time', () => {
  test('a UTC instant late in the day is already the next day in China', () => {
    expect(chinaDate('2024-05-01T16:30:00.000Z')).toBe('2024-05-02');
    expect(chinaDateTime('2024-05-01T16:30:00.000Z')).toBe('2024-05-02 00:30');
    expect(chinaDateTime(new Date('2024-05-01T02:03:00.000Z'))).toBe('2024-05-01 10:03');
  });

  test('the month begins at midnight China time', () => {
    expect(chinaMonthStart('2024-05-31T16:00:00.000Z').toISOString()).toBe('2024-05-31T16:00:00.000Z');
    expect(chinaMonthStart('2024-05-31T15:59:59.000Z').toISOString()).toBe('2024-04-30T16:00:00.000Z');
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
    const today = chinaCalendarDay('2026-11-25T17:30:00.000Z');
    expect([today.getFullYear(), today.getMonth() + 1, today.getDate(), today.getHours()]).toEqual([2026, 11, 26, 0]);
  });

  test('for any instant, the picker’s day reads back (pickedDay) as the China date, and the month is its first seven characters', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }), (at) => {
        expect(pickedDay(chinaCalendarDay(at))).toBe(chinaDate(at));
        expect(pickedMonth(chinaCalendarDay(at))).toBe(chinaMonth(at));
        expect(chinaMonth(at)).toBe(chinaDate(at).slice(0, 7));
      }),
    );
  });

  test('what is not a time shows as nothing', () => {
    expect(chinaDateTime('not a time')).toBe('');
  });
});
