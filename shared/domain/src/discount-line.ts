/**
 * Discount lines (折扣行, docs/product.md, domain facts): a goods line may be discounted. The discount line follows the
 * line it reduces, with the same name, classification code and rate, a negative amount including tax and its own tax,
 * and never reduces more than the line: a discount of the whole line leaves it at zero, never below. The discount is
 * given by amount (fen, including tax) or by percentage of the line (up to two decimals: 10, 12.5), rounded to the fen.
 * Net and tax of the discount are split from its amount as any line's are (`splitGross`), so the pair's net plus tax is
 * exactly the line's amount less the discount.
 */
import { splitGross, type LineAmounts, type TaxExemption } from './tax-maths';

export type Discount = { kind: 'amount'; fen: number } | { kind: 'percent'; percent: string };

export type DiscountProblem = 'shape' | 'zero' | 'exceeds';

export const DISCOUNT_MESSAGES: Record<DiscountProblem, string> = {
  shape: '折扣应为金额（最多两位小数）或 0–100 之间的百分比（最多两位小数）',
  zero: '折扣金额应大于 0',
  exceeds: '折扣不能超过该行金额',
};

const PERCENT = /^(\d{1,3})(?:\.(\d{1,2}))?$/;

/** The discount in fen (positive) for a line of `lineGrossFen`, or null when the discount is not well formed. */
export function discountFen(lineGrossFen: number, discount: Discount): number | null {
  if (discount.kind === 'amount') return Number.isSafeInteger(discount.fen) ? discount.fen : null;
  const match = PERCENT.exec(discount.percent.trim());
  if (!match) return null;
  const hundredths = BigInt(`${match[1]}${(match[2] ?? '').padEnd(2, '0')}`);
  if (hundredths > 10_000n) return null;
  // fen × hundredths / 10000, rounded half up (both are positive).
  return Number((BigInt(lineGrossFen) * hundredths * 2n + 10_000n) / 20_000n);
}

/** What is wrong with a discount of `fen` on a line of `lineGrossFen` (positive amounts), or null. */
export function discountProblem(lineGrossFen: number, fen: number | null): DiscountProblem | null {
  if (fen === null || !Number.isSafeInteger(fen) || fen < 0) return 'shape';
  if (fen === 0) return 'zero';
  return fen > lineGrossFen ? 'exceeds' : null;
}

/** The discount line's amounts: negative, split into net and tax at the line's rate. */
export function discountAmounts(fen: number, rate: number | TaxExemption): LineAmounts {
  return splitGross(-fen, rate);
}
