import { describe, expect, test } from '@rstest/core';
import fc from 'fast-check';
import { formatSignedYuan, formatYuan, parseYuan, yuanInputText } from '../src/money';

describe('formatYuan', () => {
  test('shows yuan with thousands separators and two decimals', () => {
    expect(formatYuan(0)).toBe('¥0.00');
    expect(formatYuan(5)).toBe('¥0.05');
    expect(formatYuan(123450)).toBe('¥1,234.50');
    expect(formatYuan(123456789)).toBe('¥1,234,567.89');
    expect(formatYuan(-123450)).toBe('-¥1,234.50');
  });

  test('refuses amounts that are not whole fen', () => {
    expect(() => formatYuan(1.5)).toThrow(RangeError);
  });
});

describe('parseYuan', () => {
  test('reads what people type', () => {
    expect(parseYuan('12')).toBe(1200);
    expect(parseYuan('12.5')).toBe(1250);
    expect(parseYuan(' 1,234.56 ')).toBe(123456);
    expect(parseYuan('0.1')).toBe(10);
    expect(parseYuan('-3.1')).toBe(-310);
  });

  test('refuses what is not an amount', () => {
    for (const input of ['', 'abc', '1.234', '1e3', '¥5', '.5', '1..2', 'NaN']) expect(parseYuan(input)).toBeNull();
  });

  test('every amount survives format → parse', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (fen) => {
        expect(parseYuan(formatYuan(fen).replace('¥', ''))).toBe(fen);
      }),
    );
  });
});

test('formatSignedYuan: a change with its sign', () => {
  expect(formatSignedYuan(8800)).toBe('+¥88.00');
  expect(formatSignedYuan(-5000)).toBe('-¥50.00');
  expect(formatSignedYuan(0)).toBe('¥0.00');
});

describe('yuanInputText', () => {
  test('what a yuan field holds: two decimals, no ¥ and no separators', () => {
    expect(yuanInputText(123450)).toBe('1234.50');
    expect(yuanInputText(5)).toBe('0.05');
    expect(yuanInputText(-310)).toBe('-3.10');
  });

  test('parseYuan reads it back (any amount it takes: up to 13 digits of yuan)', () => {
    fc.assert(fc.property(fc.integer({ min: -(1e15 - 1), max: 1e15 - 1 }), (fen) => parseYuan(yuanInputText(fen)) === fen));
  });
});
