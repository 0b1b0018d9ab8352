/**
 * VAT maths of invoice lines, in integer fen and per-mille rates (130 = 13 %), never in floats (docs/product.md, domain
 * facts): an amount entered including tax splits into net = round(gross / (1 + rate)) and tax = gross − net; a line is
 * acceptable when |tax − net × rate| ≤ 0.06 yuan; totals are 合计金额, 合计税额 and 价税合计.
 */

/** The VAT rates of digital invoices, per mille: 0, 1 %, 1.5 %, 3 %, 5 %, 6 %, 9 %, 13 %. */
export const VAT_RATES_PERMILLE = [0, 10, 15, 30, 50, 60, 90, 130] as const;
export type VatRatePermille = (typeof VAT_RATES_PERMILLE)[number];

/** The rate, when it is one of the VAT rates; null otherwise. */
export function vatRateOf(permille: number): VatRatePermille | null {
  return (VAT_RATES_PERMILLE as readonly number[]).includes(permille) ? (permille as VatRatePermille) : null;
}

/** How a line is untaxed instead of carrying a rate. */
export type TaxExemption = '免税' | '不征税';

/** |tax − net × rate| may differ by at most this much (0.06 yuan). */
export const TAX_TOLERANCE_FEN = 6;

export interface LineAmounts {
  netFen: number;
  taxFen: number;
  grossFen: number;
}

/** a / b rounded half away from zero, exactly. */
function roundedQuotient(a: bigint, b: bigint): bigint {
  const quotient = a / b;
  const remainder = a % b;
  if (remainder === 0n) return quotient;
  const twice = (remainder < 0n ? -remainder : remainder) * 2n;
  if (twice < b) return quotient;
  return a < 0n ? quotient - 1n : quotient + 1n;
}

function checkFen(fen: number): void {
  if (!Number.isSafeInteger(fen)) throw new RangeError(`金额必须是整数分: ${fen}`);
}

function checkRate(ratePermille: number): void {
  if (!Number.isInteger(ratePermille) || ratePermille < 0 || ratePermille > 1000) throw new RangeError(`税率无效: ${ratePermille}‰`);
}

/** An amount including tax → net and tax (negative amounts, as on red invoices, split the same way). */
export function splitGross(grossFen: number, ratePermille: number | TaxExemption): LineAmounts {
  checkFen(grossFen);
  if (typeof ratePermille !== 'number') return { netFen: grossFen, taxFen: 0, grossFen };
  checkRate(ratePermille);
  const netFen = Number(roundedQuotient(BigInt(grossFen) * 1000n, BigInt(1000 + ratePermille)));
  return { netFen, taxFen: grossFen - netFen, grossFen };
}

/** A net amount → its tax, rounded to the fen. */
export function taxOfNet(netFen: number, ratePermille: number | TaxExemption): LineAmounts {
  checkFen(netFen);
  if (typeof ratePermille !== 'number') return { netFen, taxFen: 0, grossFen: netFen };
  checkRate(ratePermille);
  const taxFen = Number(roundedQuotient(BigInt(netFen) * BigInt(ratePermille), 1000n));
  return { netFen, taxFen, grossFen: netFen + taxFen };
}

/** Whether a line's tax agrees with its net amount and rate within the ±0.06 tolerance. */
export function taxWithinTolerance(line: Pick<LineAmounts, 'netFen' | 'taxFen'>, ratePermille: number | TaxExemption): boolean {
  if (typeof ratePermille !== 'number') return line.taxFen === 0;
  const difference = BigInt(line.taxFen) * 1000n - BigInt(line.netFen) * BigInt(ratePermille);
  return (difference < 0n ? -difference : difference) <= BigInt(TAX_TOLERANCE_FEN) * 1000n;
}

/** 合计金额, 合计税额 and 价税合计 of an invoice's lines. */
export function invoiceTotals(lines: readonly Pick<LineAmounts, 'netFen' | 'taxFen'>[]): LineAmounts {
  let netFen = 0;
  let taxFen = 0;
  for (const line of lines) {
    netFen += line.netFen;
    taxFen += line.taxFen;
  }
  return { netFen, taxFen, grossFen: netFen + taxFen };
}
