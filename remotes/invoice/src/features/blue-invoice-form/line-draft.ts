/**
 * One goods line as the form holds it (what the user typed) → the line as it will be printed, and what is wrong with
 * each of its fields. The maths and the line checks are the domain's (`priceLine`, `lineProblem`); amounts are typed
 * in yuan and read with `parseYuan`, never through floats.
 */
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
}

export type LineField = keyof LineValues;

export const EMPTY_LINE: LineValues = { goods: null, quantity: '', unitPrice: '', amount: '', rate: null };

export const LINE_MESSAGES = {
  goods: '请选择商品',
  rate: '请选择税率',
  amountEmpty: '请填写含税金额',
  amountShape: '金额格式不正确，最多两位小数',
  amountPositive: '金额应大于 0',
  quantity: '数量应为正数，最多 8 位小数',
  quantityForPrice: '填写单价时请同时填写数量',
  unitPrice: '单价应为正数，最多 8 位小数',
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

/** 合计金额, 合计税额, 价税合计 of the lines priced so far. */
export function linesTotals(lines: readonly LineValues[]): LineAmounts {
  return invoiceTotals(lines.map(pricedLineOf).filter((line): line is PricedLine => line !== null));
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
      return lineProblem({ itemName: printedItemName(goods.taxShortName, goods.name), taxCode: goods.taxCode, model: goods.model, unit: goods.unit, ...priced });
    }
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
