import { describe, expect, test } from '@rstest/core';
import fc from 'fast-check';
import { invoiceNumberProblem } from '../src/invoice-number';
import { RED_FORM_NUMBER, redFormNumber, registrationArea } from '../src/red-form-number';

describe('red-letter confirmation form numbers', () => {
  test("the seller's area, the China year and month, and the sequence", () => {
    // 16:30 UTC on 31 December is already January in China.
    expect(redFormNumber('91330106MA2KD0T7X5', new Date('2026-12-31T16:30:00Z'), 42)).toBe('330106270100000042');
    expect(redFormNumber('91440300MA5F0XXXXX', new Date('2026-11-25T02:00:00Z'), 1)).toBe('440300261100000001');
  });

  test('a seller whose number carries no area gets 000000', () => {
    expect(registrationArea('AB12CD34EF56GH78JK')).toBe('000000');
    expect(registrationArea('')).toBe('000000');
  });

  test('any form number has the form shape and is never a valid invoice number', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 20 }),
        fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.nat(),
        (taxNumber, at, sequence) => {
          const number = redFormNumber(taxNumber, at, sequence);
          expect(number).toMatch(RED_FORM_NUMBER);
          expect(invoiceNumberProblem(number)).not.toBeNull();
        },
      ),
    );
  });
});
