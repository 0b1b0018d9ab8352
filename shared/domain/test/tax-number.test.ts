import { describe, expect, test } from '@rstest/core';
import fc from 'fast-check';
import { isUnifiedSocialCreditCode, taxNumberProblem, usccCheckCharacter } from '../src/tax-number';

const ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';

describe('unified social credit code', () => {
  test('accepts real codes and computes their check character', () => {
    // Published codes of well-known companies.
    for (const code of ['91110000802100433B', '91440300708461136T', '9144030071526726XG']) {
      expect(isUnifiedSocialCreditCode(code)).toBe(true);
      expect(usccCheckCharacter(code.slice(0, 17))).toBe(code[17]);
    }
  });

  test('refuses a code whose check character is wrong', () => {
    expect(isUnifiedSocialCreditCode('91110000802100433C')).toBe(false);
    expect(taxNumberProblem('91110000802100433C')).toBe('check');
  });

  test('changing any one character of a valid code is always caught', () => {
    const body = fc.tuple(
      fc.array(fc.constantFrom(...'0123456789ABCDEFGHJKLMNPQRTUWXY'), { minLength: 2, maxLength: 2 }),
      fc.array(fc.constantFrom(...'0123456789'), { minLength: 6, maxLength: 6 }),
      fc.array(fc.constantFrom(...ALPHABET), { minLength: 9, maxLength: 9 }),
    );
    fc.assert(
      fc.property(body, fc.integer({ min: 8, max: 16 }), fc.integer({ min: 1, max: 30 }), ([a, b, c], position, shift) => {
        const first17 = [...a, ...b, ...c].join('');
        const code = first17 + usccCheckCharacter(first17);
        expect(isUnifiedSocialCreditCode(code)).toBe(true);
        const changed = ALPHABET[(ALPHABET.indexOf(code[position] as string) + shift) % 31] as string;
        const typo = code.slice(0, position) + changed + code.slice(position + 1);
        expect(isUnifiedSocialCreditCode(typo)).toBe(false);
      }),
    );
  });
});

describe('taxNumberProblem', () => {
  test('accepts older 15–20 character numbers without a check', () => {
    expect(taxNumberProblem('330106123456789')).toBeNull();
    expect(taxNumberProblem('33010612345678901234')).toBeNull();
  });

  test('names what is wrong', () => {
    expect(taxNumberProblem('')).toBe('empty');
    expect(taxNumberProblem('12345')).toBe('shape');
    expect(taxNumberProblem('91110000802100433b')).toBe('shape');
    expect(taxNumberProblem('913300001234567890123')).toBe('shape');
  });
});
