import { describe, expect, test } from '@rstest/core';
import { splitGross } from '@app/domain/tax-maths';
import { blueInvoice, discountedInvoice } from '../../test-support/invoice-documents';
import {
  AMOUNT_MESSAGES,
  canReverseAsMistake,
  checkAmount,
  fullPlan,
  partialPlan,
  redRequest,
  redUnits,
  wholePairMessage,
} from './red-amounts';

describe('red amounts', () => {
  test('a typed amount must be a positive amount of at most what is left', () => {
    expect(checkAmount('  ', 1000)).toEqual({ kind: 'empty' });
    expect(checkAmount('12.345', 1000)).toEqual({ kind: 'problem', message: AMOUNT_MESSAGES.format });
    expect(checkAmount('abc', 1000)).toEqual({ kind: 'problem', message: AMOUNT_MESSAGES.format });
    expect(checkAmount('0', 1000)).toEqual({ kind: 'problem', message: AMOUNT_MESSAGES.positive });
    expect(checkAmount('-1', 1000)).toEqual({ kind: 'problem', message: AMOUNT_MESSAGES.positive });
    expect(checkAmount('10.01', 1000)).toEqual({ kind: 'problem', message: '超出可红冲金额，最多 ¥10.00' });
    expect(checkAmount('10', 1000)).toEqual({ kind: 'amount', grossFen: 1000 });
    expect(checkAmount('1,000.5', 200_000)).toEqual({ kind: 'amount', grossFen: 100_050 });
  });

  test('全额 reverses what is left of each line; an untouched line gives back its own net and tax', () => {
    const blue = blueInvoice({ leftByLine: { 1: 118_800, 2: 0, 3: 1_000_000, 4: 12_950, 5: 50_000 } });
    const plan = fullPlan(blue);
    expect(plan.lines.map((line) => line.lineNo)).toEqual([1, 3, 4, 5]);
    const first = blue.lines[0]!;
    expect(plan.lines[0]!.red).toEqual({ netFen: -first.netFen, taxFen: -first.taxFen, grossFen: -118_800 });
    expect(plan.lines[1]!.red).toEqual(splitGross(-1_000_000, 60));
    expect(plan.lines[2]!.red).toEqual({ netFen: -12_950, taxFen: 0, grossFen: -12_950 });
    expect(plan.totals.grossFen).toBe(-(118_800 + 1_000_000 + 12_950 + 50_000));
    expect(plan.totals.netFen + plan.totals.taxFen).toBe(plan.totals.grossFen);
  });

  test('部分 takes the typed lines, splits them at their rate and lists the problems by line', () => {
    const blue = blueInvoice();
    const plan = partialPlan(blue, { 1: '100', 2: '9999', 3: '', 5: '0.5' });
    expect(plan.lines.map(({ lineNo, grossFen }) => ({ lineNo, grossFen }))).toEqual([
      { lineNo: 1, grossFen: 10_000 },
      { lineNo: 5, grossFen: 50 },
    ]);
    expect(plan.lines[0]!.red).toEqual({ netFen: -9434, taxFen: -566, grossFen: -10_000 });
    expect(plan.problems).toEqual({ 2: '超出可红冲金额，最多 ¥716.00' });
    expect(plan.totals).toEqual({ netFen: -9434 - 49, taxFen: -566 - 1, grossFen: -10_050 });
  });

  test('the request: no lines for 全额, the typed lines for 部分', () => {
    const blue = blueInvoice();
    expect(redRequest(blue, '01', 'full', fullPlan(blue), 'red-serial-1')).toEqual({
      requestSerial: 'red-serial-1',
      blueInvoiceId: blue.id,
      reason: '01',
    });
    expect(redRequest(blue, '04', 'partial', partialPlan(blue, { 3: '20' }), 'red-serial-2')).toEqual({
      requestSerial: 'red-serial-2',
      blueInvoiceId: blue.id,
      reason: '04',
      lines: [{ lineNo: 3, grossFen: 2000 }],
    });
  });

  test('a discounted line and its discount line are one pair: what is left of both, reversed whole only', () => {
    const blue = discountedInvoice();
    expect(redUnits(blue).map((unit) => [unit.line.lineNo, unit.discount?.lineNo ?? null, unit.leftFen])).toEqual([
      [1, 2, 106_920],
      [3, null, 71_600],
    ]);
    // The pair's red amounts: the line's own net and tax reversed, less its discount's.
    const pairRed = { netFen: -112_075 + 11_208, taxFen: -6725 + 672, grossFen: -106_920 };
    const full = fullPlan(blue);
    expect(full.lines).toEqual([
      { lineNo: 1, grossFen: 106_920, red: pairRed },
      { lineNo: 3, grossFen: 71_600, red: { netFen: -63_363, taxFen: -8237, grossFen: -71_600 } },
    ]);
    expect(full.totals.grossFen).toBe(-blue.grossFen);

    expect(partialPlan(blue, { 1: '500' }).problems).toEqual({ 1: wholePairMessage(106_920) });
    expect(wholePairMessage(106_920)).toBe('含折扣，须整行红冲 ¥1,069.20');
    expect(partialPlan(blue, { 1: '1,069.20', 2: '10' }).lines).toEqual([{ lineNo: 1, grossFen: 106_920, red: pairRed }]);
    expect(redRequest(blue, '02', 'partial', partialPlan(blue, { 1: '1069.2' }), 'red-serial-3').lines).toEqual([
      { lineNo: 1, grossFen: 106_920 },
    ]);
    // Once reversed, nothing is left of the pair.
    expect(fullPlan(discountedInvoice({ leftByLine: { 1: 0, 2: 0, 3: 71_600 } })).lines.map((line) => line.lineNo)).toEqual([3]);
  });

  test('开票有误 only for an invoice never partly reversed', () => {
    expect(canReverseAsMistake(blueInvoice())).toBe(true);
    expect(canReverseAsMistake(blueInvoice({ status: '部分红冲', leftFen: 1000 }))).toBe(false);
  });
});
