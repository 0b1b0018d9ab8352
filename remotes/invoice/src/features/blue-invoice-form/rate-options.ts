/** The rates a line may carry (the domain's VAT rates, then 免税 and 不征税) and how each reads on screen. */
import { printedRate } from '@app/domain/invoice-document';
import type { LineRate } from '@app/domain/invoice-line';
import { VAT_RATES_PERMILLE, type TaxExemption } from '@app/domain/tax-maths';
import type { Goods } from '@app/contract/goods';

const EXEMPTIONS: readonly TaxExemption[] = ['免税', '不征税'];

export const LINE_RATES: readonly LineRate[] = [...VAT_RATES_PERMILLE, ...EXEMPTIONS];

/** 13%, 1.5%, 0%, 免税, 不征税. */
export function rateLabel(rate: LineRate): string {
  return typeof rate === 'number' ? printedRate({ ratePermille: rate, taxFree: null }) : rate;
}

/** The rate a line takes from its goods (changeable afterwards). */
export function rateOfGoods(goods: Pick<Goods, 'taxRatePermille' | 'taxFree'>): LineRate | null {
  return goods.taxFree ?? goods.taxRatePermille;
}
