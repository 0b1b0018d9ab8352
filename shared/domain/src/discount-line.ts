/**
 * Discount lines (折扣行, docs/product.md, domain facts): a goods line may be discounted. The discount line follows the
 * line it reduces, with the same name, classification code and rate, a negative amount including tax and its own tax,
 * and never reduces more than the line: a discount of the whole line leaves it at zero, never below. The discount is
 * given by amount (fen, including tax) or by percentage of the line (up to two decimals: 10, 12.5), rounded to the fen.
 * Net and tax of the discount are split from its amount as any line's are (`splitGross`), so the pair's net plus tax is
 * exactly the line's amount less the discount.
 */
import type { InvoiceDocumentLine } from './invoice-document';
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

/** What the pair rule reads of a line. */
export type PairedLine = Pick<
  InvoiceDocumentLine,
  'lineNo' | 'itemName' | 'taxCode' | 'ratePermille' | 'taxFree' | 'grossFen' | 'discountOf'
>;

/**
 * What is wrong with the discount lines of an invoice's lines (in printed order), or null: each discount line follows
 * the line it discounts, at most one a line, with its name, classification code and rate, an amount of the other sign
 * (a blue invoice's discount is negative; reversed on a red one, positive) and never more than the line.
 */
export function discountPairProblem(lines: readonly PairedLine[]): string | null {
  for (const [index, line] of lines.entries()) {
    if (line.discountOf === null) continue;
    const discounted = lines[index - 1];
    if (!discounted || discounted.lineNo !== line.discountOf || discounted.discountOf !== null)
      return `第 ${line.lineNo} 行折扣行应紧跟其被折扣行`;
    const same =
      discounted.itemName === line.itemName &&
      discounted.taxCode === line.taxCode &&
      discounted.ratePermille === line.ratePermille &&
      discounted.taxFree === line.taxFree;
    if (!same) return `第 ${line.lineNo} 行折扣行的项目名称、税收分类编码和税率应与被折扣行一致`;
    if (line.grossFen === 0 || Math.sign(line.grossFen) === Math.sign(discounted.grossFen))
      return `第 ${line.lineNo} 行折扣行金额的符号应与被折扣行相反`;
    if (Math.abs(line.grossFen) > Math.abs(discounted.grossFen)) return `第 ${line.lineNo} 行${DISCOUNT_MESSAGES.exceeds}`;
  }
  return null;
}

/** A line as it is reversed: alone, or with its discount line as one pair. */
export interface ReversibleLine {
  lineNo: number;
  /** Its discount line's number, or null. */
  discountLineNo: number | null;
  /** What is left of it to reverse, including tax, in fen: the pair's when it is discounted. */
  leftFen: number;
}

/**
 * The lines of a blue invoice as a red one reverses them: every line that is not a discount line, a discounted one
 * with its discount (a red reversal of a discounted line reverses the pair, whole), with what is left of each.
 */
export function reversibleLines(
  lines: readonly Pick<InvoiceDocumentLine, 'lineNo' | 'discountOf'>[],
  leftByLine: Readonly<Record<number, number>>,
): ReversibleLine[] {
  const discountOf = new Map(lines.flatMap((line) => (line.discountOf === null ? [] : [[line.discountOf, line.lineNo] as const])));
  return lines
    .filter((line) => line.discountOf === null)
    .map((line) => {
      const discountLineNo = discountOf.get(line.lineNo) ?? null;
      const leftFen = (leftByLine[line.lineNo] ?? 0) + (discountLineNo === null ? 0 : (leftByLine[discountLineNo] ?? 0));
      return { lineNo: line.lineNo, discountLineNo, leftFen };
    });
}
