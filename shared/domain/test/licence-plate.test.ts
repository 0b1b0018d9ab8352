import { describe, expect, test } from '@rstest/core';
import fc from 'fast-check';
import { isNewEnergyPlate, normalizePlate, PLATE_PROVINCES, plateProblem } from '../src/licence-plate';

const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const ALNUM = `${LETTERS}0123456789`;

describe('licence plates', () => {
  test('ordinary and new-energy plates are accepted, typed with or without the dot, in either case', () => {
    expect(normalizePlate('浙A·T1234')).toBe('浙A·T1234');
    expect(normalizePlate('浙at1234')).toBe('浙A·T1234');
    expect(normalizePlate(' 京 B-12345 ')).toBe('京B·12345');
    expect(normalizePlate('粤BD12345')).toBe('粤B·D12345');
    expect(normalizePlate('沪A12345F')).toBe('沪A·12345F');
    expect(isNewEnergyPlate('粤B·D12345')).toBe(true);
    expect(isNewEnergyPlate('浙A·T1234')).toBe(false);
  });

  test('each kind of mistake is named', () => {
    expect(plateProblem('')).toBe('empty');
    expect(plateProblem('AA12345')).toBe('province');
    expect(plateProblem('港A12345')).toBe('province');
    expect(plateProblem('浙I12345')).toBe('office');
    expect(plateProblem('浙1T1234')).toBe('office');
    expect(plateProblem('浙AT123')).toBe('shape');
    expect(plateProblem('浙AT12345')).toBe('shape'); // six without D or F in place
    expect(plateProblem('浙AO1234')).toBe('shape');
    expect(plateProblem('浙AD1234X')).toBe('shape');
    expect(() => normalizePlate('浙AT123')).toThrow('5 位');
  });

  test('every generated valid plate normalises to itself, and any inserted space or dot is ignored', () => {
    const plate = fc
      .tuple(
        fc.constantFrom(...PLATE_PROVINCES),
        fc.constantFrom(...LETTERS),
        fc.array(fc.constantFrom(...ALNUM), { minLength: 5, maxLength: 5 }),
      )
      .map(([province, office, rest]) => `${province}${office}·${rest.join('')}`);
    fc.assert(
      fc.property(plate, fc.integer({ min: 1, max: 7 }), fc.constantFrom(' ', '·', '-'), (valid, at, separator) => {
        expect(plateProblem(valid)).toBeNull();
        expect(normalizePlate(valid)).toBe(valid);
        const compact = valid.replace('·', '');
        const typed = [...compact].slice(0, at).join('') + separator + [...compact].slice(at).join('');
        expect(normalizePlate(typed.toLowerCase())).toBe(valid);
      }),
    );
  });
});
