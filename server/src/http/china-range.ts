/** A request's China day or month field as the domain's range of instants (`@app/domain/china-time`). */
import { chinaRange, type ChinaRange } from '@app/domain/china-time';
import { invalidField } from './api-failure';

/**
 * The China days from `first` to `last` (each a day `YYYY-MM-DD` or a month `YYYY-MM`), or a 4000 on `field` when
 * either is not a real day (the contract's pattern lets 2026-02-30 through) or the range runs backwards.
 */
export function requestedRange(field: string, message: string, first: string, last: string = first): ChinaRange {
  const range = chinaRange(first, last);
  if (!range) throw invalidField(field, message);
  return range;
}
