import { describe, expect, test } from '@rstest/core';
import fc from 'fast-check';
import { discountAmounts, discountFen, discountProblem } from '../src/discount-line';
import { invoiceTotals, splitGross, VAT_RATES_PERMILLE } from '../src/tax-maths';

describe('discount lines', () => {
  test('10 % of ¥316.00 at 13 %: −¥31.60, split into its own net and tax', () => {
    const fen = discountFen(31600, { kind: 'percent', percent: '10' });
    expect(fen).toBe(3160);
    expect(discountAmounts(3160, 130)).toEqual({ grossFen: -3160, netFen: -2796, taxFen: -364 });
  });

  test('a percentage rounds to the fen; amounts and percentages out of shape are refused', () => {
    expect(discountFen(999, { kind: 'percent', percent: '12.5' })).toBe(125);
    expect(discountFen(100, { kind: 'percent', percent: '100' })).toBe(100);
    for (const percent of ['', '-1', '100.01', '1.234', 'abc', '1e2']) expect(discountFen(100, { kind: 'percent', percent })).toBeNull();
    expect(discountFen(100, { kind: 'amount', fen: 0.5 })).toBeNull();
  });

  test('never more than the line, never zero or negative', () => {
    expect(discountProblem(100, 101)).toBe('exceeds');
    expect(discountProblem(100, 0)).toBe('zero');
    expect(discountProblem(100, -1)).toBe('shape');
    expect(discountProblem(100, null)).toBe('shape');
    expect(discountProblem(100, 100)).toBeNull();
  });

  test('any discount up to its line keeps the pair exact in fen, and the totals are the line less the discount', () => {
    const rate = fc.oneof(fc.constantFrom(...VAT_RATES_PERMILLE), fc.constantFrom('免税' as const, '不征税' as const));
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000_000 }), fc.double({ min: 0, max: 1, noNaN: true }), rate, (lineFen, share, lineRate) => {
        const fen = Math.max(1, Math.round(lineFen * share));
        expect(discountProblem(lineFen, fen)).toBeNull();
        const line = splitGross(lineFen, lineRate);
        const discount = discountAmounts(fen, lineRate);
        expect(discount.netFen + discount.taxFen).toBe(-fen);
        expect(discount.netFen).toBeLessThanOrEqual(0);
        expect(-discount.netFen).toBeLessThanOrEqual(line.netFen);
        const totals = invoiceTotals([line, discount]);
        expect(totals.grossFen).toBe(lineFen - fen);
        expect(totals.netFen).toBeGreaterThanOrEqual(0);
        expect(totals.taxFen).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});
