/** How goods read on screen: the printed item name, the unit price, the rate. */
import { printedItemName, printedRate } from '@app/domain/invoice-document';
import { formatYuan } from '@app/domain/money';
import type { Goods } from '@app/contract/goods';

/** `*餐饮服务*工作餐`, as the invoice prints it. */
export function goodsTitle(goods: Pick<Goods, 'taxShortName' | 'name'>): string {
  return printedItemName(goods.taxShortName, goods.name);
}

/** `¥12.50`, or 未设单价. */
export function unitPriceText(goods: Pick<Goods, 'unitPriceFen'>): string {
  return goods.unitPriceFen === null ? '未设单价' : formatYuan(goods.unitPriceFen);
}

/** `13%`, `1.5%`, `免税`, `不征税`. */
export function rateText(goods: Pick<Goods, 'taxRatePermille' | 'taxFree'>): string {
  return printedRate({ ratePermille: goods.taxRatePermille ?? 0, taxFree: goods.taxFree });
}

/** `规格 A4 · 单位 箱`, or null when neither is set. */
export function modelAndUnit(goods: Pick<Goods, 'model' | 'unit'>): string | null {
  const parts = [goods.model && `规格 ${goods.model}`, goods.unit && `单位 ${goods.unit}`].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}
