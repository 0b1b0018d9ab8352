/** Each branch of the route guard (docs/product.md, "Screens and the host"). */
import { afterEach, beforeEach, describe, expect, rs, test } from '@rstest/core';
import * as actualRouter from 'react-router-dom' with { rstest: 'importActual' };
import { waitFor } from '@testing-library/react';
import { pageMeta } from '@app/host-sdk/route-meta';
import type { ServicesConfig } from '@app/contract/service';
import type { UserDetail } from '@app/contract/user';
import { getToken, servicesConfigAtom, sessionStore, setToken, userDetailAtom } from '@app/host-sdk/session';
import { fail, mockApi, ok } from '@app/host-sdk/testing';

const loader = rs.hoisted(() => ({ loadUserDetail: rs.fn() }));
rs.mock('@app/host-sdk/session-loader', () => ({ loadUserDetail: loader.loadUserDetail, loadServicesConfig: rs.fn() }));
const dialogs = rs.hoisted(() => ({ alert: rs.fn(async () => undefined) }));
// happy-dom's Headers drop `Location` (browsers keep it), so the redirect's target is recorded as it is asked for.
rs.mock('react-router-dom', () => ({ ...actualRouter, replace: (to: string) => ({ location: to, replace: true }) }));
rs.mock('@app/ui/dialog', () => ({ Dialog: { alert: dialogs.alert } }));

const { guard } = await import('../src/session/route-guard');
const { SIGN_IN_VERIFIER_STORAGE_KEY, startSignIn } = await import('@app/host-sdk/internal/sign-in-handover');

const WECHAT = 'Mozilla/5.0 (Linux; Android 14) Mobile MicroMessenger/8.0.50';
const PLAIN = 'Mozilla/5.0 (Linux; Android 14) Mobile Chrome/130';

function config(available: ServicesConfig['systemServiceConfig']['available'], demo = false): ServicesConfig {
  return { id: 1, appHotLine: '400', etaxAreas: [], systemServiceConfig: { available, closeReason: '维护' }, frontVersion: 100, demo };
}

const user: UserDetail = {
  id: 'u1',
  nickname: '李明',
  avatarUrl: null,
  company: true,
  companyUser: true,
  companyInfo: null,
  permissions: ['company_manage'],
  account: { username: 'liming', agreed: true, privacyPolicyVersion: '2026-12-01' },
  tester: false,
};

const authPage = pageMeta('TicketIndex', '票夹');
const request = (path: string) => new Request(`http://app.test${path}`);
/** Waits for something that follows a dynamic import, as long as a loaded machine needs (as the page tests do). */
const until = (condition: () => boolean) => waitFor(() => expect(condition()).toBe(true), { timeout: 20_000 });
const target = (response: unknown) => (response as { location?: string } | null)?.location;
let replaced: string[];

beforeEach(() => {
  replaced = [];
  rs.spyOn(window.location, 'replace').mockImplementation((url: string | URL) => void replaced.push(String(url)));
  setToken(null);
  sessionStorage.clear();
  localStorage.clear();
  sessionStore.set(userDetailAtom, null);
  sessionStore.set(servicesConfigAtom, config('all'));
  loader.loadUserDetail.mockReset();
  dialogs.alert.mockClear();
});

afterEach(() => {
  rs.restoreAllMocks();
});

function setUserAgent(value: string) {
  rs.spyOn(navigator, 'userAgent', 'get').mockReturnValue(value);
}

describe('token in the query', () => {
  test('is removed from the address with a replace and never stored: the visitor stays signed out and signs in', async () => {
    setUserAgent(WECHAT);
    const response = await guard(request('/ticket/index?token=abcdefghijklmnopqrstu&tab=1'), authPage);
    expect(response).toEqual({ location: '/ticket/index?tab=1', replace: true });
    expect(getToken()).toBeNull();
    void guard(request('/ticket/index?tab=1'), authPage);
    await until(() => replaced.length > 0);
    expect(replaced[0]).toMatch(/^\/api\/auth\/authorize\?/);
    expect(localStorage.getItem('token')).toBe('null');
  });

  test('a signed-in user keeps their own session', async () => {
    setToken('tok-own-1234567890abcdefg');
    sessionStore.set(userDetailAtom, user);
    const response = await guard(request('/my?token=tok-attacker-1234567890'), authPage);
    expect(response).toEqual({ location: '/my', replace: true });
    expect(await guard(request('/my'), authPage)).toBeNull();
    expect(getToken()).toBe('tok-own-1234567890abcdefg');
  });
});

describe('sign-in code in the query', () => {
  const CODE = 'sign-in-code-abcdefghijklmnopqrstuvwxyz0123';

  test('is removed with a replace and exchanged with the verifier this browser kept, before the page', async () => {
    setUserAgent(WECHAT);
    startSignIn();
    const verifier = localStorage.getItem(SIGN_IN_VERIFIER_STORAGE_KEY);
    const api = mockApi({
      'auth/exchange': (body) =>
        body.verifier === verifier ? ok({ token: 'tok-new-1234567890abcdefg' }) : fail(1001, '登录凭证无效、已使用或已过期'),
    });
    loader.loadUserDetail.mockImplementation(async () => sessionStore.set(userDetailAtom, user));
    const response = await guard(request(`/ticket/index?signin=${CODE}&tab=1`), authPage);
    expect(response).toEqual({ location: '/ticket/index?tab=1', replace: true });
    expect(await guard(request('/ticket/index?tab=1'), authPage)).toBeNull();
    expect(api.bodiesOf('auth/exchange')).toEqual([{ code: CODE, verifier }]);
    expect(getToken()).toBe('tok-new-1234567890abcdefg');
    expect(loader.loadUserDetail).toHaveBeenCalledTimes(1);
    expect(replaced).toEqual([]);
    expect(dialogs.alert).not.toHaveBeenCalled();
  });

  test('without the verifier (a link this browser did not start): 登录未完成, nothing stored, then sign in', async () => {
    setUserAgent(WECHAT);
    const api = mockApi({ 'auth/exchange': ok({ token: 'tok-attacker-1234567890' }) });
    await guard(request(`/ticket/index?signin=${CODE}`), authPage);
    void guard(request('/ticket/index'), authPage);
    await until(() => replaced.length > 0);
    expect(api.calls).toEqual([]);
    expect(dialogs.alert).toHaveBeenCalledWith(expect.objectContaining({ title: '登录未完成' }));
    expect(getToken()).toBeNull();
    expect(replaced[0]).toMatch(/^\/api\/auth\/authorize\?/);
  });
});

describe('service availability', () => {
  test('none sends every page but services-close there, with the return URL', async () => {
    sessionStore.set(servicesConfigAtom, config('none'));
    const response = await guard(request('/ticket/index?x=1'), authPage);
    expect(target(response)).toBe('/services-close?returnUrl=%2Fticket%2Findex%3Fx%3D1');
    expect(await guard(request('/services-close'), pageMeta('ServicesClose', '服务暂停', { auth: false }))).toBeNull();
  });

  test('services-close while the service is open leads back: to the return URL (a path of the app), else home', async () => {
    const closePage = pageMeta('ServicesClose', '服务暂停', { auth: false });
    expect(target(await guard(request('/services-close?returnUrl=%2Fmy%2Fcompanies'), closePage))).toBe('/my/companies');
    expect(target(await guard(request('/services-close'), closePage))).toBe('/');
    expect(target(await guard(request('/services-close?returnUrl=https%3A%2F%2Fevil.test%2F'), closePage))).toBe('/');
    // Closed to this session (testers only, and no _test_): the page stays.
    sessionStore.set(servicesConfigAtom, config('self'));
    expect(await guard(request('/services-close?returnUrl=%2Fmy'), closePage)).toBeNull();
  });

  test('self lets in only a session with _test_ = true', async () => {
    sessionStore.set(servicesConfigAtom, config('self'));
    setToken('tok-self-1234567890abcd');
    sessionStore.set(userDetailAtom, user);
    expect(target(await guard(request('/my'), authPage))).toMatch(/^\/services-close/);
    const flagged = await guard(request('/my?_test_=true'), authPage);
    expect(target(flagged)).toBe('/my');
    expect(await guard(request('/my'), authPage)).toBeNull();
  });
});

describe('signing in', () => {
  test('inside WeChat, a page that needs sign-in goes to the provider authorisation', async () => {
    setUserAgent(WECHAT);
    void guard(request('/ticket/index'), authPage);
    await until(() => replaced.length > 0);
    expect(replaced).toHaveLength(1);
    const url = new URL(replaced[0] as string, 'http://app.test');
    expect(url.pathname).toBe('/api/auth/authorize');
    expect(url.searchParams.get('authType')).toBe('wechat');
    expect(url.searchParams.get('isWorkWechat')).toBe('false');
    expect(url.searchParams.get('returnUrl')).toMatch(/^\/ticket\/index\?t=\d+$/);
  });

  test('outside WeChat and Alipay with a real provider: an alert and the login page', async () => {
    setUserAgent(PLAIN);
    const response = await guard(request('/ticket/index'), authPage);
    expect(replaced).toEqual([]);
    expect(target(response)).toBe('/login?returnUrl=%2Fticket%2Findex');
    await until(() => dialogs.alert.mock.calls.length > 0);
    expect(dialogs.alert).toHaveBeenCalledWith(expect.objectContaining({ content: '请在微信或支付宝中打开此页面' }));
  });

  test('with the demo provider any browser goes to sign in', async () => {
    setUserAgent(PLAIN);
    sessionStore.set(servicesConfigAtom, config('all', true));
    void guard(request('/my'), authPage);
    await until(() => replaced.length > 0);
    expect(replaced[0]).toMatch(/^\/api\/auth\/authorize\?authType=wechat/);
  });

  test('in Alipay the authType is alipay', async () => {
    setUserAgent('Mozilla/5.0 AlipayClient/10.5');
    void guard(request('/my'), authPage);
    await until(() => replaced.length > 0);
    expect(replaced[0]).toContain('authType=alipay');
  });

  test('a page without auth needs no token', async () => {
    setUserAgent(PLAIN);
    expect(await guard(request('/login'), pageMeta('Login', '登录', { auth: false }))).toBeNull();
  });

  test('with a token, the user detail loads once before the page; a failure says 登录信息失效 and signs in again', async () => {
    setUserAgent(WECHAT);
    setToken('tok-1234567890abcdefghij');
    loader.loadUserDetail.mockImplementation(async () => sessionStore.set(userDetailAtom, user));
    expect(await guard(request('/my'), authPage)).toBeNull();
    expect(await guard(request('/my/companies'), authPage)).toBeNull();
    expect(loader.loadUserDetail).toHaveBeenCalledTimes(1);

    sessionStore.set(userDetailAtom, null);
    loader.loadUserDetail.mockRejectedValue(new Error('1001'));
    void guard(request('/my'), authPage);
    await until(() => replaced.length > 0);
    expect(dialogs.alert).toHaveBeenCalledWith(expect.objectContaining({ title: '错误', content: '登录信息失效' }));
    expect(getToken()).toBeNull();
    expect(replaced[0]).toMatch(/^\/api\/auth\/authorize/);
  });
});
