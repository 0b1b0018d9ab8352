/**
 * How a line fills itself in as the user types: quantity × unit price gives the amount; an amount with a quantity
 * gives the unit price; picking goods brings its rate and unit price. Each returns only the fields to change.
 */
import type { Goods } from '@app/contract/goods';
import { yuanInputText } from '@app/domain/money';
import { amountFromPrice, unitPriceFromAmount, type LineField, type LineValues } from './line-draft';
import { rateOfGoods } from './rate-options';

export function afterTyping(line: LineValues, changed: LineField): Partial<LineValues> {
  if (changed === 'quantity' || changed === 'unitPrice') {
    const amount = amountFromPrice(line);
    if (amount !== null) return { amount };
    if (changed === 'quantity' && !line.unitPrice.trim()) {
      const unitPrice = unitPriceFromAmount(line);
      if (unitPrice !== null) return { unitPrice };
    }
    return {};
  }
  if (changed === 'amount') {
    const unitPrice = unitPriceFromAmount(line);
    return unitPrice !== null ? { unitPrice } : {};
  }
  return {};
}

/**
 * The goods, its rate, and its unit price: with a quantity (1 unless typed) in the full form; as the amount, when
 * none is typed yet, in the compact form (which has no quantity).
 */
export function afterPickingGoods(line: LineValues, goods: Goods, compact: boolean): Partial<LineValues> {
  const patch: Partial<LineValues> = { goods, rate: rateOfGoods(goods) ?? line.rate };
  if (goods.unitPriceFen === null) return patch;
  const unitPrice = yuanInputText(goods.unitPriceFen);
  if (compact) return line.amount.trim() ? patch : { ...patch, amount: unitPrice };
  const quantity = line.quantity.trim() || '1';
  return { ...patch, quantity, unitPrice, amount: amountFromPrice({ quantity, unitPrice }) ?? line.amount };
}
