import { describe, expect, test } from '@rstest/core';
import { hasFilters, keyOf, NO_FILTERS, queryOf } from './list-filters';

describe('list filters', () => {
  test('only the filters that are set go into the query; the search is trimmed', () => {
    expect(queryOf(NO_FILTERS)).toEqual({});
    expect(queryOf({ kind: 'red', status: null, month: '2025-03', deliveryFailed: false, keyword: '  北京 ' })).toEqual({
      kind: 'red',
      month: '2025-03',
      keyword: '北京',
    });
    expect(hasFilters({ ...NO_FILTERS, keyword: '   ' })).toBe(false);
    expect(keyOf({ ...NO_FILTERS, status: '部分红冲' })).not.toBe(keyOf(NO_FILTERS));
    // 发送失败 is sent as `deliveryFailed: true`, and only then.
    expect(queryOf({ ...NO_FILTERS, deliveryFailed: true })).toEqual({ deliveryFailed: true });
    expect(hasFilters({ ...NO_FILTERS, deliveryFailed: true })).toBe(true);
  });
});
