/** Each branch of the route guard (docs/product.md, "Screens and the host"). */
import { afterEach, beforeEach, describe, expect, rs, test } from '@rstest/core';
import * as actualRouter from 'react-router-dom' with { rstest: 'importActual' };
import { pageMeta } from '@app/host-sdk/route-meta';
import type { ServicesConfig } from '@app/contract/service';
import type { UserDetail } from '@app/contract/user';
import { getToken, servicesConfigAtom, sessionStore, setToken, userDetailAtom } from '@app/host-sdk/session';

const loader = rs.hoisted(() => ({ loadUserDetail: rs.fn() }));
rs.mock('@app/host-sdk/session-loader', () => ({ loadUserDetail: loader.loadUserDetail, loadServicesConfig: rs.fn() }));
const dialogs = rs.hoisted(() => ({ alert: rs.fn(async () => undefined) }));
// happy-dom's Headers drop `Location` (browsers keep it), so the redirect's target is recorded as it is asked for.
rs.mock('react-router-dom', () => ({ ...actualRouter, replace: (to: string) => ({ location: to, replace: true }) }));
rs.mock('@app/ui/dialog', () => ({ Dialog: { alert: dialogs.alert } }));

const { guard } = await import('../src/session/route-guard');

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
  account: { username: 'liming', agreed: true },
  tester: false,
};

const authPage = pageMeta('TicketIndex', '票夹');
const request = (path: string) => new Request(`http://app.test${path}`);
/** Waits (up to 2 s) for something that follows a dynamic import. */
async function until(condition: () => boolean) {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
}
const target = (response: unknown) => (response as { location?: string } | null)?.location;
let replaced: string[];

beforeEach(() => {
  replaced = [];
  rs.spyOn(window.location, 'replace').mockImplementation((url: string | URL) => void replaced.push(String(url)));
  setToken(null);
  sessionStorage.clear();
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
  test('is stored and removed from the address with a replace', async () => {
    const response = await guard(request('/ticket/index?token=abcdefghijklmnopqrstu&tab=1'), authPage);
    expect(getToken()).toBe('abcdefghijklmnopqrstu');
    expect(response).toEqual({ location: '/ticket/index?tab=1', replace: true });
  });
});

describe('service availability', () => {
  test('none sends every page but services-close there, with the return URL', async () => {
    sessionStore.set(servicesConfigAtom, config('none'));
    const response = await guard(request('/ticket/index?x=1'), authPage);
    expect(target(response)).toBe('/services-close?returnUrl=%2Fticket%2Findex%3Fx%3D1');
    expect(await guard(request('/services-close'), pageMeta('ServicesClose', '服务暂停', { auth: false }))).toBeNull();
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
    await Promise.resolve();
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
    await Promise.resolve();
    expect(replaced[0]).toMatch(/^\/api\/auth\/authorize\?authType=wechat/);
  });

  test('in Alipay the authType is alipay', async () => {
    setUserAgent('Mozilla/5.0 AlipayClient/10.5');
    void guard(request('/my'), authPage);
    await Promise.resolve();
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
