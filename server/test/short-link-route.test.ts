/**
 * `GET /t/{code}` (server/src/companies/short-link-route.ts): a scanned short link is redirected by the server to its
 * target, with the scanned query along but never a session token or sign-in code; an unknown code, a bind code (never
 * a public link), or a target that would leave the app, gets the host. Following and resolving links is rate-limited
 * per client.
 */
import { afterAll, beforeAll, expect, test } from '@rstest/core';
import { CODE_LOOKUP_LIMIT } from '../src/companies/codes';
import { shortLinks } from '../src/db/schema/service';
import { redirectTarget } from '../src/companies/short-link-route';
import { createTestServer, type TestServer } from './support/test-server';
import { describeEachDatabase } from './support/database-suites';

test('the scanned query travels along, but never a token or a sign-in code; what the target sets stays', () => {
  expect(redirectTarget('/shop/YST0001', '')).toBe('/shop/YST0001');
  expect(redirectTarget('/shop/YST0001', '?_test_=true&from=poster')).toBe('/shop/YST0001?_test_=true&from=poster');
  expect(redirectTarget('/shop/YST0001', '?token=abc&_test_=true')).toBe('/shop/YST0001?_test_=true');
  expect(redirectTarget('/shop/YST0001', '?signin=abc&token=x&token=y&from=poster')).toBe('/shop/YST0001?from=poster');
  expect(redirectTarget('/my/company/bind?code=AB', '?code=EVIL&from=poster')).toBe('/my/company/bind?code=AB&from=poster');
});

describeEachDatabase('short links (%s)', (kind) => {
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
  test('a bind code is no public link: its /t/ address gets the host page, never a redirect that tells it is live', async () => {
    const manager = await server.tokenFor('企业管理员');
    const code = await server.call<{ code: string }>('company/createBindCode', {}, manager);
    const answer = await server.app.inject({ method: 'GET', url: `/t/${code.body.result.code}` });
    expect(answer.statusCode).not.toBe(302);
    expect(answer.headers.location).toBeUndefined();
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
  });

  test('one client following or resolving links is limited, both ways together: 429 for /t/, 4029 for shortLink/resolve; other clients are not', async () => {
    const guesser = '10.20.30.40';
    const follow = (code: string, remoteAddress = guesser) => server.app.inject({ method: 'GET', url: `/t/${code}`, remoteAddress });
    const resolve = (code: string, remoteAddress = guesser) =>
      server.app.inject({ method: 'POST', url: '/api/shortLink/resolve', payload: { code }, remoteAddress });
    const followed = [];
    for (let i = 0; i < CODE_LOOKUP_LIMIT.max + 5; i++) followed.push((await follow(`GUESS${String(i).padStart(3, '0')}`)).statusCode);
    expect(followed.filter((status) => status === 429)).toHaveLength(5);
    const refused = await follow('shop1');
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toContain('访问过于频繁，请稍后再试');
    expect((await follow('shop1', '10.20.30.41')).statusCode).toBe(302);
    // The same address resolving codes through the API instead: the same count, already used up.
    expect((await resolve('shop1')).json().errorCode).toBe(4029);

    const other = '10.20.30.42';
    const resolved = [];
    for (let i = 0; i < CODE_LOOKUP_LIMIT.max + 5; i++)
      resolved.push((await resolve(`GUESS${String(i).padStart(3, '0')}`, other)).json().errorCode);
    expect(resolved.filter((code) => code === 4029)).toHaveLength(5);
    expect(resolved.filter((code) => code === 4004)).toHaveLength(CODE_LOOKUP_LIMIT.max);
    expect((await follow('shop1', other)).statusCode).toBe(429);
    expect((await resolve('shop1', '10.20.30.43')).json()).toMatchObject({ success: true, result: { target: '/shop/YST0001' } });
  });
});
