import { describe, expect, test } from '@rstest/core';
import fc from 'fast-check';
import { MAX_RETURN_PATH_LENGTH, sameOriginPath, withQueryParameter } from '../src/return-path';

const APP = 'https://app.example';

/** Where a browser goes when the app emits `path` as a Location or assigns it, from a page of the app. */
function landsOn(path: string): string {
  return new URL(path, `${APP}/some/page`).origin;
}

/** Every layer a hop might decode `path` into, each resolved as a browser would. */
function everyDecodingStaysHome(path: string): boolean {
  let layer = path;
  for (let depth = 0; depth < 5; depth++) {
    if (landsOn(layer) !== APP || layer.startsWith('//') || layer.startsWith('/\\')) return false;
    let decoded: string;
    try {
      decoded = decodeURIComponent(layer);
    } catch {
      return true;
    }
    if (decoded === layer) return true;
    layer = decoded;
  }
  return true;
}

/** What an attacker puts together: separators, dots, their encodings at several depths, whitespace, schemes, hosts. */
const PIECES = [
  '/',
  '\\',
  '.',
  '..',
  './',
  '../',
  '/./',
  '/../',
  '/.//',
  '//',
  '%2e',
  '%2E',
  '%2f',
  '%2F',
  '%5c',
  '%5C',
  '%252f',
  '%252F',
  '%255c',
  '%25252f',
  '%2e%2e',
  '%252e',
  '%25',
  '\t',
  '\n',
  '\r',
  ' ',
  '\u000b',
  '\u0000',
  '%09',
  '%0a',
  '%0d',
  '%00',
  '%20',
  '\u00a0',
  '\u3000',
  'evil.example',
  'EVIL.example',
  'evil.example:443',
  '@evil.example',
  'user:pass@',
  'ｅｖｉｌ.example',
  '／',
  '＼',
  '。',
  'http:',
  'HTTP:',
  'https:',
  'hTtPs:',
  'javascript:',
  'JavaScript:',
  'data:',
  ':',
  '?',
  '#',
  '&',
  '=',
  ';',
  'invoice',
  'list',
  'a',
  'token=x',
  '杭州',
];

const attack = fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 10 }).map((parts) => parts.join(''));

describe('sameOriginPath, the one judge of return addresses', () => {
  test("keeps the app's own paths, queries and fragments as they are", () => {
    for (const path of [
      '/',
      '/my',
      '/invoice/list?tab=1',
      '/invoice/task/detail?id=3b7e&from=home#top',
      '/shop/YST0001',
      '/titles/list?q=%E6%9D%AD%E5%B7%9E',
    ]) {
      expect(sameOriginPath(path)).toBe(path);
    }
  });

  test('normalises what a parser would rewrite, and judges the result', () => {
    expect(sameOriginPath('/invoice/./list')).toBe('/invoice/list');
    expect(sameOriginPath('/a/../invoice/list')).toBe('/invoice/list');
    expect(sameOriginPath('/titles/list?q=杭州')).toBe('/titles/list?q=%E6%9D%AD%E5%B7%9E');
  });

  test('refuses the known ways out: the examples of the security report and their family', () => {
    const refused = [
      '/.//evil.example/x',
      '/./%2F/evil.example',
      '/..//evil.example',
      '/a/..//evil.example',
      '/.%2e//evil.example',
      '//evil.example',
      '///evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/%5Cevil.example',
      '/%5cevil.example',
      '/%2F%2Fevil.example',
      '/%2f%2fevil.example',
      '%2F%2Fevil.example',
      '/%252F%252Fevil.example',
      '/%25252F%25252Fevil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r\n/evil.example',
      '/%09/evil.example',
      '\t//evil.example',
      ' //evil.example',
      'https://evil.example',
      'HTTPS://evil.example',
      'hTtP:evil.example',
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      '/%0d%0aSet-Cookie:%20a=1',
      '/invoice\r\nSet-Cookie: a=1',
      '/invoice\u0000',
      '/invoice list',
      `/${'a'.repeat(MAX_RETURN_PATH_LENGTH)}`,
      '',
    ];
    for (const raw of refused) expect({ raw, judged: sameOriginPath(raw) }).toEqual({ raw, judged: null });
    for (const notAString of [null, undefined, 1, ['/'], { toString: () => '/' }]) expect(sameOriginPath(notAString)).toBeNull();
  });

  test('whatever an attacker composes, what it returns lands on the app at every depth of decoding, and is stable', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          attack,
          attack.map((path) => `/${path}`),
          attack.map((path) => `/.${path}`),
        ),
        (raw) => {
          const judged = sameOriginPath(raw);
          if (judged === null) return true;
          return (
            landsOn(judged) === APP &&
            everyDecodingStaysHome(judged) &&
            sameOriginPath(judged) === judged &&
            landsOn(withQueryParameter(judged, 'token', 'T')) === APP
          );
        },
      ),
      { numRuns: 20_000 },
    );
  });

  test('withQueryParameter replaces the parameter and keeps the rest of the path', () => {
    expect(withQueryParameter('/invoice/list?tab=1&token=old#top', 'token', 'NEW')).toBe('/invoice/list?tab=1&token=NEW#top');
    expect(withQueryParameter('/', 'token', 'a b')).toBe('/?token=a+b');
  });
});
