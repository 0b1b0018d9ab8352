import { describe, expect, test } from '@rstest/core';
import fc from 'fast-check';
import { invoiceTotals, splitGross, taxOfNet, taxWithinTolerance, VAT_RATES_PERMILLE } from '../src/tax-maths';

describe('splitGross', () => {
  test('an amount including tax splits into net and tax at the rate', () => {
    expect(splitGross(11300, 130)).toEqual({ netFen: 10000, taxFen: 1300, grossFen: 11300 });
    expect(splitGross(10000, 130)).toEqual({ netFen: 8850, taxFen: 1150, grossFen: 10000 });
    expect(splitGross(10000, 60)).toEqual({ netFen: 9434, taxFen: 566, grossFen: 10000 });
    expect(splitGross(10000, 15)).toEqual({ netFen: 9852, taxFen: 148, grossFen: 10000 });
    expect(splitGross(10000, 0)).toEqual({ netFen: 10000, taxFen: 0, grossFen: 10000 });
  });

  test('tax-free lines carry no tax', () => {
    expect(splitGross(600, '免税')).toEqual({ netFen: 600, taxFen: 0, grossFen: 600 });
    expect(splitGross(600, '不征税')).toEqual({ netFen: 600, taxFen: 0, grossFen: 600 });
  });

  test('a red (negative) amount splits as the mirror of the positive one', () => {
    expect(splitGross(-10000, 130)).toEqual({ netFen: -8850, taxFen: -1150, grossFen: -10000 });
  });

  test('refuses floats and impossible rates', () => {
    expect(() => splitGross(100.5, 130)).toThrow(RangeError);
    expect(() => splitGross(100, -1)).toThrow(RangeError);
    expect(() => splitGross(100, 12.5)).toThrow(RangeError);
  });

  test('laws: net + tax = gross, the tax is within tolerance, negatives mirror positives, even for huge amounts', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), fc.constantFrom(...VAT_RATES_PERMILLE), (gross, rate) => {
        const line = splitGross(gross, rate);
        expect(line.netFen + line.taxFen).toBe(gross);
        expect(taxWithinTolerance(line, rate)).toBe(true);
        const red = splitGross(-gross, rate);
        expect(red.netFen).toBe(-line.netFen || 0);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('taxOfNet and the tolerance', () => {
  test('tax of a net amount, rounded half up', () => {
    expect(taxOfNet(10000, 130)).toEqual({ netFen: 10000, taxFen: 1300, grossFen: 11300 });
    expect(taxOfNet(1005, 90)).toEqual({ netFen: 1005, taxFen: 90, grossFen: 1095 });
    expect(taxOfNet(1000, '免税').taxFen).toBe(0);
  });

  test('a tax off by more than 0.06 is refused, within it accepted', () => {
    expect(taxWithinTolerance({ netFen: 10000, taxFen: 1306 }, 130)).toBe(true);
    expect(taxWithinTolerance({ netFen: 10000, taxFen: 1307 }, 130)).toBe(false);
    expect(taxWithinTolerance({ netFen: 10000, taxFen: 1293 }, 130)).toBe(false);
    expect(taxWithinTolerance({ netFen: 600, taxFen: 1 }, '免税')).toBe(false);
  });
});

test('totals: 合计金额, 合计税额 and 价税合计', () => {
  const lines = [splitGross(11300, 130), splitGross(10600, 60), splitGross(600, '免税')];
  expect(invoiceTotals(lines)).toEqual({ netFen: 10000 + 10000 + 600, taxFen: 1300 + 600, grossFen: 22500 });
  expect(invoiceTotals([])).toEqual({ netFen: 0, taxFen: 0, grossFen: 0 });
});
