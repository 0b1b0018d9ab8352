import { describe, expect, test } from '@rstest/core';
import { AMOUNT_MESSAGES, amountProblem, displayOf, fenOf, MAX_PAYMENT_FEN, pressKey, type AmountKey } from './amount-keys';

const type = (keys: AmountKey[], from = '') => keys.reduce(pressKey, from);

describe('the cash desk keypad', () => {
  test('digits, 00 and the decimal point build yuan text; at most two decimals', () => {
    expect(type(['8', '8', '.', '0', '0'])).toBe('88.00');
    expect(type(['1', '2', '.', '3', '4', '5'])).toBe('12.34');
    expect(type(['1', '.', '5', '00'])).toBe('1.50');
    expect(type(['1', '.', '00', '9'])).toBe('1.00');
    expect(type(['.', '5'])).toBe('0.5');
    expect(type(['3', '.', '.', '1'])).toBe('3.1');
  });

  test('no leading zeros; ⌫ takes the last character', () => {
    expect(type(['0', '0', '5'])).toBe('5');
    expect(type(['00', '7'])).toBe('7');
    expect(type(['1', '00'])).toBe('100');
    expect(type(['1', '2', '.', '5', 'delete', 'delete', 'delete'])).toBe('1');
    expect(type(['delete'])).toBe('');
  });

  test('at most six whole digits', () => {
    expect(type(['9', '9', '9', '9', '9', '9', '9'])).toBe('999999');
    expect(type(['9', '9', '9', '9', '9', '00'])).toBe('99999');
  });

  test('more than 0 and at most ¥50,000.00, in fen without floats', () => {
    expect(MAX_PAYMENT_FEN).toBe(5_000_000);
    expect(fenOf('0.1')).toBe(10);
    expect(fenOf('12.')).toBe(1200);
    expect(fenOf('')).toBeNull();
    expect(amountProblem('')).toBe(AMOUNT_MESSAGES.empty);
    expect(amountProblem('0.00')).toBe(AMOUNT_MESSAGES.zero);
    expect(amountProblem('50000')).toBeNull();
    expect(amountProblem('50000.01')).toBe('单笔付款不能超过 ¥50,000.00');
    expect(amountProblem('0.01')).toBeNull();
  });

  test('shown with thousands grouped', () => {
    expect(displayOf('12345.6')).toBe('12,345.6');
    expect(displayOf('1000.')).toBe('1,000.');
    expect(displayOf('88')).toBe('88');
  });
});
