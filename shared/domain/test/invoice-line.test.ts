import { describe, expect, test } from '@rstest/core';
import fc from 'fast-check';
import { amountOf, lineProblem, priceLine, PRICE_TOLERANCE_FEN, unitPriceOf, type LineToCheck } from '../src/invoice-line';
import { VAT_RATES_PERMILLE } from '../src/tax-maths';

const base: LineToCheck = {
  itemName: '*餐饮服务*午餐',
  taxCode: '3070401000000000000',
  model: '',
  unit: '份',
  quantity: '2',
  unitPrice: '50',
  netFen: 10000,
  taxFen: 600,
  ratePermille: 60,
  taxFree: null,
};

describe('amounts of quantity × unit price', () => {
  test('exact decimal products, rounded to the fen', () => {
    expect(amountOf('3', '33.33333333')).toBe(10000);
    expect(amountOf('0.5', '0.01')).toBe(1);
    expect(amountOf('1.5', '2.5')).toBe(375);
    expect(amountOf('abc', '1')).toBeNull();
  });

  test('unit prices to 8 decimals with trailing zeros trimmed', () => {
    expect(unitPriceOf(10000, '3')).toBe('33.33333333');
    expect(unitPriceOf(10000, '4')).toBe('25');
    expect(unitPriceOf(-1250, '2')).toBe('-6.25');
    expect(unitPriceOf(100, '0')).toBeNull();
  });
});

describe('priceLine', () => {
  test('an amount including tax and a quantity give the printed line', () => {
    expect(priceLine({ grossFen: 10600, rate: 60, quantity: '2' })).toEqual({
      quantity: '2',
      unitPrice: '50',
      netFen: 10000,
      taxFen: 600,
      grossFen: 10600,
      ratePermille: 60,
      taxFree: null,
    });
    expect(priceLine({ grossFen: 500, rate: '免税' })).toMatchObject({
      quantity: null,
      unitPrice: null,
      netFen: 500,
      taxFen: 0,
      taxFree: '免税',
      ratePermille: null,
    });
  });

  test('law: every priced line passes the checks (quantity × price within 0.01, tax within 0.06)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000_000 }),
        fc.constantFrom(...VAT_RATES_PERMILLE),
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 0, max: 3 }),
        (grossFen, rate, quantityUnits, scale) => {
          const quantity = (quantityUnits / 10 ** scale).toFixed(scale);
          const line = priceLine({ grossFen, rate, quantity });
          expect(line.netFen + line.taxFen).toBe(grossFen);
          expect(Math.abs((amountOf(quantity, line.unitPrice ?? '') ?? Infinity) - line.netFen)).toBeLessThanOrEqual(PRICE_TOLERANCE_FEN);
          expect(lineProblem({ ...base, ...line })).toBeNull();
        },
      ),
    );
  });
});

describe('lineProblem', () => {
  test('a good line passes', () => expect(lineProblem(base)).toBeNull());
  test('names each problem in Chinese', () => {
    expect(lineProblem({ ...base, itemName: ' ' })).toBe('请填写项目名称');
    expect(lineProblem({ ...base, taxCode: '123' })).toBe('税收分类编码应为 19 位数字');
    expect(lineProblem({ ...base, model: 'x'.repeat(41) })).toBe('规格型号不能超过 40 个字');
    expect(lineProblem({ ...base, unit: 'x'.repeat(21) })).toBe('单位不能超过 20 个字');
    expect(lineProblem({ ...base, ratePermille: 120 })).toBe('税率不在可选范围内');
    expect(lineProblem({ ...base, unitPrice: '60' })).toBe('数量 × 单价 与金额相差超过 0.01 元');
    expect(lineProblem({ ...base, taxFen: 700 })).toBe('税额与金额 × 税率相差超过 0.06 元');
    expect(lineProblem({ ...base, quantity: null })).toBe('数量和单价须同时填写');
    expect(lineProblem({ ...base, netFen: 0, quantity: null, unitPrice: null })).toBe('金额不能为 0');
    expect(lineProblem({ ...base, taxFree: '免税', ratePermille: null, taxFen: 1 })).toBe('税额与金额 × 税率相差超过 0.06 元');
  });
  test('the tolerances are exactly 0.01 and 0.06', () => {
    expect(lineProblem({ ...base, netFen: 10001, taxFen: 600 })).toBeNull();
    expect(lineProblem({ ...base, netFen: 10002, taxFen: 600 })).toBe('数量 × 单价 与金额相差超过 0.01 元');
    expect(lineProblem({ ...base, taxFen: 606 })).toBeNull();
    expect(lineProblem({ ...base, taxFen: 607 })).toBe('税额与金额 × 税率相差超过 0.06 元');
  });
  test('red lines (negative amounts) pass the same checks', () => {
    expect(lineProblem({ ...base, netFen: -10000, taxFen: -600, unitPrice: '-50' })).toBeNull();
  });
});
