/**
 * The cash desk's amount, as the customer types it on the keypad (digits, 00, ., ⌫): yuan text with at most two
 * decimals, turned into fen by `@app/domain/money` (never through a float), more than 0 and at most ¥50,000.00.
 */
import { formatYuan, parseYuan } from '@app/domain/money';
import type { MAX_PAYMENT_FEN as CONTRACT_MAX_PAYMENT_FEN } from '@app/contract/payment';

/** The most one payment may be: the contract's number, checked by its type (the contract is never a runtime import). */
export const MAX_PAYMENT_FEN: typeof CONTRACT_MAX_PAYMENT_FEN = 5_000_000;

export const AMOUNT_MESSAGES = {
  empty: '请输入付款金额',
  zero: '付款金额须大于 0',
  tooLarge: `单笔付款不能超过 ${formatYuan(MAX_PAYMENT_FEN)}`,
} as const;

export type AmountKey = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | '00' | '.' | 'delete';

/** Whole yuan digits one may type: enough to go past the limit (and be told), not to fill the screen. */
const WHOLE_DIGITS = 6;

/** The text after pressing `key`: a key that would make a third decimal or a seventh whole digit changes nothing. */
export function pressKey(text: string, key: AmountKey): string {
  if (key === 'delete') return text.slice(0, -1);
  const dot = text.indexOf('.');
  if (key === '.') {
    if (dot >= 0) return text;
    return text === '' ? '0.' : `${text}.`;
  }
  if (dot >= 0) {
    const room = 2 - (text.length - dot - 1);
    return text + key.slice(0, Math.max(room, 0));
  }
  // No leading zeros: 0 then 5 is 5, 0 then 0 stays 0.
  if (text === '' || text === '0') {
    const digits = key.replace(/^0+/, '');
    return digits === '' ? '0' : digits;
  }
  return text.length + key.length > WHOLE_DIGITS ? text : text + key;
}

/** The fen of the typed text (`12.` counts as 12), or null when nothing is typed. */
export function fenOf(text: string): number | null {
  if (text === '') return null;
  return parseYuan(text.endsWith('.') ? text.slice(0, -1) : text);
}

/** What is wrong with the typed amount, to say under it; null when it may be paid. */
export function amountProblem(text: string): string | null {
  const fen = fenOf(text);
  if (fen === null) return AMOUNT_MESSAGES.empty;
  if (fen <= 0) return AMOUNT_MESSAGES.zero;
  if (fen > MAX_PAYMENT_FEN) return AMOUNT_MESSAGES.tooLarge;
  return null;
}

/** The typed text as shown: the whole yuan grouped by thousands (`12,345.6`). */
export function displayOf(text: string): string {
  const [whole = '', ...rest] = text.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return rest.length > 0 ? `${grouped}.${rest.join('')}` : grouped;
}
