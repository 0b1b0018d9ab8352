import { describe, expect, test } from '@rstest/core';
import fc from 'fast-check';
import { discountAmounts, discountFen, discountPairProblem, discountProblem, reversibleLines, type PairedLine } from '../src/discount-line';
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
      fc.property(
        fc.integer({ min: 1, max: 10_000_000_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        rate,
        (lineFen, share, lineRate) => {
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
        },
      ),
    );
  });

  const office = (lineNo: number, grossFen: number, discountOf: number | null = null): PairedLine => ({
    lineNo,
    itemName: '*纸制品*办公用品',
    taxCode: '1060201990000000000',
    ratePermille: 130,
    taxFree: null,
    grossFen,
    discountOf,
  });

  test('a discount line follows its line, at most one a line, with its name, code and rate, of the other sign, never more', () => {
    expect(discountPairProblem([office(1, 31600), office(2, -3160, 1), office(3, 500)])).toBeNull();
    // A red reversal of the pair: the signs turn over together.
    expect(discountPairProblem([office(1, -31600), office(2, 3160, 1)])).toBeNull();
    expect(discountPairProblem([office(1, 31600), office(2, 500), office(3, -3160, 1)])).toBe('第 3 行折扣行应紧跟其被折扣行');
    expect(discountPairProblem([office(1, -3160, 1)])).toBe('第 1 行折扣行应紧跟其被折扣行');
    expect(discountPairProblem([office(1, 31600), office(2, -3160, 1), office(3, -100, 2)])).toBe('第 3 行折扣行应紧跟其被折扣行');
    expect(discountPairProblem([office(1, 31600), { ...office(2, -3160, 1), ratePermille: 60 }])).toContain('应与被折扣行一致');
    expect(discountPairProblem([office(1, 31600), { ...office(2, -3160, 1), itemName: '*纸制品*其他' }])).toContain('应与被折扣行一致');
    expect(discountPairProblem([office(1, 31600), office(2, 3160, 1)])).toContain('符号应与被折扣行相反');
    expect(discountPairProblem([office(1, 31600), office(2, 0, 1)])).toContain('符号应与被折扣行相反');
    expect(discountPairProblem([office(1, 31600), office(2, -31601, 1)])).toBe('第 2 行折扣不能超过该行金额');
  });

  test('a red reversal sees a discounted line and its discount as one: what is left of the pair', () => {
    const lines = [office(1, 31600), office(2, -3160, 1), office(3, 500)];
    expect(reversibleLines(lines, { 1: 31600, 2: -3160, 3: 500 })).toEqual([
      { lineNo: 1, discountLineNo: 2, leftFen: 28440 },
      { lineNo: 3, discountLineNo: null, leftFen: 500 },
    ]);
    expect(reversibleLines(lines, { 1: 0, 2: 0, 3: 200 }).map((line) => line.leftFen)).toEqual([0, 200]);
  });

  test('whatever the discounts, the lines a red reversal offers add up to what is left of the invoice', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.integer({ min: 1, max: 1_000_000 }), fc.option(fc.double({ min: 0.0001, max: 1, noNaN: true }), { nil: null })),
          { minLength: 1, maxLength: 20 },
        ),
        (specs) => {
          const lines: PairedLine[] = [];
          for (const [grossFen, share] of specs) {
            const lineNo = lines.length + 1;
            lines.push(office(lineNo, grossFen));
            if (share !== null) lines.push(office(lineNo + 1, -Math.max(1, Math.round(grossFen * share)), lineNo));
          }
          expect(discountPairProblem(lines)).toBeNull();
          const leftByLine = Object.fromEntries(lines.map((line) => [line.lineNo, line.grossFen]));
          const offered = reversibleLines(lines, leftByLine);
          expect(offered).toHaveLength(specs.length);
          expect(offered.reduce((sum, line) => sum + line.leftFen, 0)).toBe(lines.reduce((sum, line) => sum + line.grossFen, 0));
          for (const line of offered) expect(line.leftFen).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});
