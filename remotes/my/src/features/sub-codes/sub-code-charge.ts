/** What a sub-code charges, as its list card, its sheet and its poster page say it. */
import { formatYuan } from '@app/domain/money';
import type { SubCode } from './sub-codes-api';

/** `商品名 · ¥12.00`, or 金额由顾客输入 when the customer types the amount. */
export function chargeOf(subCode: Pick<SubCode, 'goodsName' | 'amountFen'>): string {
  if (subCode.amountFen === null) return '金额由顾客输入';
  return [subCode.goodsName, formatYuan(subCode.amountFen)].filter(Boolean).join(' · ');
}

/** The charge as a labelled line: 固定收款 only for a fixed charge; otherwise the amount is the customer's to type. */
export function chargeLine(subCode: Pick<SubCode, 'goodsName' | 'amountFen'>): { label: string; value: string } {
  return subCode.amountFen === null ? { label: '收款金额', value: '由顾客输入' } : { label: '固定收款', value: chargeOf(subCode) };
}

/** The sub-code and its charge in one line (`1 号收银台 · 咖啡 · ¥15.00`), the goods left out when the code bears their name. */
export function subCodeSummary(subCode: Pick<SubCode, 'name' | 'goodsName' | 'amountFen'>): string {
  const goodsName = subCode.goodsName === subCode.name ? null : subCode.goodsName;
  return `${subCode.name} · ${chargeOf({ goodsName, amountFen: subCode.amountFen })}`;
}
