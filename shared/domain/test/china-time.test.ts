import { describe, expect, test } from '@rstest/core';
import { chinaDate, chinaDateTime, chinaMonthNumber, chinaMonthStart } from '../src/china-time';

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
});
