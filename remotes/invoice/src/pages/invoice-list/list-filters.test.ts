import { describe, expect, test } from '@rstest/core';
import { hasFilters, keyOf, NO_FILTERS, queryOf, recentMonths } from './list-filters';

describe('list filters', () => {
  test('only the filters that are set go into the query; the search is trimmed', () => {
    expect(queryOf(NO_FILTERS)).toEqual({});
    expect(queryOf({ kind: 'red', status: null, month: '2025-03', keyword: '  北京 ' })).toEqual({ kind: 'red', month: '2025-03', keyword: '北京' });
    expect(hasFilters({ ...NO_FILTERS, keyword: '   ' })).toBe(false);
    expect(keyOf({ ...NO_FILTERS, status: '部分红冲' })).not.toBe(keyOf(NO_FILTERS));
  });

  test('months are China months, counted back across the new year', () => {
    // 2025-01-31 17:00 UTC is already 1 February in Beijing.
    expect(recentMonths(new Date('2025-01-31T17:00:00Z'), 2)).toEqual(['2025-02', '2025-01']);
    expect(recentMonths(new Date('2025-02-10T00:00:00Z'), 4)).toEqual(['2025-02', '2025-01', '2024-12', '2024-11']);
  });
});
