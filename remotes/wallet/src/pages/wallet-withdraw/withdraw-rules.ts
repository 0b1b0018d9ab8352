/**
 * The withdrawal amount as typed (yuan) and what may be withdrawn: more than 0, at most two decimals, and the amount
 * with its fee at most the available balance. The fee shown is the server's (`wallet/withdrawPreview`); the rule's
 * estimate here only bounds 全部提现 and checks the balance before the server's fee has arrived.
 */
import { parseYuan } from '@app/domain/money';

export interface FeeRule {
  /** Per mille of the amount… */
  feeRatePermille: number;
  /** …and at least this. */
  feeMinFen: number;
}

const AMOUNT = /^\d+(?:\.(\d*))?$/;

export const OVER_BALANCE = '超过可提现余额';

/** The amount in fen when the text is a valid amount (positive, at most two decimals), else null. */
export function amountFenOf(text: string | undefined): number | null {
  const trimmed = (text ?? '').trim();
  const match = AMOUNT.exec(trimmed);
  if (!match || (match[1] ?? '').length > 2) return null;
  const fen = parseYuan(trimmed.endsWith('.') ? trimmed.slice(0, -1) : trimmed);
  return fen !== null && fen > 0 ? fen : null;
}

/**
 * What is wrong with the typed amount, or null. `feeFen` is the server's fee for this amount when known: the amount
 * and the fee together may not exceed what is available; without it, only the amount itself is checked.
 */
export function amountProblem(text: string | undefined, availableFen: number, feeFen: number | null): string | null {
  const trimmed = (text ?? '').trim();
  if (!trimmed) return '请输入提现金额';
  const match = AMOUNT.exec(trimmed);
  if (!match) return '请输入正确的金额';
  if ((match[1] ?? '').length > 2) return '金额最多两位小数';
  const fen = amountFenOf(trimmed);
  if (fen === null) return parseYuan(trimmed.replace(/\.$/, '')) === null ? '请输入正确的金额' : '提现金额须大于0';
  if (fen > availableFen) return OVER_BALANCE;
  if (feeFen !== null && fen + feeFen > availableFen) return OVER_BALANCE;
  return null;
}

/** The fee of `amountFen` by the rule, rounded up to the fen: never less than the server's. */
export function feeAtMost(amountFen: number, rule: FeeRule): number {
  return Math.max(rule.feeMinFen, Math.ceil((amountFen * rule.feeRatePermille) / 1000));
}

/** The most that can be withdrawn from `availableFen`, its fee included (0 when not even the least fee is covered). */
export function maxWithdrawFen(availableFen: number, rule: FeeRule): number {
  let amount = Math.floor((availableFen * 1000) / (1000 + Math.max(0, rule.feeRatePermille)));
  amount = Math.min(amount, availableFen - rule.feeMinFen);
  while (amount > 0 && amount + feeAtMost(amount, rule) > availableFen) amount -= 1;
  while (amount + 1 + feeAtMost(amount + 1, rule) <= availableFen) amount += 1;
  return Math.max(0, amount);
}

/**
 * What a withdrawal takes from the balance: the fee is charged on top of the amount, which arrives whole. Shown
 * before what arrives, so that amount, fee and arrival never read as a sum that does not add up.
 */
export function leavingFen(withdrawal: { amountFen: number; feeFen: number }): number {
  return withdrawal.amountFen + withdrawal.feeFen;
}

/** Fen → the yuan text the amount field shows (`50`, `49.7`, `49.75`). */
export function yuanText(fen: number): string {
  const whole = Math.floor(fen / 100);
  const cents = fen % 100;
  if (cents === 0) return String(whole);
  return `${whole}.${String(cents).padStart(2, '0')}`;
}

/** The rule as a sentence: `手续费按提现金额的 0.6% 收取，最低 ¥1.00`. */
export function feeRuleText(rule: FeeRule, formatYuan: (fen: number) => string): string {
  const percent = `${(rule.feeRatePermille / 10).toFixed(2).replace(/\.?0+$/, '')}%`;
  if (rule.feeRatePermille <= 0 && rule.feeMinFen <= 0) return '提现免手续费';
  if (rule.feeMinFen <= 0) return `手续费按提现金额的 ${percent} 收取`;
  if (rule.feeRatePermille <= 0) return `每笔手续费 ${formatYuan(rule.feeMinFen)}`;
  return `手续费按提现金额的 ${percent} 收取，最低 ${formatYuan(rule.feeMinFen)}`;
}
