import { describe, expect, test } from '@rstest/core';
import { generatePath as routerGeneratePath } from 'react-router-dom';
import { definePaths, generatePath, toSearch, type StaticPathName } from '../src/define-paths';

const { paths, href } = definePaths({
  ticketDetail: '/ticket/detail',
  shop: '/shop/:code',
  trip: '/taxi/:car/trip/:day',
} as const);

describe('definePaths', () => {
  test('gives back the patterns as written, for a routes.ts', () => {
    expect(paths).toEqual({ ticketDetail: '/ticket/detail', shop: '/shop/:code', trip: '/taxi/:car/trip/:day' });
    const literal: '/shop/:code' = paths.shop;
    expect(literal).toBe('/shop/:code');
  });

  test('builds static pages, with a query when given', () => {
    expect(href('ticketDetail')).toBe('/ticket/detail');
    expect(href('ticketDetail', {})).toBe('/ticket/detail');
    expect(href('ticketDetail', {}, { id: 't-1', from: undefined })).toBe('/ticket/detail?id=t-1');
  });

  test('fills every param and escapes it', () => {
    expect(href('shop', { code: 'ab c' })).toBe('/shop/ab%20c');
    expect(href('trip', { car: '浙A', day: '2024-05-01' }, { page: 2 })).toBe('/taxi/%E6%B5%99A/trip/2024-05-01?page=2');
  });

  test('types: params exactly when the pattern has them, and only known names', () => {
    // These lines are checked by `tsc --noEmit -p .`; at run time they only have to not throw.
    const wrong = () => {
      // @ts-expect-error a pattern with :code needs its params
      href('shop');
      // @ts-expect-error every param of the pattern
      href('trip', { car: 'A' });
      // @ts-expect-error a static page takes no params
      href('ticketDetail', { id: '1' });
      // @ts-expect-error a name the table does not have
      href('ticketIndex');
    };
    expect(typeof wrong).toBe('function');
    const names: StaticPathName<typeof paths>[] = ['ticketDetail'];
    // @ts-expect-error shop has a param, so it is not a static name
    const notStatic: StaticPathName<typeof paths> = 'shop';
    expect([...names, notStatic]).toHaveLength(2);
  });

  test('tables are independent: each app builds its own', () => {
    const other = definePaths({ ticketDetail: '/elsewhere/detail' });
    expect(other.href('ticketDetail')).toBe('/elsewhere/detail');
    expect(href('ticketDetail')).toBe('/ticket/detail');
  });

  test('leaves out empty query values', () => {
    expect(toSearch({ a: 1, b: undefined, c: null, d: '', e: false })).toBe('?a=1&d=&e=false');
    expect(toSearch({})).toBe('');
    expect(toSearch(undefined)).toBe('');
  });

  test("builds addresses as react-router's generatePath does (without the router: a lean page has none)", () => {
    const cases: [string, Record<string, string | null | undefined>][] = [
      ['/shop/:code', { code: 'YST0001' }],
      ['/shop/:code', { code: 'a b/c?d' }],
      ['/taxi/:car/trip/:day', { car: '浙A', day: '2024-05-01' }],
      ['/my/subCode/', {}],
      ['/a/:x?/b', {}],
      ['/a/:x?/b', { x: '1' }],
      ['/files/*', { '*': 'a/b.png' }],
      ['/files*', { '*': 'x' }],
      ['/export/:id.json', { id: '42' }],
      ['relative/:id', { id: '7' }],
      ['/', {}],
    ];
    for (const [pattern, params] of cases) {
      expect({ pattern, path: generatePath(pattern, params) }).toEqual({ pattern, path: routerGeneratePath(pattern, params as never) });
    }
    expect(() => generatePath('/shop/:code', {})).toThrow('Missing ":code" param');
  });
});
