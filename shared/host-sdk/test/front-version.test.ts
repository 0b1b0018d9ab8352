/** A newer front version in the service config reloads an older build once, without cache (docs/product.md). */
import { describe, expect, test } from '@rstest/core';
import { FRONT_VERSION, reloadForFrontVersion } from '../src/front-version';

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
