import { describe, expect, test } from '@rstest/core';
import fc from 'fast-check';
import { amountInCapitals } from '../src/capital-numerals';

/** An independent reader of capital numerals, to check the writer by round trip. */
function readCapitals(text: string): number {
  const negative = text.startsWith('（负数）');
  const body = negative ? text.slice(4) : text;
  const digit: Record<string, number> = { 零: 0, 壹: 1, 贰: 2, 叁: 3, 肆: 4, 伍: 5, 陆: 6, 柒: 7, 捌: 8, 玖: 9 };
  const place: Record<string, number> = { 拾: 10, 佰: 100, 仟: 1000 };
  const [yuanPart = '', fraction = ''] = body.includes('元') ? body.split('元') : ['', body];
  let total = 0;
  let section = 0;
  let current = 0;
  for (const char of yuanPart) {
    if (char in digit) current = digit[char] as number;
    else if (char in place) {
      section += current * (place[char] as number);
      current = 0;
    } else if (char === '万' || char === '亿') {
      section += current;
      total = char === '亿' ? (total + section) * 1e8 : total + section * 1e4;
      section = 0;
      current = 0;
    }
  }
  let fen = (total + section + current) * 100;
  const jiao = /(.)角/.exec(fraction);
  const cents = /(.)分/.exec(fraction);
  if (jiao) fen += (digit[jiao[1] as string] as number) * 10;
  if (cents) fen += digit[cents[1] as string] as number;
  return negative ? -fen : fen;
}

describe('amountInCapitals', () => {
  test.each([
    [1234567, '壹万贰仟叁佰肆拾伍元陆角柒分'],
    [10000, '壹佰元整'],
    [100500, '壹仟零伍元整'],
    [105000, '壹仟零伍拾元整'],
    [10000000, '壹拾万元整'],
    [100000500, '壹佰万零伍元整'],
    [1000500, '壹万零伍元整'],
    [10001000000, '壹亿零壹万元整'],
    [5, '伍分'],
    [50, '伍角'],
    [105, '壹元零伍分'],
    [0, '零元整'],
    [-10000, '（负数）壹佰元整'],
  ])('%i fen → %s', (fen, text) => {
    expect(amountInCapitals(fen)).toBe(text);
  });

  test('refuses what is not a whole number of fen', () => {
    expect(() => amountInCapitals(1.5)).toThrow(RangeError);
  });

  test('reads back to the same amount, never two zeros in a row, only capital characters', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (fen) => {
        const text = amountInCapitals(fen);
        expect(readCapitals(text)).toBe(fen);
        expect(text).not.toMatch(/零零/);
        expect(text).toMatch(/^(（负数）)?[零壹贰叁肆伍陆柒捌玖拾佰仟万亿元角分整]+$/);
      }),
      { numRuns: 2000 },
    );
  });
});
