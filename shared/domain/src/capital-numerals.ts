/**
 * Amounts in Chinese capital numerals (大写金额), as 价税合计 is printed on an invoice:
 * 12345.67 → 壹万贰仟叁佰肆拾伍元陆角柒分, 100 → 壹佰元整, 1005 → 壹仟零伍元整, 0.05 → 伍分.
 * A negative amount (a red invoice) is prefixed with （负数）.
 */
const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'] as const;
const PLACE = ['', '拾', '佰', '仟'] as const;
const SECTION = ['', '万', '亿', '万亿'] as const;

/** A number 1–9999 in capitals, zeros between digits written once (1005 → 壹仟零伍). */
function sectionInCapitals(value: number): string {
  let text = '';
  let pendingZero = false;
  for (let place = 3; place >= 0; place--) {
    const digit = Math.floor(value / 10 ** place) % 10;
    if (digit === 0) {
      if (text) pendingZero = true;
      continue;
    }
    if (pendingZero) text += '零';
    pendingZero = false;
    text += `${DIGITS[digit] ?? ''}${PLACE[place] ?? ''}`;
  }
  return text;
}

/** A whole number of yuan in capitals, by sections of four digits (万, 亿). */
function yuanInCapitals(yuan: number): string {
  if (yuan === 0) return '零';
  const sections: number[] = [];
  for (let rest = yuan; rest > 0; rest = Math.floor(rest / 10_000)) sections.push(rest % 10_000);
  let text = '';
  let zeroBetween = false;
  for (let index = sections.length - 1; index >= 0; index--) {
    const section = sections[index] as number;
    if (section === 0) {
      zeroBetween = text !== '';
      continue;
    }
    if (text && (zeroBetween || section < 1000)) text += '零';
    text += sectionInCapitals(section) + SECTION[index];
    zeroBetween = false;
  }
  return text;
}

export function amountInCapitals(fen: number): string {
  if (!Number.isSafeInteger(fen)) throw new RangeError(`金额必须是整数分: ${fen}`);
  if (Math.abs(fen) >= 1e16) throw new RangeError('金额过大');
  if (fen < 0) return `（负数）${amountInCapitals(-fen)}`;
  const yuan = Math.floor(fen / 100);
  const jiao = Math.floor(fen / 10) % 10;
  const cents = fen % 10;
  if (jiao === 0 && cents === 0) return `${yuanInCapitals(yuan)}元整`;
  const head = yuan > 0 ? `${yuanInCapitals(yuan)}元` : '';
  if (cents === 0) return `${head}${DIGITS[jiao]}角`;
  if (jiao === 0) return `${head}${yuan > 0 ? '零' : ''}${DIGITS[cents]}分`;
  return `${head}${DIGITS[jiao]}角${DIGITS[cents]}分`;
}
