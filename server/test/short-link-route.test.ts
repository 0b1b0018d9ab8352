/**
 * `GET /t/{code}` (server/src/companies/short-link-route.ts): a scanned short link is redirected by the server to its
 * target, with the scanned query along but never a session token or sign-in code; an unknown code, or a target that
 * would leave the app, gets the host.
 */
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { shortLinks } from '../src/db/schema';
import { redirectTarget } from '../src/companies/short-link-route';
import { createTestServer, DATABASES, type TestServer } from './support/test-server';

test('the scanned query travels along, but never a token or a sign-in code; what the target sets stays', () => {
  expect(redirectTarget('/shop/YST0001', '')).toBe('/shop/YST0001');
  expect(redirectTarget('/shop/YST0001', '?_test_=true&from=poster')).toBe('/shop/YST0001?_test_=true&from=poster');
  expect(redirectTarget('/shop/YST0001', '?token=abc&_test_=true')).toBe('/shop/YST0001?_test_=true');
  expect(redirectTarget('/shop/YST0001', '?signin=abc&token=x&token=y&from=poster')).toBe('/shop/YST0001?from=poster');
  expect(redirectTarget('/my/company/bind?code=AB', '?code=EVIL&from=poster')).toBe('/my/company/bind?code=AB&from=poster');
});

describe.each(DATABASES)('short links (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(kind, { worker: { enabled: false, pollMs: 20, stepTimeoutMs: 2000, leaseMs: 4000, batch: 8 } });
    await server.database.db.insert(shortLinks).values([
      { code: 'ESCAPE1', target: '//evil.example/shop' },
      { code: 'ESCAPE2', target: 'https://evil.example/' },
    ]);
  });
  afterAll(async () => server.close());

  test("a shop's short link answers a redirect to its cash desk, never cached", async () => {
    const answer = await server.app.inject({ method: 'GET', url: '/t/shop1?from=poster' });
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toMatch(/^\/shop\/[A-Za-z0-9]+\?from=poster$/);
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  test('a poster whose link carries a token or a sign-in code: the redirect carries neither', async () => {
    const answer = await server.app.inject({ method: 'GET', url: '/t/shop1?token=attacker-token&_test_=true&signin=attacker-code' });
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toMatch(/^\/shop\/[A-Za-z0-9]+\?_test_=true$/);
    expect(answer.headers.location).not.toContain('attacker');
  });

  test('an unknown code, or a target off this app, gets the host page (which says the link is not found)', async () => {
    for (const code of ['NOSUCH99', 'ESCAPE1', 'ESCAPE2']) {
      const answer = await server.app.inject({ method: 'GET', url: `/t/${code}` });
      expect(answer.statusCode).not.toBe(302);
      expect(answer.headers.location).toBeUndefined();
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
    }
  });
});
