/**
 * One goods line as the form holds it (what the user typed) → the line as it will be printed, its discount line
 * (折扣行) when it has one, and what is wrong with each of its fields. The maths and the checks are the domain's
 * (`priceLine`, `lineProblem`, `discountFen`, `discountProblem`); amounts are typed in yuan and read with `parseYuan`,
 * never through floats.
 */
import { discountAmounts, discountFen, discountProblem, DISCOUNT_MESSAGES, type Discount } from '@app/domain/discount-line';
import { printedItemName } from '@app/domain/invoice-document';
import { amountOf, isPositiveDecimal, lineProblem, priceLine, unitPriceOf, type LineRate, type PricedLine } from '@app/domain/invoice-line';
import { parseYuan, yuanInputText } from '@app/domain/money';
import { invoiceTotals, type LineAmounts } from '@app/domain/tax-maths';
import type { Goods } from '@app/contract/goods';

export interface LineValues {
  goods: Goods | null;
  /** Optional; a decimal string. */
  quantity: string;
  /** Optional unit price including tax, in yuan: with the quantity it gives the amount. */
  unitPrice: string;
  /** Amount including tax, in yuan. */
  amount: string;
  rate: LineRate | null;
  /** How the line is discounted (by an amount including tax, or a percentage of the line); null: no discount. */
  discountBy: DiscountBy | null;
  /** The discount: yuan when by amount, a percentage (up to two decimals) when by percent. */
  discount: string;
}

export type DiscountBy = Discount['kind'];

export type LineField = keyof LineValues;

export const EMPTY_LINE: LineValues = { goods: null, quantity: '', unitPrice: '', amount: '', rate: null, discountBy: null, discount: '' };

export const LINE_MESSAGES = {
  goods: '请选择商品',
  rate: '请选择税率',
  amountEmpty: '请填写含税金额',
  amountShape: '金额格式不正确，最多两位小数',
  amountPositive: '金额应大于 0',
  quantity: '数量应为正数，最多 8 位小数',
  quantityForPrice: '填写单价时请同时填写数量',
  unitPrice: '单价应为正数，最多 8 位小数',
  discountEmpty: '请填写折扣',
} as const;

/** The amount including tax in fen, when it is a positive amount with at most two decimals. */
export function grossFenOf(line: Pick<LineValues, 'amount'>): number | null {
  const fen = parseYuan(line.amount);
  return fen !== null && fen > 0 ? fen : null;
}

function quantityOf(line: Pick<LineValues, 'quantity'>): string | null {
  const quantity = line.quantity.trim();
  return quantity && isPositiveDecimal(quantity) ? quantity : null;
}

/** The printed line (net, tax, net unit price), once the amount and rate are known. */
export function pricedLineOf(line: LineValues): PricedLine | null {
  const grossFen = grossFenOf(line);
  if (grossFen === null || line.rate === null) return null;
  return priceLine({ grossFen, rate: line.rate, quantity: quantityOf(line) });
}

/** The discount as the request carries it, or null: none added, nothing typed yet, or an amount that is not one. */
export function discountOfLine(line: Pick<LineValues, 'discountBy' | 'discount'>): Discount | null {
  const typed = line.discount.trim();
  if (line.discountBy === null || typed === '') return null;
  if (line.discountBy === 'percent') return { kind: 'percent', percent: typed };
  const fen = parseYuan(typed);
  return fen === null ? null : { kind: 'amount', fen };
}

/** The discount line's (negative) net, tax and amount, once the line is priced and its discount is acceptable. */
export function discountLineOf(line: LineValues): LineAmounts | null {
  const grossFen = grossFenOf(line);
  const discount = discountOfLine(line);
  if (grossFen === null || line.rate === null || discount === null) return null;
  const fen = discountFen(grossFen, discount);
  return fen === null || discountProblem(grossFen, fen) ? null : discountAmounts(fen, line.rate);
}

/** 合计金额, 合计税额, 价税合计 of the lines priced so far, their discount lines included. */
export function linesTotals(lines: readonly LineValues[]): LineAmounts {
  const printed = lines.flatMap((line) => [pricedLineOf(line), discountLineOf(line)]);
  return invoiceTotals(printed.filter((line): line is LineAmounts => line !== null));
}

function discountFieldProblem(line: LineValues): string | null {
  if (line.discountBy === null) return null;
  if (!line.discount.trim()) return LINE_MESSAGES.discountEmpty;
  const discount = discountOfLine(line);
  const grossFen = grossFenOf(line);
  // Until the line has an amount (its own field says so), only the discount's form can be judged.
  if (grossFen === null) return discount === null || discountFen(0, discount) === null ? DISCOUNT_MESSAGES.shape : null;
  const problem = discountProblem(grossFen, discount && discountFen(grossFen, discount));
  return problem && DISCOUNT_MESSAGES[problem];
}

/** What is wrong with one field of a line, in Chinese, or null. */
export function lineFieldProblem(line: LineValues, field: LineField): string | null {
  const quantity = line.quantity.trim();
  const unitPrice = line.unitPrice.trim();
  switch (field) {
    case 'goods':
      return line.goods ? null : LINE_MESSAGES.goods;
    case 'rate':
      return line.rate === null ? LINE_MESSAGES.rate : null;
    case 'quantity':
      if (quantity && !isPositiveDecimal(quantity)) return LINE_MESSAGES.quantity;
      return !quantity && unitPrice ? LINE_MESSAGES.quantityForPrice : null;
    case 'unitPrice':
      return unitPrice && !isPositiveDecimal(unitPrice) ? LINE_MESSAGES.unitPrice : null;
    case 'amount': {
      if (!line.amount.trim()) return LINE_MESSAGES.amountEmpty;
      const fen = parseYuan(line.amount);
      if (fen === null) return LINE_MESSAGES.amountShape;
      if (fen <= 0) return LINE_MESSAGES.amountPositive;
      const priced = pricedLineOf(line);
      if (!priced || !line.goods || (quantity && !isPositiveDecimal(quantity))) return null;
      const { goods } = line;
      return lineProblem({
        itemName: printedItemName(goods.taxShortName, goods.name),
        taxCode: goods.taxCode,
        model: goods.model,
        unit: goods.unit,
        ...priced,
      });
    }
    case 'discountBy':
      return null;
    case 'discount':
      return discountFieldProblem(line);
  }
}

/** quantity × unit price (both typed) → the amount input's text, or null while either is not a number. */
export function amountFromPrice(line: Pick<LineValues, 'quantity' | 'unitPrice'>): string | null {
  const quantity = line.quantity.trim();
  const unitPrice = line.unitPrice.trim();
  if (!isPositiveDecimal(quantity) || !isPositiveDecimal(unitPrice)) return null;
  const fen = amountOf(quantity, unitPrice);
  return fen === null ? null : yuanInputText(fen);
}

/** amount / quantity → the unit price including tax (up to 8 decimals), or null while either is not a number. */
export function unitPriceFromAmount(line: Pick<LineValues, 'quantity' | 'amount'>): string | null {
  const quantity = line.quantity.trim();
  const fen = grossFenOf(line);
  if (fen === null || !isPositiveDecimal(quantity)) return null;
  return unitPriceOf(fen, quantity);
}
