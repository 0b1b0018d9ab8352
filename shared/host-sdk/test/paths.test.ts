import { describe, expect, test } from '@rstest/core';
import { href, routePaths, toSearch } from '../src/paths';

describe('href', () => {
  test('builds static routes, with a query when given', () => {
    expect(href('home')).toBe('/');
    expect(href('ticketIndex')).toBe('/ticket/index');
    expect(href('invoiceTaskDetail', {}, { id: 't-1' })).toBe('/invoice/task/detail?id=t-1');
    expect(href('myContactUs', {}, { auto: 'workWechat' })).toBe('/my/contactUs?auto=workWechat');
  });

  test('fills params and escapes them', () => {
    expect(href('shop', { code: 'ab c' })).toBe('/shop/ab%20c');
    expect(href('shortLink', { code: 'X1' })).toBe('/t/X1');
  });

  test('leaves out empty query values', () => {
    expect(toSearch({ a: 1, b: undefined, c: null, d: '' })).toBe('?a=1&d=');
    expect(toSearch({})).toBe('');
  });

  test('every route of spec §2 is named once', () => {
    const patterns = Object.values(routePaths);
    expect(new Set(patterns).size).toBe(patterns.length);
    expect(patterns).toContain('/payment/list');
    expect(patterns).toContain('/shop/universalBindShop');
  });
});
