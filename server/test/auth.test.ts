/**
 * Sign-in: the demo provider, the return-path checks, WeChat and Alipay authorisation against a local fake of their
 * servers, the handover (a one-time code in the address, exchanged with the browser's verifier for the token), the
 * sign-in rate limit, and logs that never show a token, code or secret.
 */
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, test } from '@rstest/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../src/app';
import { EXCHANGE_REFUSED_MESSAGE, OUTDATED_PAGE_MESSAGE, SIGN_IN_LIMIT } from '../src/auth/auth-routes';
import { OAUTH_STATE_LIFETIME_MS } from '../src/auth/oauth-states';
import { SIGN_IN_CODE_LIFETIME_MS } from '../src/auth/sign-in-codes';
import { createSession, hashToken } from '../src/auth/session-tokens';
import type { ServerConfig } from '../src/config';
import { openTestDatabase } from './support/pglite-image';
import { oauthStates, sessions, signInCodes, users } from '../src/db/schema/users';
import { startFakeOAuthProvider, unreachableUrl, type FakeOAuthProvider } from './support/fake-oauth-provider';
import { newVerifier, signInCodeIn, type Verifier } from './support/sign-in-handover';
import {
  createPostgresDatabase,
  createTestServer,
  DEMO_LABELS,
  eventually,
  testConfig,
  type DatabaseKind,
  type TestServer,
} from './support/test-server';
import { describeEachDatabase } from './support/database-suites';

/** Return paths the server must refuse, as it receives them (after the query string is decoded once). */
const BAD_RETURN_URLS = [
  'https://evil.com',
  'http://evil.com/invoice/list',
  '//evil.com',
  '///evil.com',
  '/\\evil.com',
  '\\\\evil.com',
  '%2F%2Fevil.com',
  '/%2F%2Fevil.com',
  '/%2f%2fevil.com',
  '/%5Cevil.com',
  '/%5cevil.com',
  '%252F%252Fevil.com',
  '/%252F%252Fevil.com',
  '/%25252F%25252Fevil.com',
  '/%255Cevil.com',
  'javascript:alert(1)',
  '/%0d%0aSet-Cookie:%20a=1',
  '/invoice\r\nSet-Cookie: a=1',
  '/invoice%00',
  '/invoice\u0000',
  '/invoice\tlist',
  '/%09/evil.com',
  '/invoice list',
  `/${'a'.repeat(2048)}`,
  '',
];

let addressCount = 0;
/** A client address of its own, so that the sign-in rate limit counts each test's requests apart. */
function freshAddress(): string {
  addressCount += 1;
  return `10.${(addressCount >> 16) & 255}.${(addressCount >> 8) & 255}.${addressCount & 255}`;
}

const SIGN_IN_CODE = /^[A-Za-z0-9_-]{43}$/;

/** `POST /api/auth/exchange` with this body, from an address of its own unless told. */
function exchange(server: { app: FastifyInstance }, body: unknown, remoteAddress = freshAddress()) {
  return server.app.inject({ method: 'POST', url: '/api/auth/exchange', payload: body as Record<string, unknown>, remoteAddress });
}

/**
 * The session token a sign-in hands over: the address it returned to carries a one-time code and never a token; the
 * code exchanged with the verifier of the browser that started the sign-in answers the token, uncached.
 */
async function tokenFrom(server: { app: FastifyInstance }, location: string | undefined, verifier: string): Promise<string> {
  expect(new URL(location ?? '', 'http://app.invalid').searchParams.has('token')).toBe(false);
  const code = signInCodeIn(location);
  expect(code).toMatch(SIGN_IN_CODE);
  const answer = await exchange(server, { code, verifier });
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['cache-control']).toBe('no-store');
  const body = answer.json() as { success: boolean; result: { token: string }; errorCode: null };
  expect(body.success).toBe(true);
  expect(body.result.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return body.result.token;
}

async function signedInUser(server: TestServer, token: string) {
  const detail = await server.call<{ id: string; nickname: string; avatarUrl: string | null }>(
    'user/getOfficialAccountLoginUserInfo',
    {},
    token,
  );
  expect(detail.status).toBe(200);
  expect(detail.body.success).toBe(true);
  return detail.body.result;
}

describeEachDatabase('demo sign-in and return paths (%s)', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await createTestServer(kind);
  });
  afterAll(async () => server.close());

  /** The browser's verifier of these tests' sign-ins; its challenge goes with every one. */
  const browser = newVerifier();
  const authorize = (query: string, remoteAddress = freshAddress(), challenge = browser.challenge) =>
    server.app.inject({ method: 'GET', url: `/api/auth/authorize?${query}${challenge ? `&challenge=${challenge}` : ''}`, remoteAddress });
  const chooseDemoUser = (fields: Record<string, string>, remoteAddress = freshAddress()) =>
    server.app.inject({
      method: 'POST',
      url: '/api/auth/demo',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ challenge: browser.challenge, ...fields }).toString(),
      remoteAddress,
    });
  /** A demo sign-in of `label` by a browser of its own: the address it returned to and that browser's verifier. */
  async function demoSignInOf(label: string, returnUrl = '/'): Promise<{ location: string; verifier: Verifier }> {
    const verifier = newVerifier();
    const chosen = await chooseDemoUser({ userId: await server.userIdOf(label), returnUrl, challenge: verifier.challenge });
    expect(chosen.statusCode).toBe(303);
    return { location: chosen.headers.location ?? '', verifier };
  }

  test('without WeChat or Alipay credentials the demo provider lists the five demo users, each form with the challenge', async () => {
    const page = await authorize(`authType=wechat&returnUrl=${encodeURIComponent('/my')}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('演示环境');
    for (const label of DEMO_LABELS) expect(page.body).toContain(`以${label}身份登录`);
    expect(page.body.match(/<form /g)).toHaveLength(5);
    expect(page.body).toContain('name="returnUrl" value="/my"');
    expect(page.body.match(new RegExp(`name="challenge" value="${browser.challenge}"`, 'g'))).toHaveLength(5);

    const alipay = await authorize('authType=alipay');
    expect(alipay.statusCode).toBe(200);
    expect(alipay.body).toContain('演示环境');
    expect((await authorize('authType=qq')).statusCode).toBe(400);
  });

  test('a sign-in started without a challenge (a page from before the handover) or with a malformed one is refused', async () => {
    const old = await authorize(`returnUrl=${encodeURIComponent('/my')}`, freshAddress(), '');
    expect(old.statusCode).toBe(400);
    expect(old.headers['content-type']).toContain('text/html');
    expect(old.body).toContain(OUTDATED_PAGE_MESSAGE);
    for (const challenge of ['short', `${browser.challenge}x`, `${browser.challenge.slice(0, 42)}=`, '%00'.repeat(15)]) {
      const bad = await authorize('returnUrl=%2F', freshAddress(), challenge);
      expect({ challenge, status: bad.statusCode }).toEqual({ challenge, status: 400 });
      expect(bad.body).toContain('登录校验');
    }
    const userId = await server.userIdOf('普通用户');
    const withoutChallenge = await server.app.inject({
      method: 'POST',
      url: '/api/auth/demo',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ userId, returnUrl: '/' }).toString(),
      remoteAddress: freshAddress(),
    });
    expect(withoutChallenge.statusCode).toBe(400);
    expect(withoutChallenge.headers.location).toBeUndefined();
    expect(withoutChallenge.body).toContain('登录校验');
  });

  test('choosing a demo user returns to the path with a one-time code, never a token; the code and the verifier give a token that signs the calls in', async () => {
    const userId = await server.userIdOf('普通用户');
    const page = await authorize(`returnUrl=${encodeURIComponent('/invoice/list?tab=1')}`);
    expect(page.body).toContain(`name="userId" value="${userId}"`);

    const chosen = await chooseDemoUser({ userId, returnUrl: '/invoice/list?tab=1&token=old#top' });
    expect(chosen.statusCode).toBe(303);
    expect(chosen.headers['cache-control']).toBe('no-store');
    // The old token in the return path is not carried on, and no new one is there: only the code.
    expect(chosen.headers.location).toMatch(/^\/invoice\/list\?tab=1&signin=[A-Za-z0-9_-]{43}#top$/);
    const code = signInCodeIn(chosen.headers.location);
    // The code is stored only as its hash, with the challenge and the user.
    const [stored] = await server.database.db
      .select()
      .from(signInCodes)
      .where(eq(signInCodes.codeHash, hashToken(code)));
    expect(stored).toMatchObject({ userId, challenge: browser.challenge });
    const lifetime = (stored?.expiresAt.getTime() ?? 0) - Date.now();
    expect(lifetime).toBeGreaterThan(SIGN_IN_CODE_LIFETIME_MS - 60_000);
    expect(lifetime).toBeLessThanOrEqual(SIGN_IN_CODE_LIFETIME_MS);
    expect(SIGN_IN_CODE_LIFETIME_MS).toBeLessThanOrEqual(5 * 60_000);
    expect(await server.database.db.select().from(signInCodes).where(eq(signInCodes.codeHash, code))).toEqual([]);

    const user = await signedInUser(server, await tokenFrom(server, chosen.headers.location, browser.verifier));
    expect(user.id).toBe(userId);

    expect((await chooseDemoUser({ userId: '00000000-0000-0000-0000-000000000000', returnUrl: '/' })).statusCode).toBe(400);
    expect((await chooseDemoUser({ userId: 'not-a-uuid', returnUrl: '/' })).statusCode).toBe(400);
  });

  test('a code is exchanged once, only with the verifier of its own sign-in, and only in time', async () => {
    const customer = await server.userIdOf('普通用户');
    const refusedAs = async (body: unknown) => {
      const answer = await exchange(server, body);
      expect(answer.statusCode).toBe(401);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.json()).toEqual({ success: false, result: null, message: EXCHANGE_REFUSED_MESSAGE, errorCode: 1001 });
    };
    const before = (await server.database.db.select().from(sessions)).length;

    // Another browser (another verifier), and the verifier of another sign-in, are refused; the code stays for its own.
    const mine = await demoSignInOf('普通用户');
    const theirs = await demoSignInOf('企业管理员');
    const code = signInCodeIn(mine.location);
    await refusedAs({ code, verifier: newVerifier().verifier });
    await refusedAs({ code, verifier: theirs.verifier.verifier });
    await refusedAs({ code: signInCodeIn(theirs.location), verifier: mine.verifier.verifier });
    // The challenge itself is not the verifier.
    await refusedAs({ code, verifier: mine.verifier.challenge });
    expect((await server.database.db.select().from(sessions)).length).toBe(before);

    const token = await tokenFrom(server, mine.location, mine.verifier.verifier);
    expect((await signedInUser(server, token)).id).toBe(customer);
    // Used: never again, not even by its own browser.
    await refusedAs({ code, verifier: mine.verifier.verifier });

    // Late: past its lifetime the code signs nobody in.
    const late = await demoSignInOf('普通用户');
    await server.database.db
      .update(signInCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signInCodes.codeHash, hashToken(signInCodeIn(late.location))));
    await refusedAs({ code: signInCodeIn(late.location), verifier: late.verifier.verifier });

    // Unknown codes, and a session token in the code's place.
    await refusedAs({ code: 'A'.repeat(43), verifier: mine.verifier.verifier });
    await refusedAs({ code: token, verifier: mine.verifier.verifier });

    // Twice at once: one exchange wins, the other is refused.
    const raced = await demoSignInOf('普通用户');
    const body = { code: signInCodeIn(raced.location), verifier: raced.verifier.verifier };
    const answers = await Promise.all([exchange(server, body), exchange(server, body), exchange(server, body)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401, 401]);
  });

  test('a malformed exchange is refused with the field named (4000), never a 500', async () => {
    const { verifier } = newVerifier();
    const code = 'B'.repeat(43);
    const bodies: unknown[] = [
      {},
      { code },
      { verifier },
      { code, verifier, token: 'x' },
      { code: 1, verifier },
      { code: `${code}=`, verifier },
      { code, verifier: 'short' },
      { code, verifier: 'v'.repeat(129) },
      [code, verifier],
      'null',
    ];
    for (const body of bodies) {
      const answer = await server.app.inject({
        method: 'POST',
        url: '/api/auth/exchange',
        headers: { 'content-type': 'application/json' },
        payload: typeof body === 'string' ? body : JSON.stringify(body),
        remoteAddress: freshAddress(),
      });
      expect({ body, status: answer.statusCode }).toEqual({ body, status: 400 });
      const envelope = answer.json() as { success: boolean; errorCode: number; message: string };
      expect(envelope.success).toBe(false);
      expect(envelope.errorCode).toBe(4000);
      expect(envelope.message).toMatch(/登录凭证|登录校验|参数|请求体/);
    }
    const notJson = await server.app.inject({
      method: 'POST',
      url: '/api/auth/exchange',
      headers: { 'content-type': 'application/json' },
      payload: '{"code":',
      remoteAddress: freshAddress(),
    });
    expect(notJson.statusCode).toBe(400);
    expect((notJson.json() as { message: string }).message).toBe('请求体不是有效的 JSON');
    const get = await server.app.inject({ method: 'GET', url: '/api/auth/exchange', remoteAddress: freshAddress() });
    expect(get.statusCode).toBe(404);
  });

  test('/authorize refuses every return path that could leave the app', async () => {
    for (const returnUrl of BAD_RETURN_URLS) {
      const response = await authorize(`returnUrl=${encodeURIComponent(returnUrl)}`);
      expect({ returnUrl, status: response.statusCode }).toEqual({ returnUrl, status: 400 });
      expect(response.body).toContain('返回地址无效');
    }
    // The same, written into the address the way a browser or an attacker would.
    for (const query of [
      'returnUrl=//evil.com',
      'returnUrl=%2F%2Fevil.com',
      'returnUrl=/%5Cevil.com',
      'returnUrl=/%252F%252Fevil.com',
      'returnUrl=https:%2F%2Fevil.com',
      'returnUrl=/%0d%0a',
    ]) {
      expect({ query, status: (await authorize(query)).statusCode }).toEqual({ query, status: 400 });
    }
    expect((await authorize('returnUrl=/a&returnUrl=/b')).statusCode).toBe(400);
  });

  test('/demo refuses the same return paths', async () => {
    const userId = await server.userIdOf('企业管理员');
    for (const returnUrl of BAD_RETURN_URLS) {
      const response = await chooseDemoUser({ userId, returnUrl });
      expect({ returnUrl, status: response.statusCode }).toEqual({ returnUrl, status: 400 });
      expect(response.headers.location).toBeUndefined();
    }
  });

  test('a return path is shown as it will be emitted, never as markup, in the demo page', async () => {
    const page = await authorize(`returnUrl=${encodeURIComponent('/titles/list?q="><script>alert(1)</script>')}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('<script>alert(1)');
    // The path as it will be emitted: normalised by the URL parser, which percent-encodes the quote and brackets.
    expect(page.body).toContain('name="returnUrl" value="/titles/list?q=%22%3E%3Cscript%3Ealert(1)%3C/script%3E"');
  });

  test('the provider callbacks are not open while the demo provider is used', async () => {
    const callback = await server.app.inject({
      method: 'GET',
      url: '/api/auth/callback/wechat?code=x&state=y',
      remoteAddress: freshAddress(),
    });
    expect(callback.statusCode).toBe(404);
    expect(callback.body).toContain('该登录方式未启用');
    expect((await server.app.inject({ method: 'GET', url: '/api/auth/callback/qq', remoteAddress: freshAddress() })).statusCode).toBe(404);
  });

  test(`after ${SIGN_IN_LIMIT.max} sign-in requests a minute from one address the next is refused with 429`, async () => {
    const address = freshAddress();
    for (let i = 0; i < SIGN_IN_LIMIT.max; i++) expect((await authorize('returnUrl=/', address)).statusCode).toBe(200);
    const limited = await authorize('returnUrl=/', address);
    expect(limited.statusCode).toBe(429);
    expect(limited.body).toContain('登录尝试过于频繁');
    const userId = await server.userIdOf('普通用户');
    expect((await chooseDemoUser({ userId, returnUrl: '/' }, address)).statusCode).toBe(429);
    expect((await authorize('returnUrl=/')).statusCode).toBe(200);
  });

  test(`the exchange has the same limit, counted apart: the ${SIGN_IN_LIMIT.max + 1}th a minute from one address is refused with 429 (4029)`, async () => {
    const address = freshAddress();
    const { location, verifier } = await demoSignInOf('普通用户');
    for (let i = 0; i < SIGN_IN_LIMIT.max; i++)
      expect((await exchange(server, { code: 'C'.repeat(43), verifier: verifier.verifier }, address)).statusCode).toBe(401);
    const limited = await exchange(server, { code: signInCodeIn(location), verifier: verifier.verifier }, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, errorCode: 4029, message: '登录尝试过于频繁，请稍后再试' });
    // The sign-in routes still answer that address (a sign-in costs what it did), and the code is still good elsewhere.
    expect((await authorize('returnUrl=/', address)).statusCode).toBe(200);
    expect((await exchange(server, { code: signInCodeIn(location), verifier: verifier.verifier })).statusCode).toBe(200);
  });
});

const WECHAT = {
  appId: 'wx-test-app',
  secret: 'wx-test-secret-value',
  authorizeUrl: 'https://open.weixin.qq.com/connect/oauth2/authorize',
};
const ALIPAY = {
  appId: '2021000000000001',
  secret: 'alipay-unused-secret',
  authorizeUrl: 'https://openauth.alipay.com/oauth2/publicAppAuthorize.htm',
};

function rsaKeyPair() {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

function providerAuth(fake: FakeOAuthProvider, alipayPrivateKey: string): ServerConfig['auth'] {
  return {
    wechat: { ...WECHAT, tokenUrl: `${fake.url}/sns/oauth2/access_token` },
    alipay: { ...ALIPAY, tokenUrl: `${fake.url}/gateway.do`, privateKey: alipayPrivateKey },
    demo: false,
  };
}

describeEachDatabase('WeChat and Alipay sign-in against a fake provider (%s)', (kind) => {
  const keys = rsaKeyPair();
  let fake: FakeOAuthProvider;
  let server: TestServer;

  beforeAll(async () => {
    fake = await startFakeOAuthProvider({
      wechat: { appId: WECHAT.appId, secret: WECHAT.secret },
      alipay: { appId: ALIPAY.appId, publicKey: keys.publicKey },
    });
    server = await createTestServer(kind, { auth: providerAuth(fake, keys.privateKey) });
  });
  afterEach(() => {
    fake.mode = 'normal';
    fake.alipay.publicKey = keys.publicKey;
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });

  /** Starts a sign-in from a browser of its own; the provider's authorise address, the state in it, the browser's verifier. */
  async function startSignIn(target: TestServer, query: string, verifier = newVerifier()) {
    const response = await target.app.inject({
      method: 'GET',
      url: `/api/auth/authorize?${query}&challenge=${verifier.challenge}`,
      remoteAddress: freshAddress(),
    });
    expect(response.statusCode).toBe(302);
    const location = new URL(response.headers.location ?? '');
    const state = location.searchParams.get('state') ?? '';
    return { response, location, state, verifier };
  }

  const callback = (provider: string, query: Record<string, string>, target = server) =>
    target.app.inject({
      method: 'GET',
      url: `/api/auth/callback/${provider}?${new URLSearchParams(query).toString()}`,
      remoteAddress: freshAddress(),
    });

  async function wechatSignIn(
    openid: string,
    options: { scope?: 'snsapi_userinfo' | 'snsapi_base'; nickname?: string; returnUrl?: string } = {},
  ) {
    const { state, verifier } = await startSignIn(server, `authType=wechat&returnUrl=${encodeURIComponent(options.returnUrl ?? '/my')}`);
    const code = `code-${openid}-${Math.random().toString(36).slice(2)}`;
    fake.wechat.codes.set(code, {
      openid,
      scope: options.scope ?? 'snsapi_userinfo',
      nickname: options.nickname,
      headimgurl: 'https://thirdwx.qlogo.cn/mmopen/test/132',
    });
    const response = await callback('wechat', { code, state });
    return {
      state,
      code,
      response,
      verifier: verifier.verifier,
      token: () => tokenFrom(server, response.headers.location, verifier.verifier),
    };
  }

  async function alipaySignIn(user: { user_id?: string; open_id?: string }) {
    const { state, verifier } = await startSignIn(server, `authType=alipay&returnUrl=${encodeURIComponent('/ticket/index')}`);
    const code = `auth-${Math.random().toString(36).slice(2)}`;
    fake.alipay.codes.set(code, user);
    const response = await callback('alipay', {
      app_id: ALIPAY.appId,
      source: 'alipay_wallet',
      scope: 'auth_user',
      auth_code: code,
      state,
    });
    return {
      state,
      code,
      response,
      verifier: verifier.verifier,
      token: () => tokenFrom(server, response.headers.location, verifier.verifier),
    };
  }

  test('WeChat: /authorize sends the user to the configured authorise address with a fresh state, which keeps the challenge', async () => {
    const returnUrl = '/invoice/create?shop=YST0001';
    const { response, location, state, verifier } = await startSignIn(
      server,
      `authType=wechat&returnUrl=${encodeURIComponent(returnUrl)}&qrcode=false&isWorkWechat=false`,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    expect(`${location.origin}${location.pathname}`).toBe(WECHAT.authorizeUrl);
    expect([...location.searchParams.keys()]).toEqual(['appid', 'redirect_uri', 'response_type', 'scope', 'state']);
    expect(location.searchParams.get('appid')).toBe(WECHAT.appId);
    expect(location.searchParams.get('redirect_uri')).toBe('http://sim.test/api/auth/callback/wechat');
    expect(location.searchParams.get('response_type')).toBe('code');
    expect(location.searchParams.get('scope')).toBe('snsapi_userinfo');
    expect(location.hash).toBe('#wechat_redirect');
    expect(state).toMatch(/^[0-9a-f]{64}$/);
    expect(response.headers.location).not.toContain(WECHAT.secret);

    const [row] = await server.database.db.select().from(oauthStates).where(eq(oauthStates.state, state));
    expect(row?.provider).toBe('wechat');
    expect(row?.returnUrl).toBe(returnUrl);
    expect(row?.challenge).toBe(verifier.challenge);
    // The challenge stays on this server: WeChat never sees it.
    expect(response.headers.location).not.toContain(verifier.challenge);
    const lifetime = (row?.expiresAt.getTime() ?? 0) - Date.now();
    expect(lifetime).toBeGreaterThan(OAUTH_STATE_LIFETIME_MS - 60_000);
    expect(lifetime).toBeLessThanOrEqual(OAUTH_STATE_LIFETIME_MS);

    const another = await startSignIn(server, 'authType=wechat');
    expect(another.state).not.toBe(state);
    const work = await startSignIn(server, 'authType=wechat&isWorkWechat=true');
    expect(work.location.searchParams.get('scope')).toBe('snsapi_base');
  });

  test('WeChat: the callback signs the user in once per state, with the profile WeChat gives, through a code for the browser that started it', async () => {
    const { state, code, response, token } = await wechatSignIn('openid-alice', { nickname: '爱丽丝', returnUrl: '/invoice/list?tab=2' });
    expect(response.statusCode).toBe(303);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers.location).toMatch(/^\/invoice\/list\?tab=2&signin=[A-Za-z0-9_-]{43}$/);
    // Another browser cannot use the code; the one that started the sign-in can.
    expect((await exchange(server, { code: signInCodeIn(response.headers.location), verifier: newVerifier().verifier })).statusCode).toBe(
      401,
    );
    const user = await signedInUser(server, await token());
    expect(user.nickname).toBe('爱丽丝');
    expect(user.avatarUrl).toBe('https://thirdwx.qlogo.cn/mmopen/test/132');
    const [row] = await server.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.provider).toBe('wechat');
    expect(row?.providerSubject).toBe('openid-alice');

    const reused = await callback('wechat', { code, state });
    expect(reused.statusCode).toBe(400);
    expect(reused.headers.location).toBeUndefined();
    expect(reused.body).toContain('登录请求无效或已过期');
    expect(await server.database.db.select().from(oauthStates).where(eq(oauthStates.state, state))).toHaveLength(0);
  });

  test('WeChat: the same openid signs in as the same user, another openid as another user', async () => {
    const first = await wechatSignIn('openid-bob', { nickname: '鲍勃' });
    const second = await wechatSignIn('openid-bob', { scope: 'snsapi_base' });
    const other = await wechatSignIn('openid-carol', { scope: 'snsapi_base' });
    for (const attempt of [first, second, other]) expect(attempt.response.statusCode).toBe(303);
    const bob = await signedInUser(server, await first.token());
    const bobAgain = await signedInUser(server, await second.token());
    const carol = await signedInUser(server, await other.token());
    expect(bobAgain.id).toBe(bob.id);
    expect(bobAgain.nickname).toBe('鲍勃');
    expect(carol.id).not.toBe(bob.id);
    expect(carol.nickname).toBe('微信用户');
    expect(await server.database.db.select().from(users).where(eq(users.providerSubject, 'openid-bob'))).toHaveLength(1);
  });

  test("WeChat: a missing, unknown, expired or other provider's state is refused", async () => {
    fake.wechat.codes.set('code-for-dave', { openid: 'openid-dave', scope: 'snsapi_base' });
    const missing = await callback('wechat', { code: 'code-for-dave' });
    const unknown = await callback('wechat', { code: 'code-for-dave', state: 'ab'.repeat(32) });
    const malformed = await callback('wechat', { code: 'code-for-dave', state: "x' or 1=1 --" });
    for (const refused of [missing, unknown, malformed]) {
      expect(refused.statusCode).toBe(400);
      expect(refused.headers['content-type']).toContain('text/html');
      expect(refused.body).toContain('登录请求无效或已过期');
    }

    const { state } = await startSignIn(server, 'authType=wechat');
    await server.database.db
      .update(oauthStates)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oauthStates.state, state));
    const expired = await callback('wechat', { code: 'code-for-dave', state });
    expect(expired.statusCode).toBe(400);
    expect(expired.body).toContain('登录请求无效或已过期');

    const alipayState = (await startSignIn(server, 'authType=alipay')).state;
    expect((await callback('wechat', { code: 'code-for-dave', state: alipayState })).statusCode).toBe(400);
    // The Alipay state is still good for Alipay.
    fake.alipay.codes.set('auth-for-dave', { user_id: '2088000000000099' });
    expect((await callback('alipay', { auth_code: 'auth-for-dave', state: alipayState })).statusCode).toBe(303);
    expect(fake.wechat.codes.has('code-for-dave')).toBe(true);
  });

  test('WeChat: a declined authorisation, a refused code or a failing token endpoint is refused with 4xx', async () => {
    const declined = await callback('wechat', { state: (await startSignIn(server, 'authType=wechat')).state });
    expect(declined.statusCode).toBe(400);
    expect(declined.body).toContain('未获得授权');

    const badCode = await callback('wechat', { code: 'never-issued', state: (await startSignIn(server, 'authType=wechat')).state });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.body).toContain('微信登录失败');

    for (const mode of ['http-500', 'drop'] as const) {
      const { state } = await startSignIn(server, 'authType=wechat');
      fake.wechat.codes.set(`code-${mode}`, { openid: 'openid-erin', scope: 'snsapi_base' });
      fake.mode = mode;
      const failed = await callback('wechat', { code: `code-${mode}`, state });
      expect({ mode, status: failed.statusCode }).toEqual({ mode, status: 400 });
      expect(failed.body).toContain('微信登录失败');
    }
    expect(await server.database.db.select().from(users).where(eq(users.providerSubject, 'openid-erin'))).toHaveLength(0);
  });

  test('WeChat: an unreachable token endpoint is refused with 4xx', async () => {
    const offline = await createTestServer(kind, {
      auth: { wechat: { ...WECHAT, tokenUrl: `${await unreachableUrl()}/sns/oauth2/access_token` }, alipay: null, demo: false },
    });
    try {
      const { state } = await startSignIn(offline, 'authType=wechat');
      const failed = await callback('wechat', { code: 'any-code', state }, offline);
      expect(failed.statusCode).toBe(400);
      expect(failed.body).toContain('微信登录失败');
    } finally {
      await offline.close();
    }
  });

  test('Alipay: /authorize sends the user to the Alipay authorise address with a fresh state', async () => {
    const { location, state } = await startSignIn(server, `authType=alipay&returnUrl=${encodeURIComponent('/ticket/index')}`);
    expect(`${location.origin}${location.pathname}`).toBe(ALIPAY.authorizeUrl);
    expect(location.searchParams.get('app_id')).toBe(ALIPAY.appId);
    expect(location.searchParams.get('scope')).toBe('auth_user');
    expect(location.searchParams.get('redirect_uri')).toBe('http://sim.test/api/auth/callback/alipay');
    expect(state).toMatch(/^[0-9a-f]{64}$/);
    const [row] = await server.database.db.select().from(oauthStates).where(eq(oauthStates.state, state));
    expect(row?.provider).toBe('alipay');
  });

  test('Alipay: the callback exchanges the auth_code with an RSA2-signed gateway call and signs the user in', async () => {
    const calls = fake.alipayCalls.length;
    const first = await alipaySignIn({ user_id: '2088000000000001' });
    expect(first.response.statusCode).toBe(303);
    expect(first.response.headers.location).toMatch(/^\/ticket\/index\?signin=[A-Za-z0-9_-]{43}$/);
    const call = fake.alipayCalls[calls];
    expect(call).toMatchObject({
      app_id: ALIPAY.appId,
      method: 'alipay.system.oauth.token',
      grant_type: 'authorization_code',
      code: first.code,
      charset: 'utf-8',
      sign_type: 'RSA2',
      version: '1.0',
    });
    expect(call?.timestamp).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(call?.sign).toBeTruthy();

    const user = await signedInUser(server, await first.token());
    expect(user.nickname).toBe('支付宝用户');
    const again = await alipaySignIn({ user_id: '2088000000000001' });
    expect((await signedInUser(server, await again.token())).id).toBe(user.id);

    const reused = await callback('alipay', { auth_code: first.code, state: first.state });
    expect(reused.statusCode).toBe(400);

    const openIdOnly = await alipaySignIn({ open_id: '074a1CcTG1LelxKe4xQC0zgNdId0nxi95b5lsNpazWYoCo5' });
    expect(openIdOnly.response.statusCode).toBe(303);
    expect((await signedInUser(server, await openIdOnly.token())).id).not.toBe(user.id);
  });

  test('Alipay: a call the gateway cannot verify, a refused code or a failing gateway is refused with 4xx', async () => {
    fake.alipay.publicKey = rsaKeyPair().publicKey;
    const unverified = await alipaySignIn({ user_id: '2088000000000002' });
    expect(unverified.response.statusCode).toBe(400);
    expect(unverified.response.body).toContain('支付宝登录失败');
    fake.alipay.publicKey = keys.publicKey;

    const badCode = await callback('alipay', { auth_code: 'never-issued', state: (await startSignIn(server, 'authType=alipay')).state });
    expect(badCode.statusCode).toBe(400);

    fake.mode = 'http-500';
    expect((await alipaySignIn({ user_id: '2088000000000003' })).response.statusCode).toBe(400);
    fake.mode = 'drop';
    expect((await alipaySignIn({ user_id: '2088000000000003' })).response.statusCode).toBe(400);
    expect(await server.database.db.select().from(users).where(eq(users.provider, 'alipay'))).not.toContainEqual(
      expect.objectContaining({ providerSubject: '2088000000000002' }),
    );
  });
});

/** A server whose log lines are kept in memory. */
async function createLoggedServer(kind: DatabaseKind, auth: ServerConfig['auth']) {
  const postgres = kind === 'postgres' ? await createPostgresDatabase({ migrated: true }) : null;
  const config = await testConfig({
    database: postgres ? { kind: 'postgres', url: postgres.url } : { kind: 'pglite', dataDir: null },
    auth,
  });
  const database = await openTestDatabase(config.database);
  const lines: string[] = [];
  const app: FastifyInstance = await buildServer(config, { database, logger: true, logStream: { write: (line) => lines.push(line) } });
  await app.ready();
  return {
    app,
    database,
    lines,
    close: async () => {
      await app.close();
      await database.close();
      await postgres?.drop();
    },
  };
}

describeEachDatabase('sign-in secrets stay out of the log (%s)', (kind) => {
  const keys = rsaKeyPair();
  let fake: FakeOAuthProvider;
  let logged: Awaited<ReturnType<typeof createLoggedServer>>;

  beforeAll(async () => {
    fake = await startFakeOAuthProvider({
      wechat: { appId: WECHAT.appId, secret: WECHAT.secret },
      alipay: { appId: ALIPAY.appId, publicKey: keys.publicKey },
    });
    logged = await createLoggedServer(kind, providerAuth(fake, keys.privateKey));
  });
  afterAll(async () => {
    await logged.close();
    await fake.close();
  });

  test('tokens in the address or the Authorization header, and sign-in codes and states, are not logged', async () => {
    const secretToken = `SECRET${'t'.repeat(37)}`;
    await logged.app.inject({ method: 'GET', url: `/?token=${secretToken}&tab=1`, remoteAddress: freshAddress() });
    await logged.app.inject({ method: 'GET', url: `/invoice/list?from=home&token=${secretToken}`, remoteAddress: freshAddress() });
    await logged.app.inject({
      method: 'POST',
      url: '/api/user/getOfficialAccountLoginUserInfo',
      payload: {},
      headers: { authorization: `Bearer ${secretToken}` },
    });

    const [someone] = await logged.database.db
      .insert(users)
      .values({ provider: 'wechat', providerSubject: 'openid-log-reader', nickname: '读日志' })
      .returning({ id: users.id });
    const realToken = await createSession(logged.database.db, someone?.id ?? '');
    const signedIn = await logged.app.inject({
      method: 'POST',
      url: '/api/user/getOfficialAccountLoginUserInfo',
      payload: {},
      headers: { authorization: `Bearer ${realToken}` },
    });
    expect(signedIn.statusCode).toBe(200);

    const browser = newVerifier();
    const start = await logged.app.inject({
      method: 'GET',
      url: `/api/auth/authorize?authType=wechat&returnUrl=/my&challenge=${browser.challenge}`,
      remoteAddress: freshAddress(),
    });
    const state = new URL(start.headers.location ?? '').searchParams.get('state') ?? '';
    const code = 'SECRET-wechat-code-1';
    fake.wechat.codes.set(code, { openid: 'openid-logged', scope: 'snsapi_userinfo', nickname: '日志' });
    const back = await logged.app.inject({
      method: 'GET',
      url: `/api/auth/callback/wechat?code=${code}&state=${state}`,
      remoteAddress: freshAddress(),
    });
    expect(back.statusCode).toBe(303);
    const signInCode = signInCodeIn(back.headers.location);
    // The page the sign-in returns to is requested with the code in its address, before the app takes it out.
    await logged.app.inject({ method: 'GET', url: back.headers.location ?? '', remoteAddress: freshAddress() });
    const sessionToken = await tokenFrom(logged, back.headers.location, browser.verifier);
    const failedState =
      new URL(
        (
          await logged.app.inject({
            method: 'GET',
            url: `/api/auth/authorize?authType=wechat&challenge=${browser.challenge}`,
            remoteAddress: freshAddress(),
          })
        ).headers.location ?? '',
      ).searchParams.get('state') ?? '';
    const failed = await logged.app.inject({
      method: 'GET',
      url: `/api/auth/callback/wechat?code=SECRET-unknown-code&state=${failedState}`,
      remoteAddress: freshAddress(),
    });
    expect(failed.statusCode).toBe(400);
    const refused = await exchange(logged, { code: signInCode, verifier: browser.verifier });
    expect(refused.statusCode).toBe(401);
    // Log lines are written after the answer: wait for the last request's.
    await eventually(async () => logged.lines.filter((line) => line.includes('/api/auth/exchange')).length >= 2);

    const log = logged.lines.join('');
    expect(logged.lines.length).toBeGreaterThan(5);
    expect(log).toContain('[redacted]');
    expect(log).toContain('第三方登录失败');
    expect(log).toContain('signin=[redacted]');
    for (const secret of [
      'SECRET',
      realToken,
      sessionToken,
      signInCode,
      browser.verifier,
      state,
      failedState,
      WECHAT.secret,
      'fake-access-',
    ])
      expect(log).not.toContain(secret);
  });
});
