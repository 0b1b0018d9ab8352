/**
 * Sign-in as an attacker tries it: return addresses that a URL parser rewrites into another site, at every hop that
 * emits one (authorize, the demo sign-in, the OAuth callback); demo sign-in while a real provider is configured; and
 * an X-Forwarded-For header that would dodge the sign-in limit.
 */
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { oauthStates, users } from '../src/db/schema/users';
import { startFakeOAuthProvider, type FakeOAuthProvider } from './support/fake-oauth-provider';
import { newVerifier } from './support/sign-in-handover';
import { createTestServer, type TestServer } from './support/test-server';

const APP = 'http://app.example';
/** The challenge a browser sends with every sign-in it starts (these tests never exchange the codes). */
const { challenge: CHALLENGE } = newVerifier();

/** Where a browser on the app goes with this Location, and where it would go if a hop decoded it again and again. */
function staysOnTheApp(location: string): boolean {
  let layer = location;
  for (let depth = 0; depth < 5; depth++) {
    if (new URL(layer, `${APP}/api/auth/demo`).origin !== APP || layer.startsWith('//') || layer.startsWith('/\\')) return false;
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

/** The report's examples and their family: dot segments, encoded dots and slashes, backslashes, whitespace, case, repeated encodings. */
const FAMILY = [
  '/.//evil.example/x',
  '/./%2F/evil.example',
  '/..//evil.example',
  '/a/..//evil.example/x',
  '/.%2e//evil.example',
  '/%2e//evil.example',
  '/%2E%2E//evil.example',
  '/%2F%2Fevil.example',
  '/%252F%252Fevil.example',
  '/%25252F%25252Fevil.example',
  '/%5Cevil.example',
  '/%255Cevil.example',
  '/\\evil.example',
  '/.\\/evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/.\t//evil.example',
  '/%09/evil.example',
  '/%0A/evil.example',
  '\t//evil.example',
  ' //evil.example',
  'HTTPS://evil.example',
  'hTtP:/\\evil.example',
  '//EVIL.example',
  '/.//EVIL.EXAMPLE/x',
];

const PIECES = [
  '/',
  '\\',
  '.',
  '..',
  '/./',
  '/.//',
  '%2e',
  '%2E',
  '%2f',
  '%2F',
  '%5c',
  '%252f',
  '\t',
  '\n',
  ' ',
  'evil.example',
  'http:',
  'HTTPS:',
  ':',
  '?',
  '#',
  '@',
  'invoice',
  'a',
];
const composed = fc.sample(
  fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 8 }).map((parts) => `/${parts.join('')}`),
  { numRuns: 300, seed: 20261123 },
);

let addressCount = 0;
function freshAddress(): string {
  addressCount += 1;
  return `10.77.${(addressCount >> 8) & 255}.${addressCount & 255}`;
}

describe('return addresses: every hop emits only paths of the app', () => {
  let server: TestServer;
  let fake: FakeOAuthProvider;
  let withWechat: TestServer;

  beforeAll(async () => {
    server = await createTestServer('pglite');
    fake = await startFakeOAuthProvider({ wechat: { appId: 'wx-app', secret: 'wx-secret' }, alipay: { appId: 'unused', publicKey: '' } });
    withWechat = await createTestServer('pglite', {
      auth: {
        wechat: {
          appId: 'wx-app',
          secret: 'wx-secret',
          authorizeUrl: 'https://open.weixin.qq.com/connect/oauth2/authorize',
          tokenUrl: `${fake.url}/sns/oauth2/access_token`,
        },
        alipay: null,
        demo: false,
      },
    });
  });
  afterAll(async () => {
    await server.close();
    await withWechat.close();
    await fake.close();
  });

  const demoSignIn = async (returnUrl: string) => {
    const userId = await server.userIdOf('企业管理员');
    return server.app.inject({
      method: 'POST',
      url: '/api/auth/demo',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ userId, returnUrl, challenge: CHALLENGE }).toString(),
      remoteAddress: freshAddress(),
    });
  };

  test("the report's example: /.//evil.example/x is refused, not sent to //evil.example with the sign-in code", async () => {
    const answer = await demoSignIn('/.//evil.example/x');
    expect(answer.statusCode).toBe(400);
    expect(answer.headers.location).toBeUndefined();
    expect(answer.body).toContain('返回地址无效');
    const authorize = await server.app.inject({
      method: 'GET',
      url: `/api/auth/authorize?returnUrl=${encodeURIComponent('/.//evil.example/x')}&challenge=${CHALLENGE}`,
      remoteAddress: freshAddress(),
    });
    expect(authorize.statusCode).toBe(400);
  });

  test('demo sign-in: the whole family, and hundreds of composed ones, either refused or sent back to the app', async () => {
    for (const returnUrl of [...FAMILY, ...composed]) {
      const answer = await demoSignIn(returnUrl);
      if (answer.statusCode === 400) continue;
      expect({ returnUrl, status: answer.statusCode }).toEqual({ returnUrl, status: 303 });
      const location = answer.headers.location ?? '';
      expect({ returnUrl, location, home: staysOnTheApp(location) }).toEqual({ returnUrl, location, home: true });
    }
    for (const returnUrl of FAMILY)
      expect({ returnUrl, status: (await demoSignIn(returnUrl)).statusCode }).toEqual({ returnUrl, status: 400 });
  });

  test("authorize: the demo page carries only judged paths; WeChat's state stores only judged paths", async () => {
    for (const returnUrl of [...FAMILY, ...composed]) {
      const page = await server.app.inject({
        method: 'GET',
        url: `/api/auth/authorize?returnUrl=${encodeURIComponent(returnUrl)}&challenge=${CHALLENGE}`,
        remoteAddress: freshAddress(),
      });
      if (page.statusCode === 400) continue;
      const carried =
        /name="returnUrl" value="([^"]*)"/
          .exec(page.body)?.[1]
          ?.replace(/&amp;/g, '&')
          .replace(/&#39;/g, "'")
          .replace(/&quot;/g, '"') ?? '';
      expect({ returnUrl, carried, home: staysOnTheApp(carried) }).toEqual({ returnUrl, carried, home: true });
    }
    for (const returnUrl of [...FAMILY, ...composed]) {
      const start = await withWechat.app.inject({
        method: 'GET',
        url: `/api/auth/authorize?authType=wechat&returnUrl=${encodeURIComponent(returnUrl)}&challenge=${CHALLENGE}`,
        remoteAddress: freshAddress(),
      });
      if (start.statusCode === 400) continue;
      const state = new URL(start.headers.location ?? '').searchParams.get('state') ?? '';
      const [row] = await withWechat.database.db.select().from(oauthStates).where(eq(oauthStates.state, state));
      expect({ returnUrl, stored: row?.returnUrl, home: staysOnTheApp(row?.returnUrl ?? '//') }).toEqual({
        returnUrl,
        stored: row?.returnUrl,
        home: true,
      });
    }
  });

  test('the WeChat callback judges the stored path again as it emits it', async () => {
    // A state stored with an older judgement of `/.//evil.example/x`.
    const state = 'a'.repeat(64);
    await withWechat.database.db.insert(oauthStates).values({
      state,
      provider: 'wechat',
      returnUrl: '/.//evil.example/x',
      challenge: CHALLENGE,
      expiresAt: new Date(Date.now() + 60_000),
    });
    fake.wechat.codes.set('code-old-state', { openid: 'openid-old-state', scope: 'snsapi_base' });
    const back = await withWechat.app.inject({
      method: 'GET',
      url: `/api/auth/callback/wechat?code=code-old-state&state=${state}`,
      remoteAddress: freshAddress(),
    });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toMatch(/^\/\?signin=[A-Za-z0-9_-]{43}$/);
  });

  test('a state stored before the handover (no challenge) is refused: its sign-in could only end with a token in the address', async () => {
    const state = 'b'.repeat(64);
    await withWechat.database.db
      .insert(oauthStates)
      .values({ state, provider: 'wechat', returnUrl: '/my', expiresAt: new Date(Date.now() + 60_000) });
    fake.wechat.codes.set('code-no-challenge', { openid: 'openid-no-challenge', scope: 'snsapi_base' });
    const back = await withWechat.app.inject({
      method: 'GET',
      url: `/api/auth/callback/wechat?code=code-no-challenge&state=${state}`,
      remoteAddress: freshAddress(),
    });
    expect(back.statusCode).toBe(400);
    expect(back.headers.location).toBeUndefined();
    expect(back.body).toContain('登录请求无效或已过期');
    expect(await withWechat.database.db.select().from(users).where(eq(users.providerSubject, 'openid-no-challenge'))).toEqual([]);
  });
});

describe('demo sign-in only where no real provider is configured', () => {
  let fake: FakeOAuthProvider;
  let wechatOnly: TestServer;

  beforeAll(async () => {
    fake = await startFakeOAuthProvider({ wechat: { appId: 'wx-app', secret: 'wx-secret' }, alipay: { appId: 'unused', publicKey: '' } });
    wechatOnly = await createTestServer('pglite', {
      auth: {
        wechat: {
          appId: 'wx-app',
          secret: 'wx-secret',
          authorizeUrl: 'https://open.weixin.qq.com/connect/oauth2/authorize',
          tokenUrl: `${fake.url}/sns/oauth2/access_token`,
        },
        alipay: null,
        demo: false,
      },
    });
  });
  afterAll(async () => {
    await wechatOnly.close();
    await fake.close();
  });

  test('with WeChat set and Alipay not, authType=alipay does not list demo users, and /demo signs nobody in', async () => {
    const alipay = await wechatOnly.app.inject({
      method: 'GET',
      url: `/api/auth/authorize?authType=alipay&returnUrl=%2F&challenge=${CHALLENGE}`,
      remoteAddress: freshAddress(),
    });
    expect(alipay.statusCode).toBe(404);
    expect(alipay.body).toContain('该登录方式未启用');
    expect(alipay.body).not.toContain('演示环境');
    const demo = await wechatOnly.app.inject({
      method: 'POST',
      url: '/api/auth/demo',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ userId: '00000000-0000-4000-8000-000000000000', returnUrl: '/', challenge: CHALLENGE }).toString(),
      remoteAddress: freshAddress(),
    });
    expect(demo.statusCode).toBe(404);
    expect(demo.headers.location).toBeUndefined();
    const config = await wechatOnly.call<{ demo: boolean }>('sysConfig/get');
    expect(config.body.result.demo).toBe(false);
  });

  test('a database a real provider signs into gets the reference data but no demo users', async () => {
    const demoUsers = await wechatOnly.database.db.select().from(users).where(eq(users.provider, 'demo'));
    expect(demoUsers).toEqual([]);
    const hotlines = await wechatOnly.call<unknown[]>('sysConfig/get');
    expect(hotlines.body.success).toBe(true);
  });

  test('DEMO_SIGN_IN=true keeps demo sign-in on beside a real provider, and says so loudly', async () => {
    const { configFromEnv } = await import('../src/config');
    const forced = configFromEnv({ WECHAT_APP_ID: 'wx', WECHAT_APP_SECRET: 's', DEMO_SIGN_IN: 'true' });
    expect(forced.auth).toMatchObject({ demo: true, demoForced: true });
    expect(configFromEnv({ WECHAT_APP_ID: 'wx', WECHAT_APP_SECRET: 's' }).auth).toMatchObject({ demo: false, demoForced: false });
    expect(configFromEnv({}).auth).toMatchObject({ demo: true, demoForced: false });
    expect(() => configFromEnv({ DEMO_SIGN_IN: 'yes' })).toThrow('DEMO_SIGN_IN 无效');
  });
});

describe('the sign-in limit counts the real client address', () => {
  const limit = 5;

  test('by default X-Forwarded-For is not believed: changing it does not buy more attempts', async () => {
    const server = await createTestServer('pglite', { auth: { wechat: null, alipay: null, demo: true, signInPerMinute: limit } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < limit + 3; i++) {
        const answer = await server.app.inject({
          method: 'GET',
          url: `/api/auth/authorize?returnUrl=%2F&challenge=${CHALLENGE}`,
          remoteAddress: '203.0.113.9',
          headers: { 'x-forwarded-for': `198.51.100.${i}` },
        });
        statuses.push(answer.statusCode);
      }
      expect(statuses).toEqual([...Array(limit).fill(200), 429, 429, 429]);
    } finally {
      await server.close();
    }
  });

  test('behind a proxy of TRUST_PROXY, each client behind it is counted apart; other senders are not believed', async () => {
    const server = await createTestServer('pglite', {
      trustProxy: ['10.0.0.1'],
      auth: { wechat: null, alipay: null, demo: true, signInPerMinute: limit },
    });
    try {
      for (let i = 0; i < limit + 2; i++) {
        const viaProxy = await server.app.inject({
          method: 'GET',
          url: `/api/auth/authorize?returnUrl=%2F&challenge=${CHALLENGE}`,
          remoteAddress: '10.0.0.1',
          headers: { 'x-forwarded-for': `198.51.100.${i}` },
        });
        expect(viaProxy.statusCode).toBe(200);
      }
      const statuses: number[] = [];
      for (let i = 0; i < limit + 1; i++) {
        const direct = await server.app.inject({
          method: 'GET',
          url: `/api/auth/authorize?returnUrl=%2F&challenge=${CHALLENGE}`,
          remoteAddress: '203.0.113.10',
          headers: { 'x-forwarded-for': `198.51.100.${100 + i}` },
        });
        statuses.push(direct.statusCode);
      }
      expect(statuses).toEqual([...Array(limit).fill(200), 429]);
    } finally {
      await server.close();
    }
  });

  test('TRUST_PROXY takes addresses, CIDRs and loopback; anything else stops the start', async () => {
    const { configFromEnv } = await import('../src/config');
    expect(configFromEnv({}).trustProxy).toEqual([]);
    expect(configFromEnv({ TRUST_PROXY: '10.0.0.1, 172.16.0.0/12,loopback,::1' }).trustProxy).toEqual([
      '10.0.0.1',
      '172.16.0.0/12',
      'loopback',
      '::1',
    ]);
    for (const bad of ['*', 'true', '10.0.0.1/33', 'evil.example'])
      expect(() => configFromEnv({ TRUST_PROXY: bad })).toThrow('TRUST_PROXY 无效');
  });
});
