import { describe, expect, test } from '@rstest/core';
import { deliverEmailProblem, deliverPhoneProblem } from '@app/domain/invoice-delivery';
import type { TitleBuyer } from '@app/domain/invoice-buyer';
import type { Goods } from '@app/contract/goods';
import { emptyFormValues, toRequest } from './form-values';
import { afterPickingGoods, afterTyping } from './line-edits';
import { DISCOUNT_MESSAGES } from '@app/domain/discount-line';
import {
  discountLineOf,
  discountOfLine,
  EMPTY_LINE,
  LINE_MESSAGES,
  lineFieldProblem,
  linesTotals,
  pricedLineOf,
  type LineValues,
} from './line-draft';
import { formFieldOf } from './server-errors';

const SOFTWARE: Goods = {
  id: 'g1',
  name: '软件技术服务',
  taxCode: '3040201990000000000',
  taxShortName: '信息技术服务',
  model: '',
  unit: '次',
  unitPriceFen: 100_000,
  taxRatePermille: 60,
  taxFree: null,
};
const VEGETABLES: Goods = {
  id: 'g2',
  name: '农产品（蔬菜）',
  taxCode: '1010112000000000000',
  taxShortName: '蔬菜',
  model: '',
  unit: '千克',
  unitPriceFen: 600,
  taxRatePermille: null,
  taxFree: '免税',
};
const COMPANY: TitleBuyer = {
  kind: '企业',
  name: '杭州西湖文化传媒有限公司',
  taxNumber: '91110000802100433B',
  address: '',
  phone: '',
  bankName: '',
  bankAccount: '',
};

const line = (values: Partial<LineValues>): LineValues => ({ ...EMPTY_LINE, ...values });

describe('a goods line', () => {
  test('an amount including tax splits into net and tax at the line rate; tax-free lines carry no tax', () => {
    expect(pricedLineOf(line({ goods: SOFTWARE, amount: '1000', rate: 60 }))).toMatchObject({
      netFen: 94_340,
      taxFen: 5_660,
      grossFen: 100_000,
      quantity: null,
    });
    expect(pricedLineOf(line({ goods: VEGETABLES, amount: '12.5', rate: '免税' }))).toMatchObject({
      netFen: 1_250,
      taxFen: 0,
      taxFree: '免税',
    });
    expect(pricedLineOf(line({ amount: '1000' }))).toBeNull();
    expect(linesTotals([line({ amount: '1000', rate: 60 }), line({ amount: '113', rate: 130 }), line({ amount: 'x', rate: 60 })])).toEqual({
      netFen: 104_340,
      taxFen: 6_960,
      grossFen: 111_300,
    });
  });

  test('each field has its own problem', () => {
    expect(lineFieldProblem(EMPTY_LINE, 'goods')).toBe(LINE_MESSAGES.goods);
    expect(lineFieldProblem(EMPTY_LINE, 'rate')).toBe(LINE_MESSAGES.rate);
    expect(lineFieldProblem(EMPTY_LINE, 'amount')).toBe(LINE_MESSAGES.amountEmpty);
    expect(lineFieldProblem(line({ amount: '1.234' }), 'amount')).toBe(LINE_MESSAGES.amountShape);
    expect(lineFieldProblem(line({ amount: '0' }), 'amount')).toBe(LINE_MESSAGES.amountPositive);
    expect(lineFieldProblem(line({ quantity: '-1' }), 'quantity')).toBe(LINE_MESSAGES.quantity);
    expect(lineFieldProblem(line({ unitPrice: '3' }), 'quantity')).toBe(LINE_MESSAGES.quantityForPrice);
    expect(lineFieldProblem(line({ unitPrice: 'abc' }), 'unitPrice')).toBe(LINE_MESSAGES.unitPrice);
    expect(lineFieldProblem(line({ goods: SOFTWARE, quantity: '3', unitPrice: '1000', amount: '3000.00', rate: 60 }), 'amount')).toBeNull();
  });

  test('a discount (折扣行): by yuan or percentage, judged against the line; its negative amounts count in the totals', () => {
    const discounted = (discountBy: 'amount' | 'percent', discount: string) =>
      line({ goods: SOFTWARE, amount: '1000', rate: 60, discountBy, discount });
    expect(lineFieldProblem(line({ amount: '1000', rate: 60 }), 'discount')).toBeNull();
    expect(lineFieldProblem(discounted('amount', ' '), 'discount')).toBe(LINE_MESSAGES.discountEmpty);
    expect(lineFieldProblem(discounted('amount', '1.005'), 'discount')).toBe(DISCOUNT_MESSAGES.shape);
    expect(lineFieldProblem(discounted('amount', '0'), 'discount')).toBe(DISCOUNT_MESSAGES.zero);
    expect(lineFieldProblem(discounted('amount', '1000.01'), 'discount')).toBe(DISCOUNT_MESSAGES.exceeds);
    expect(lineFieldProblem(discounted('percent', '100.01'), 'discount')).toBe(DISCOUNT_MESSAGES.shape);
    expect(lineFieldProblem(discounted('percent', '12.5'), 'discount')).toBeNull();
    // Without the line's amount only the discount's form is judged.
    expect(lineFieldProblem(line({ discountBy: 'percent', discount: '12.5' }), 'discount')).toBeNull();
    expect(lineFieldProblem(line({ discountBy: 'percent', discount: 'x' }), 'discount')).toBe(DISCOUNT_MESSAGES.shape);

    expect(discountOfLine(discounted('amount', '1,00.5'))).toEqual({ kind: 'amount', fen: 10_050 });
    expect(discountOfLine(discounted('percent', ' 10 '))).toEqual({ kind: 'percent', percent: '10' });
    expect(discountLineOf(discounted('percent', '10'))).toEqual({ netFen: -9434, taxFen: -566, grossFen: -10_000 });
    expect(discountLineOf(discounted('amount', '2000'))).toBeNull();
    expect(linesTotals([discounted('percent', '10'), line({ amount: '113', rate: 130 })])).toEqual({
      netFen: 84_906 + 10_000,
      taxFen: 5_094 + 1_300,
      grossFen: 101_300,
    });
  });

  test('quantity × unit price fills the amount; an amount with a quantity fills the unit price', () => {
    expect(afterTyping(line({ quantity: '3', unitPrice: '12.5' }), 'quantity')).toEqual({ amount: '37.50' });
    expect(afterTyping(line({ quantity: '3', amount: '10' }), 'quantity')).toEqual({ unitPrice: '3.33333333' });
    expect(afterTyping(line({ quantity: '4', amount: '10' }), 'amount')).toEqual({ unitPrice: '2.5' });
    expect(afterTyping(line({ quantity: 'x', unitPrice: '1' }), 'unitPrice')).toEqual({});
  });

  test('picking goods brings its rate and price: a quantity of 1 in the full form, the amount in the compact one', () => {
    expect(afterPickingGoods(EMPTY_LINE, SOFTWARE, false)).toEqual({
      goods: SOFTWARE,
      rate: 60,
      quantity: '1',
      unitPrice: '1000.00',
      amount: '1000.00',
    });
    expect(afterPickingGoods(line({ quantity: '2' }), VEGETABLES, false)).toMatchObject({ rate: '免税', amount: '12.00' });
    expect(afterPickingGoods(EMPTY_LINE, SOFTWARE, true)).toEqual({ goods: SOFTWARE, rate: 60, amount: '1000.00' });
    expect(afterPickingGoods(line({ amount: '88' }), SOFTWARE, true)).toEqual({ goods: SOFTWARE, rate: 60 });
  });
});

test('delivery: an 11-digit mobile number, a valid e-mail address, both optional', () => {
  expect(deliverPhoneProblem('')).toBeNull();
  expect(deliverPhoneProblem('0571-8888')).not.toBeNull();
  expect(deliverPhoneProblem('13800138000')).toBeNull();
  expect(deliverEmailProblem('a@b')).not.toBeNull();
  expect(deliverEmailProblem('finance@example.com')).toBeNull();
});

test('the request: fen integers, rates per mille or the exemption, no quantity when none was typed', () => {
  const values = {
    ...emptyFormValues(),
    type: ['数电专票' as const],
    buyer: { ...COMPANY, kind: ['企业' as const] },
    lines: [
      line({ goods: SOFTWARE, quantity: '3', unitPrice: '1000', amount: '3000.00', rate: 60, discountBy: 'percent', discount: '12.5' }),
      line({ goods: VEGETABLES, amount: '12.5', rate: '免税', discountBy: 'amount', discount: '0.5' }),
    ],
    remarks: ' 三月服务费 ',
    deliverEmail: 'finance@example.com',
  };
  expect(toRequest(values, 'abcdef0123456789')).toEqual({
    requestSerial: 'abcdef0123456789',
    type: '数电专票',
    buyer: {
      name: COMPANY.name,
      taxNumber: COMPANY.taxNumber,
      address: '',
      phone: '',
      bankName: '',
      bankAccount: '',
      naturalPerson: false,
    },
    lines: [
      { goodsId: 'g1', quantity: '3', grossFen: 300_000, rate: 60, discount: { kind: 'percent', percent: '12.5' } },
      { goodsId: 'g2', quantity: null, grossFen: 1_250, rate: '免税', discount: { kind: 'amount', fen: 50 } },
    ],
    remarks: '三月服务费',
    deliverPhone: '',
    deliverEmail: 'finance@example.com',
  });
});

test('a field the server refused (by its path in the request) is found in the form', () => {
  expect(formFieldOf('buyer.taxNumber')).toEqual(['buyer', 'taxNumber']);
  expect(formFieldOf('buyer.naturalPerson')).toEqual(['buyer', 'kind']);
  expect(formFieldOf('lines.1.grossFen')).toEqual(['lines', 1, 'amount']);
  expect(formFieldOf('lines.0.goodsId')).toEqual(['lines', 0, 'goods']);
  expect(formFieldOf('lines.2.quantity')).toEqual(['lines', 2, 'quantity']);
  expect(formFieldOf('lines.0.rate')).toEqual(['lines', 0, 'rate']);
  expect(formFieldOf('lines.1.discount')).toEqual(['lines', 1, 'discount']);
  expect(formFieldOf('remarks')).toEqual(['remarks']);
  expect(formFieldOf('deliverPhone')).toEqual(['deliverPhone']);
  expect(formFieldOf('requestSerial')).toBeNull();
});
