/**
 * One goods line of an invoice: what the user enters (a quantity and a unit price including tax, or just an amount
 * including tax) → the printed line (net unit price, net, tax), and the checks every line must pass (docs/product.md,
 * domain facts): |quantity × unit price − net| ≤ 0.01, |tax − net × rate| ≤ 0.06, and the field lengths. Quantities
 * and unit prices are decimal strings and are computed exactly, never through floats.
 */
import { splitGross, taxWithinTolerance, VAT_RATES_PERMILLE, type TaxExemption } from './tax-maths';

/** |quantity × unit price − net| may differ by at most this much (0.01 yuan). */
export const PRICE_TOLERANCE_FEN = 1;
/** Unit prices and quantities carry at most this many decimals. */
export const MAX_DECIMALS = 8;
export const MAX_MODEL_LENGTH = 40;
export const MAX_UNIT_LENGTH = 20;
export const MAX_ITEM_NAME_LENGTH = 100;

interface Decimal {
  /** value = units / 10^scale */
  units: bigint;
  scale: number;
}

const DECIMAL = /^(\d{1,12})(?:\.(\d{1,8}))?$/;

function parseDecimal(text: string): Decimal | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return { units: BigInt(whole + fraction), scale: fraction.length };
}

/** A positive decimal with at most 8 decimals ("2", "0.5", "12.34567890"), or null. */
export function isPositiveDecimal(text: string): boolean {
  const value = parseDecimal(text);
  return value !== null && value.units > 0n;
}

function divideRounded(a: bigint, b: bigint): bigint {
  const quotient = a / b;
  const remainder = a % b;
  const twice = (remainder < 0n ? -remainder : remainder) * 2n;
  if (twice < (b < 0n ? -b : b)) return quotient;
  return a < 0n !== b < 0n ? quotient - 1n : quotient + 1n;
}

/** quantity × unit price (yuan, decimal strings) → fen, rounded half away from zero. */
export function amountOf(quantity: string, unitPrice: string): number | null {
  const q = parseDecimal(quantity);
  const p = parseDecimal(unitPrice);
  if (!q || !p) return null;
  // fen = q × p × 100, with q.scale + p.scale decimals to drop.
  const fen = divideRounded(q.units * p.units * 100n, 10n ** BigInt(q.scale + p.scale));
  return fen > BigInt(Number.MAX_SAFE_INTEGER) ? null : Number(fen);
}

/** fen / quantity as a unit price in yuan with up to 8 decimals, trailing zeros trimmed ("12.5", "3.33333333"). */
export function unitPriceOf(fen: number, quantity: string): string | null {
  const q = parseDecimal(quantity);
  if (!q || q.units === 0n) return null;
  // yuan × 10^8 = fen × 10^6 × 10^q.scale / q.units
  const scaled = divideRounded(BigInt(Math.abs(fen)) * 10n ** 6n * 10n ** BigInt(q.scale), q.units);
  const digits = scaled.toString().padStart(MAX_DECIMALS + 1, '0');
  const whole = digits.slice(0, -MAX_DECIMALS);
  const fraction = digits.slice(-MAX_DECIMALS).replace(/0+$/, '');
  return `${fen < 0 ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

export type LineRate = number | TaxExemption;

export interface LineInput {
  /** Amount including tax, in fen. */
  grossFen: number;
  rate: LineRate;
  /** Optional: the printed quantity; the net unit price is derived from it. */
  quantity?: string | null;
}

export interface PricedLine {
  quantity: string | null;
  unitPrice: string | null;
  netFen: number;
  taxFen: number;
  grossFen: number;
  ratePermille: number | null;
  taxFree: TaxExemption | null;
}

/** An amount including tax (and perhaps a quantity) → the line as printed: net unit price, net and tax. */
export function priceLine(input: LineInput): PricedLine {
  const { netFen, taxFen, grossFen } = splitGross(input.grossFen, input.rate);
  const quantity = input.quantity?.trim() || null;
  return {
    quantity,
    unitPrice: quantity ? unitPriceOf(netFen, quantity) : null,
    netFen,
    taxFen,
    grossFen,
    ratePermille: typeof input.rate === 'number' ? input.rate : null,
    taxFree: typeof input.rate === 'number' ? null : input.rate,
  };
}

export interface LineToCheck {
  itemName: string;
  taxCode: string;
  model: string;
  unit: string;
  quantity: string | null;
  unitPrice: string | null;
  netFen: number;
  taxFen: number;
  ratePermille: number | null;
  taxFree: TaxExemption | null;
}

/** Which part of a line a problem is about: what the goods print, the quantity and unit price, the rate, the amount. */
export type LinePart = 'goods' | 'quantity' | 'rate' | 'amount';

export interface LineIssue {
  part: LinePart;
  message: string;
}

/** The first problem of a line, with the part it is about, or null when it may be printed on an invoice. */
export function lineIssue(line: LineToCheck): LineIssue | null {
  const issue = (part: LinePart, message: string): LineIssue => ({ part, message });
  if (!line.itemName.trim()) return issue('goods', '请填写项目名称');
  if (line.itemName.length > MAX_ITEM_NAME_LENGTH) return issue('goods', `项目名称不能超过 ${MAX_ITEM_NAME_LENGTH} 个字`);
  if (!/^\d{19}$/.test(line.taxCode)) return issue('goods', '税收分类编码应为 19 位数字');
  if (line.model.length > MAX_MODEL_LENGTH) return issue('goods', `规格型号不能超过 ${MAX_MODEL_LENGTH} 个字`);
  if (line.unit.length > MAX_UNIT_LENGTH) return issue('goods', `单位不能超过 ${MAX_UNIT_LENGTH} 个字`);
  if (!Number.isSafeInteger(line.netFen) || !Number.isSafeInteger(line.taxFen)) return issue('amount', '金额必须精确到分');
  if (line.netFen === 0) return issue('amount', '金额不能为 0');
  const rate = line.taxFree ?? line.ratePermille;
  if (rate === null) return issue('rate', '请选择税率');
  if (typeof rate === 'number' && !(VAT_RATES_PERMILLE as readonly number[]).includes(rate)) return issue('rate', '税率不在可选范围内');
  if ((line.quantity === null) !== (line.unitPrice === null)) return issue('quantity', '数量和单价须同时填写');
  if (line.quantity !== null && line.unitPrice !== null) {
    if (!isPositiveDecimal(line.quantity)) return issue('quantity', '数量应为正数，最多 8 位小数');
    if (!isPositiveDecimal(line.unitPrice.replace(/^-/, ''))) return issue('quantity', '单价应为正数，最多 8 位小数');
    const amount = amountOf(line.quantity, line.unitPrice.replace(/^-/, ''));
    if (amount === null || Math.abs(amount - Math.abs(line.netFen)) > PRICE_TOLERANCE_FEN)
      return issue('quantity', '数量 × 单价 与金额相差超过 0.01 元');
  }
  if (!taxWithinTolerance(line, rate)) return issue('amount', '税额与金额 × 税率相差超过 0.06 元');
  return null;
}

/** The first problem of a line, in Chinese, or null when it may be printed on an invoice. */
export function lineProblem(line: LineToCheck): string | null {
  return lineIssue(line)?.message ?? null;
}
