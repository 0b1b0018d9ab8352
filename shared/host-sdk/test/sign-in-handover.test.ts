/**
 * The browser's side of the sign-in handover (src/internal/sign-in-handover.ts, src/page-guard.ts, src/authorize.ts):
 * a sign-in starts with a verifier kept and its SHA-256 sent; what the address carries for the session is taken out
 * of it at once; a `token` there is dropped and never stored; a `signin` code is exchanged only with the verifier this
 * browser kept, and a failed exchange says so and changes nothing.
 */
import { createHash, randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, rs, test } from '@rstest/core';
import { getToken, sessionStore, setToken, TEST_FLAG_STORAGE_KEY, userDetailAtom } from '../src/session';
import { fail, mockApi, noAnswer, ok, userDetail } from '../src/testing';

const dialogs = rs.hoisted(() => ({ alert: rs.fn(async (_props: { title?: string; content?: unknown }) => undefined) }));
rs.mock('@app/ui/dialog', () => ({ Dialog: { alert: dialogs.alert } }));

const { challengeOf, NOT_STARTED_HERE_MESSAGE, SIGN_IN_VERIFIER_STORAGE_KEY, startSignIn } = await import(
  '../src/internal/sign-in-handover'
);
const { authorizeUrl } = await import('../src/authorize');
const { settleSignIn, signingIn, takeSessionFromAddress, takeSessionFromLocation } = await import('../src/page-guard');

const WECHAT = 'Mozilla/5.0 (Linux; Android 14) Mobile MicroMessenger/8.0.50';
const nodeChallenge = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
const CODE = 'c0de'.repeat(10).slice(0, 43);

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  setToken(null);
  sessionStore.set(userDetailAtom, null);
  dialogs.alert.mockClear();
  window.history.replaceState(null, '', '/');
});

afterEach(async () => {
  // Whatever a test left pending ends here, so the next starts with no handover.
  await settleSignIn();
  rs.restoreAllMocks();
});

describe('SHA-256 and the challenge', () => {
  test("the challenge is PKCE's S256 of the verifier, as the server computes it", async () => {
    for (const verifier of ['', 'abc', randomBytes(32).toString('base64url'), '长'.repeat(100)])
      expect(await challengeOf(verifier)).toBe(nodeChallenge(verifier));
  });

  test('without Web Crypto (a demo server reached over http) the challenge is the same, from the bundled hash', async () => {
    rs.spyOn(globalThis.crypto, 'subtle', 'get').mockReturnValue(undefined as unknown as SubtleCrypto);
    const verifier = randomBytes(32).toString('base64url');
    expect(await challengeOf(verifier)).toBe(nodeChallenge(verifier));
    expect(await challengeOf('长'.repeat(100))).toBe(nodeChallenge('长'.repeat(100)));
  });

  test('a sign-in keeps a new verifier of 256 random bits and sends its SHA-256, base64url', async () => {
    const challenge = await startSignIn();
    const verifier = localStorage.getItem(SIGN_IN_VERIFIER_STORAGE_KEY) ?? '';
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(challenge).toBe(nodeChallenge(verifier));
    expect(await challengeOf(verifier)).toBe(challenge);
    // In a cookie too, for the page the sign-in returns to.
    expect(document.cookie).toContain(`yst_signin_verifier=${verifier}`);
    // The next sign-in replaces it.
    const next = await startSignIn();
    expect(localStorage.getItem(SIGN_IN_VERIFIER_STORAGE_KEY)).not.toBe(verifier);
    expect(document.cookie).not.toContain(`yst_signin_verifier=${verifier}`);
    expect(next).not.toBe(challenge);
  });

  test('the sign-in address carries the spec’s parameters and the challenge, never a token or a code in its return path', async () => {
    const url = new URL(await authorizeUrl('/shop/YST0001?from=scan&token=old&signin=old', WECHAT), 'http://app.test');
    expect(url.pathname).toBe('/api/auth/authorize');
    expect([...url.searchParams.keys()]).toEqual(['authType', 'qrcode', 'returnUrl', 'isWorkWechat', 'challenge']);
    expect(url.searchParams.get('returnUrl')).toMatch(/^\/shop\/YST0001\?from=scan&t=\d+$/);
    expect(url.searchParams.get('challenge')).toBe(nodeChallenge(localStorage.getItem(SIGN_IN_VERIFIER_STORAGE_KEY) ?? ''));
  });
});

describe('what the address carries for the session', () => {
  test('a token is dropped from the address and never stored: a signed-out visitor stays signed out', () => {
    expect(takeSessionFromAddress(new URL('http://app.test/shop/YST0001?token=attacker-token&from=scan#pay'))).toBe(
      '/shop/YST0001?from=scan#pay',
    );
    expect(getToken()).toBeNull();
    expect(signingIn()).toBe(false);
    expect(JSON.stringify({ ...localStorage })).not.toContain('attacker-token');
  });

  test('a token is dropped and a signed-in visitor keeps their own session', () => {
    setToken('own-token-abcdefghijklmnop');
    expect(takeSessionFromAddress(new URL('http://app.test/my?token=attacker-token'))).toBe('/my');
    expect(getToken()).toBe('own-token-abcdefghijklmnop');
  });

  test('the start-up replaces its own address at once, before any answer, without a history entry', () => {
    window.history.replaceState(null, '', '/shop/YST0001?token=attacker-token&signin=some-code&_test_=true&from=scan');
    const entries = window.history.length;
    takeSessionFromLocation();
    expect(window.location.pathname + window.location.search).toBe('/shop/YST0001?from=scan');
    expect(window.history.length).toBe(entries);
    expect(sessionStorage.getItem(TEST_FLAG_STORAGE_KEY)).toBe('true');
    expect(getToken()).toBeNull();
  });

  test('a clean address is left alone', () => {
    window.history.replaceState(null, '', '/shop/YST0001?from=scan');
    takeSessionFromLocation();
    expect(window.location.search).toBe('?from=scan');
    expect(takeSessionFromAddress(new URL('http://app.test/my?x=1'))).toBeNull();
  });
});

describe('the sign-in code', () => {
  test('is exchanged with the verifier this browser kept, which is then used up; the token is stored', async () => {
    startSignIn();
    const verifier = localStorage.getItem(SIGN_IN_VERIFIER_STORAGE_KEY);
    const api = mockApi({
      'auth/exchange': (body) =>
        body.verifier === verifier && body.code === CODE
          ? ok({ token: 'new-token-abcdefghijklmnopq' })
          : fail(1001, '登录凭证无效、已使用或已过期'),
    });
    sessionStore.set(userDetailAtom, userDetail());
    expect(takeSessionFromAddress(new URL(`http://app.test/my?signin=${CODE}`))).toBe('/my');
    expect(signingIn()).toBe(true);
    await settleSignIn();
    expect(api.bodiesOf('auth/exchange')).toEqual([{ code: CODE, verifier }]);
    expect(getToken()).toBe('new-token-abcdefghijklmnopq');
    // What was loaded for whoever was signed in before is forgotten.
    expect(sessionStore.get(userDetailAtom)).toBeNull();
    expect(localStorage.getItem(SIGN_IN_VERIFIER_STORAGE_KEY)).toBeNull();
    expect(document.cookie).not.toContain('yst_signin_verifier=');
    expect(signingIn()).toBe(false);
    expect(dialogs.alert).not.toHaveBeenCalled();
  });

  test('from a link this browser did not start (no verifier kept): no exchange, 登录未完成, still signed out', async () => {
    const api = mockApi({ 'auth/exchange': ok({ token: 'attacker-session-abcdefghij' }) });
    takeSessionFromAddress(new URL(`http://app.test/shop/YST0001?signin=${CODE}`));
    await settleSignIn();
    expect(api.calls).toEqual([]);
    expect(getToken()).toBeNull();
    expect(dialogs.alert).toHaveBeenCalledTimes(1);
    expect(dialogs.alert).toHaveBeenCalledWith(expect.objectContaining({ title: '登录未完成', content: NOT_STARTED_HERE_MESSAGE }));
  });

  test('refused by the server (another sign-in’s code, used, late): its message, once however many wait, and a signed-in visitor stays who they were', async () => {
    setToken('own-token-abcdefghijklmnop');
    startSignIn();
    mockApi({ 'auth/exchange': fail(1001, '登录凭证无效、已使用或已过期') });
    takeSessionFromAddress(new URL(`http://app.test/shop/YST0001?signin=${CODE}`));
    await Promise.all([settleSignIn(), settleSignIn()]);
    expect(getToken()).toBe('own-token-abcdefghijklmnop');
    expect(dialogs.alert).toHaveBeenCalledTimes(1);
    expect(dialogs.alert).toHaveBeenCalledWith(expect.objectContaining({ title: '登录未完成', content: '登录凭证无效、已使用或已过期' }));
    expect(localStorage.getItem(SIGN_IN_VERIFIER_STORAGE_KEY)).toBeNull();
  });

  test('no answer: 请求失败,请重试, nothing stored', async () => {
    startSignIn();
    mockApi({ 'auth/exchange': noAnswer() });
    takeSessionFromAddress(new URL(`http://app.test/?signin=${CODE}`));
    await settleSignIn();
    expect(getToken()).toBeNull();
    expect(dialogs.alert).toHaveBeenCalledWith(expect.objectContaining({ content: '请求失败,请重试' }));
  });
});
