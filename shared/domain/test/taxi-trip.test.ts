import { describe, expect, test } from '@rstest/core';
import fc from 'fast-check';
import {
  formatKilometres,
  kilometresToMetres,
  MAX_TRIP_METRES,
  tripDistanceProblem,
  tripFareProblem,
  tripTimeProblem,
} from '../src/taxi-trip';

const now = new Date('2026-11-25T10:00:00Z');
const at = (iso: string) => new Date(iso);

describe('trip times', () => {
  test('a ride that ended before now and after it started is fine', () => {
    expect(tripTimeProblem({ startTime: at('2026-11-25T08:00:00Z'), endTime: at('2026-11-25T08:30:00Z') }, now)).toBeNull();
  });
  test('the end must come after the start, within a day, not in the future and not older than 180 days', () => {
    expect(tripTimeProblem({ startTime: at('2026-11-25T08:30:00Z'), endTime: at('2026-11-25T08:30:00Z') }, now)).toBe('endBeforeStart');
    expect(tripTimeProblem({ startTime: at('2026-11-23T08:00:00Z'), endTime: at('2026-11-24T08:00:01Z') }, now)).toBe('tooLong');
    expect(tripTimeProblem({ startTime: at('2026-11-25T09:50:00Z'), endTime: at('2026-11-25T10:10:00Z') }, now)).toBe('future');
    expect(tripTimeProblem({ startTime: at('2026-05-01T08:00:00Z'), endTime: at('2026-05-01T08:30:00Z') }, now)).toBe('tooOld');
  });
});

describe('distance', () => {
  test('kilometres as typed become whole metres', () => {
    expect(kilometresToMetres('12')).toBe(12_000);
    expect(kilometresToMetres('12.5')).toBe(12_500);
    expect(kilometresToMetres(' 0.05 ')).toBe(50);
    expect(kilometresToMetres('1.234')).toBeNull();
    expect(kilometresToMetres('-1')).toBeNull();
    expect(kilometresToMetres('abc')).toBeNull();
  });
  test('formatting and parsing agree for every distance in 10-metre steps', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_TRIP_METRES / 10 }), (tens) => {
        expect(kilometresToMetres(formatKilometres(tens * 10))).toBe(tens * 10);
      }),
    );
    expect(formatKilometres(12_500)).toBe('12.5');
    expect(formatKilometres(10_000)).toBe('10');
  });
  test('zero, too far and not a number are refused', () => {
    expect(tripDistanceProblem(null)).toBe('shape');
    expect(tripDistanceProblem(0)).toBe('zero');
    expect(tripDistanceProblem(MAX_TRIP_METRES + 1)).toBe('tooFar');
    expect(tripDistanceProblem(1)).toBeNull();
  });
});

describe('fare', () => {
  test('a fare is whole fen, above zero and at most ¥20,000', () => {
    expect(tripFareProblem(0)).toBe('zero');
    expect(tripFareProblem(-100)).toBe('zero');
    expect(tripFareProblem(12.5)).toBe('fraction');
    expect(tripFareProblem(2_000_001)).toBe('tooMuch');
    expect(tripFareProblem(3_850)).toBeNull();
  });
});
