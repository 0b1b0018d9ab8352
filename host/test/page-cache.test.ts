import { describe, expect, test } from '@rstest/core';
import { pageMeta, type RouteHandle } from '@app/host-sdk/route-meta';
import { nextCache, PAGE_CACHE_SIZE, type CachedPage } from '../src/layout/page-cache';

const page = (key: string, keepAlive = true): CachedPage => {
  const handle: RouteHandle = { meta: pageMeta(key, key, { keepAlive }), owner: 'x' };
  return { key, element: null, handle };
};

describe('nextCache', () => {
  test('keeps visited pages, the current one last', () => {
    const cache = nextCache(nextCache([], page('/a')), page('/b'));
    expect(cache.map((p) => p.key)).toEqual(['/a', '/b']);
    expect(nextCache(cache, page('/a')).map((p) => p.key)).toEqual(['/b', '/a']);
  });

  test('drops pages that must not be kept once the user leaves them', () => {
    const cache = nextCache(nextCache([], page('/', false)), page('/my'));
    expect(cache.map((p) => p.key)).toEqual(['/my']);
  });

  test('keeps at most PAGE_CACHE_SIZE pages besides the current one', () => {
    let cache: CachedPage[] = [];
    for (let i = 0; i < 20; i++) cache = nextCache(cache, page(`/p${i}`));
    expect(cache).toHaveLength(PAGE_CACHE_SIZE + 1);
    expect(cache.at(-1)?.key).toBe('/p19');
  });
});
