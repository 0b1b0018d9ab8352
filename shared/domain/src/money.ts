/**
 * Money is integer fen (分) everywhere: on the server, in the database and in the domain rules. Yuan strings exist
 * only at the edges: what the user types and what the screen shows (¥1,234.50).
 */

/** Fen → `¥1,234.50` (negative: `-¥1,234.50`). */
export function formatYuan(fen: number): string {
  if (!Number.isSafeInteger(fen)) throw new RangeError(`金额必须是整数分: ${fen}`);
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  const yuan = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const cents = String(abs % 100).padStart(2, '0');
  return `${sign}¥${yuan}.${cents}`;
}

/** A change of money with its sign: `+¥88.00`, `-¥50.00`, `¥0.00`. */
export function formatSignedYuan(fen: number): string {
  return fen > 0 ? `+${formatYuan(fen)}` : formatYuan(fen);
}

/** Fen → what a yuan field holds (`1234.50`, `-3.10`): no ¥, no thousands separator; `parseYuan` reads it back. */
export function yuanInputText(fen: number): string {
  if (!Number.isSafeInteger(fen)) throw new RangeError(`金额必须是整数分: ${fen}`);
  const abs = Math.abs(fen);
  return `${fen < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const YUAN_INPUT = /^(-)?(\d{1,13})(?:\.(\d{1,2}))?$/;

/**
 * What the user typed in yuan (`12`, `12.5`, `12.50`, `1,234.50`, `-3.1`) → fen, or null when it is not an amount
 * with at most two decimals. Never goes through a float, so `0.1 + 0.2` problems cannot occur.
 */
export function parseYuan(input: string): number | null {
  const match = YUAN_INPUT.exec(input.trim().replace(/[,，]/g, ''));
  if (!match) return null;
  const [, minus, whole = '0', decimals = ''] = match;
  const fen = Number(whole) * 100 + Number(decimals.padEnd(2, '0'));
  return minus ? -fen : fen;
}
