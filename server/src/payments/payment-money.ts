/**
 * Money at the payment providers' edge. Inside the product money is integer fen (docs/domain-rules.md, "Invoices");
 * WeChat Pay speaks fen too (`amount.total`), Alipay speaks yuan text (`total_amount: "88.00"`). These two functions
 * are the only way between fen and that text: string arithmetic, never a float, and nothing that is not a whole,
 * non-negative number of fen within the limit passes either way.
 *
 * `@app/domain/money` has `formatYuan` (`¥1,234.50`, for screens) and `parseYuan` (lenient: commas, signs, spaces, for
 * what users type) but no strict provider form, so they live here.
 */

/** The most any payment may be: 9,000,000,000,000 fen (90 billion yuan), well inside Number.MAX_SAFE_INTEGER. */
export const MAX_PAYMENT_FEN = 9_000_000_000_000;

/** Fen → yuan text with exactly two decimals (`8800` → `"88.00"`, `5` → `"0.05"`). */
export function fenToYuanText(fen: number): string {
  if (!Number.isSafeInteger(fen)) throw new RangeError(`金额必须是整数分 / amount must be whole fen: ${fen}`);
  if (fen < 0) throw new RangeError(`金额不能为负 / amount must not be negative: ${fen}`);
  if (fen > MAX_PAYMENT_FEN) throw new RangeError(`金额超出上限 / amount over the limit: ${fen}`);
  const yuan = Math.floor(fen / 100);
  const cents = fen % 100;
  return `${yuan}.${String(cents).padStart(2, '0')}`;
}

/** Plain decimal yuan: no sign, no leading zeros, no spaces, no exponent, no thousands separators. */
const YUAN_TEXT = /^(0|[1-9]\d{0,10})(?:\.(\d+))?$/;

/**
 * Yuan text as a provider sends it (`"88.00"`, `"88.5"`, `"88"`) → fen. Refuses more than two decimals (a fraction
 * of a fen, even `"1.000"`), negatives, anything but plain digits, and more than MAX_PAYMENT_FEN.
 */
export function yuanTextToFen(text: string): number {
  const match = YUAN_TEXT.exec(text);
  if (!match) throw new RangeError(`金额格式无效 / not a yuan amount: ${JSON.stringify(text)}`);
  const [, whole = '0', decimals = ''] = match;
  if (decimals.length > 2) throw new RangeError(`金额不能小于一分 / amount has a fraction of a fen: ${text}`);
  // At most 11 integer digits: whole * 100 + cents stays below 2^53, so this sum is exact.
  const fen = Number(whole) * 100 + Number(decimals.padEnd(2, '0'));
  if (fen > MAX_PAYMENT_FEN) throw new RangeError(`金额超出上限 / amount over the limit: ${text}`);
  return fen;
}
