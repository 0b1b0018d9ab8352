import { describe, expect, test } from '@rstest/core';
import { chinaDate, chinaDateTime, chinaDayNumber, chinaMonthNumber, chinaMonthStart } from '../src/china-time';

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
