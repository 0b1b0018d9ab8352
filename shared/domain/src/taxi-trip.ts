/**
 * What a recorded taxi trip must be, the same on the driver's form and on the server: when it started and ended, how
 * far it went and what it cost. Distance is kept in whole metres and the fare in fen, so nothing is a fraction.
 */

/** A fare above ¥20,000 is a typing mistake, not a taxi ride. */
export const MAX_TRIP_FARE_FEN = 2_000_000;
/** 2,000 km: further than any taxi ride. */
export const MAX_TRIP_METRES = 2_000_000;
/** A ride lasts at most a day. */
export const MAX_TRIP_MS = 24 * 60 * 60 * 1000;
/** A trip can be recorded up to 180 days after it ended (invoices for older rides are refused). */
export const MAX_TRIP_AGE_MS = 180 * 24 * 60 * 60 * 1000;
/** The clocks of a phone and the server may differ by this much. */
export const CLOCK_SKEW_MS = 5 * 60 * 1000;

export interface TripTimes {
  startTime: Date;
  endTime: Date;
}

export type TripTimeProblem = 'endBeforeStart' | 'tooLong' | 'future' | 'tooOld';

export const TRIP_TIME_MESSAGES: Record<TripTimeProblem, string> = {
  endBeforeStart: '下车时间应晚于上车时间',
  tooLong: '一次行程不能超过 24 小时',
  future: '行程时间不能晚于现在',
  tooOld: '只能记录 180 天内的行程',
};

/** Why a trip's times are not acceptable at `now`, or null. */
export function tripTimeProblem({ startTime, endTime }: TripTimes, now: Date): TripTimeProblem | null {
  const start = startTime.getTime();
  const end = endTime.getTime();
  if (end <= start) return 'endBeforeStart';
  if (end - start > MAX_TRIP_MS) return 'tooLong';
  if (end > now.getTime() + CLOCK_SKEW_MS) return 'future';
  if (now.getTime() - end > MAX_TRIP_AGE_MS) return 'tooOld';
  return null;
}

const KM = /^(\d{1,4})(?:\.(\d{1,2}))?$/;

/** Kilometres as typed (`12`, `12.5`, `12.35`) in whole metres, or null when it is not such a number. */
export function kilometresToMetres(text: string): number | null {
  const match = KM.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 1000 + Number((match[2] ?? '').padEnd(2, '0')) * 10;
}

/** Metres as kilometres with up to two decimals, as a meter shows them (`12.35`). */
export function formatKilometres(metres: number): string {
  return (Math.round(metres / 10) / 100).toFixed(2).replace(/\.?0+$/, '');
}

export type TripDistanceProblem = 'shape' | 'zero' | 'tooFar';

export const TRIP_DISTANCE_MESSAGES: Record<TripDistanceProblem, string> = {
  shape: '里程应为数字，最多两位小数',
  zero: '里程应大于 0',
  tooFar: '里程不能超过 2000 公里',
};

/** Why a distance in metres is not acceptable, or null. */
export function tripDistanceProblem(metres: number | null): TripDistanceProblem | null {
  if (metres === null || !Number.isInteger(metres)) return 'shape';
  if (metres <= 0) return 'zero';
  if (metres > MAX_TRIP_METRES) return 'tooFar';
  return null;
}

export type TripFareProblem = 'zero' | 'tooMuch' | 'fraction';

export const TRIP_FARE_MESSAGES: Record<TripFareProblem, string> = {
  fraction: '车费最多精确到分',
  zero: '车费应大于 0',
  tooMuch: '车费不能超过 20000 元',
};

/** Why a fare in fen is not acceptable, or null. */
export function tripFareProblem(fareFen: number): TripFareProblem | null {
  if (!Number.isInteger(fareFen)) return 'fraction';
  if (fareFen <= 0) return 'zero';
  if (fareFen > MAX_TRIP_FARE_FEN) return 'tooMuch';
  return null;
}

/** The tax classification a taxi invoice's lines use: 其他陆路旅客运输服务 (`@app/domain/tax-classification`). */
export const PASSENGER_TRANSPORT_TAX_CODE = '3010101020000000000';
