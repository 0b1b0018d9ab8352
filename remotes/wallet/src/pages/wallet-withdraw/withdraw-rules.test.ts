import { describe, expect, test } from '@rstest/core';
import { formatYuan } from '@app/domain/money';
import { amountFenOf, amountProblem, feeAtMost, feeRuleText, maxWithdrawFen, yuanText } from './withdraw-rules';

const RULE = { feeRatePermille: 6, feeMinFen: 100 };

describe('withdraw rules', () => {
  test('the amount in fen: positive, at most two decimals', () => {
    expect(amountFenOf('50')).toBe(5_000);
    expect(amountFenOf('49.7')).toBe(4_970);
    expect(amountFenOf(' 0.01 ')).toBe(1);
    expect(amountFenOf('12.')).toBe(1_200);
    expect(amountFenOf('0')).toBeNull();
    expect(amountFenOf('1.234')).toBeNull();
    expect(amountFenOf('-3')).toBeNull();
    expect(amountFenOf('abc')).toBeNull();
    expect(amountFenOf(undefined)).toBeNull();
  });

  test('what is wrong with the amount', () => {
    expect(amountProblem('', 10_000, null)).toBe('请输入提现金额');
    expect(amountProblem('abc', 10_000, null)).toBe('请输入正确的金额');
    expect(amountProblem('1.2.3', 10_000, null)).toBe('请输入正确的金额');
    expect(amountProblem('-5', 10_000, null)).toBe('请输入正确的金额');
    expect(amountProblem('1.234', 10_000, null)).toBe('金额最多两位小数');
    expect(amountProblem('0', 10_000, null)).toBe('提现金额须大于0');
    expect(amountProblem('0.00', 10_000, null)).toBe('提现金额须大于0');
    expect(amountProblem('100.01', 10_000, null)).toBe('超过可提现余额');
    expect(amountProblem('100', 10_000, null)).toBeNull();
    // With the server's fee: the amount and its fee within the balance.
    expect(amountProblem('100', 10_000, 100)).toBe('超过可提现余额');
    expect(amountProblem('99', 10_000, 100)).toBeNull();
  });

  test('全部提现: the most whose fee (rounded up) still fits', () => {
    expect(maxWithdrawFen(8_800, RULE)).toBe(8_700);
    expect(maxWithdrawFen(100_000, RULE)).toBe(99_403);
    expect(maxWithdrawFen(100, RULE)).toBe(0);
    expect(maxWithdrawFen(0, RULE)).toBe(0);
    expect(maxWithdrawFen(5_000, { feeRatePermille: 0, feeMinFen: 0 })).toBe(5_000);
    for (const available of [101, 999, 16_767, 16_768, 16_869, 123_456_789]) {
      const max = maxWithdrawFen(available, RULE);
      expect(max + feeAtMost(max, RULE)).toBeLessThanOrEqual(available);
      expect(max + 1 + feeAtMost(max + 1, RULE)).toBeGreaterThan(available);
    }
  });

  test('the amount as the field shows it, and the rule as a sentence', () => {
    expect(yuanText(8_700)).toBe('87');
    expect(yuanText(99_403)).toBe('994.03');
    expect(yuanText(4_970)).toBe('49.70');
    expect(feeRuleText(RULE, formatYuan)).toBe('手续费按提现金额的 0.6% 收取，最低 ¥1.00');
    expect(feeRuleText({ feeRatePermille: 10, feeMinFen: 0 }, formatYuan)).toBe('手续费按提现金额的 1% 收取');
    expect(feeRuleText({ feeRatePermille: 0, feeMinFen: 0 }, formatYuan)).toBe('提现免手续费');
  });
});
