import { describe, expect, test } from '@rstest/core';
import { pageMeta, type RouteHandle } from '@app/host-sdk/route-meta';
import { nextCache, PAGE_CACHE_SIZE, type CachedPage } from '../src/layout/page-cache';
import { FRONT_VERSION, reloadForFrontVersion } from '../src/front-version';

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

describe('reloadForFrontVersion', () => {
  function fakeLocation(href: string) {
    const replaced: string[] = [];
    return { location: { href, replace: (url: string) => replaced.push(url) } as unknown as Location, replaced };
  }

  test('reloads once, bypassing the cache, when a newer front version is required', () => {
    const { location, replaced } = fakeLocation('http://app.test/my?x=1');
    expect(reloadForFrontVersion(FRONT_VERSION + 1, location)).toBe(true);
    expect(replaced[0]).toBe(`http://app.test/my?x=1&_fv=${FRONT_VERSION + 1}`);
    const again = fakeLocation(replaced[0] as string);
    expect(reloadForFrontVersion(FRONT_VERSION + 1, again.location)).toBe(false);
  });

  test('does nothing when the host is new enough', () => {
    const { location, replaced } = fakeLocation('http://app.test/');
    expect(reloadForFrontVersion(FRONT_VERSION, location)).toBe(false);
    expect(replaced).toEqual([]);
  });
});
