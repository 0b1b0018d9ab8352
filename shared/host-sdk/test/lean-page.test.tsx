/**
 * A lean page's start (docs/architecture.md, "Pages a phone opens cold"): the host's start-up and guard rules, run for
 * one page without a router — the sign-in code in the address (exchanged; a token there dropped), the service config (出错了, a newer front version, a closed
 * service), signing in (the provider, or 请在微信或支付宝中打开此页面 and the login page), the user (登录信息失效, the
 * agreement gate) — and the page in the host's frame, its first call sent beside the start-up calls.
 */
import { afterEach, beforeEach, describe, expect, rs, test } from '@rstest/core';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ServicesConfig } from '@app/contract/service';
import type { ShopInfo } from '@app/contract/sub-code';
import { Page } from '@app/ui/page';
import { useState } from 'react';
import type { LeanPageOptions } from '../src/lean-page-tree';
import { callApi } from '../src/api-client';
import { FRONT_VERSION } from '../src/front-version';
import { openDialogAtom } from '../src/dialogs';
import { pageMeta } from '../src/route-meta';
import { sessionTag } from '../src/internal/carried-answers';
import { SIGN_IN_VERIFIER_STORAGE_KEY, startSignIn } from '../src/internal/sign-in-handover';
import {
  getToken,
  INPUT_URL_STORAGE_KEY,
  servicesConfigAtom,
  sessionStore,
  setToken,
  TEST_FLAG_STORAGE_KEY,
  userDetailAtom,
} from '../src/session';
import { dropPaintedTaps, keepPaintedTaps } from '../src/painted-taps';
import { fail, mockApi, noAnswer, ok, userDetail, type Route } from '../src/testing';

import * as actualDialog from '@app/ui/dialog' with { rstest: 'importActual' };

const dialogs = rs.hoisted(() => ({
  alert: rs.fn(async (_props: { title?: string; content?: unknown; onConfirm?: () => void }) => undefined),
}));
// Dialog.alert is recorded; the Dialog component itself stays (the agreement dialog renders one).
rs.mock('@app/ui/dialog', () => ({
  ...actualDialog,
  Dialog: Object.assign(actualDialog.Dialog.bind(null), actualDialog.Dialog, { alert: dialogs.alert }),
}));

const { renderLeanPage } = await import('../src/lean-page');
const { paramsOf } = await import('../src/lean-page-tree');
const { leanFirstScreen } = await import('../src/lean-page-server');

const WECHAT = 'Mozilla/5.0 (Linux; Android 14) Mobile MicroMessenger/8.0.50';
const PLAIN = 'Mozilla/5.0 (Linux; Android 14) Mobile Chrome/130';
const META = pageMeta('ShopCash', '收银台');
const CUSTOMER = userDetail({
  company: false,
  companyUser: false,
  companyInfo: null,
  permissions: [],
  account: { username: null, agreed: false, privacyPolicyVersion: null },
});

function config(
  overrides: Partial<ServicesConfig> = {},
  available: ServicesConfig['systemServiceConfig']['available'] = 'all',
): ServicesConfig {
  return {
    id: 1,
    appHotLine: '400',
    etaxAreas: [],
    systemServiceConfig: { available, closeReason: '维护' },
    frontVersion: FRONT_VERSION,
    demo: true,
    ...overrides,
  };
}

let replaced: string[];
let assigned: string[];

/** Opens the lean page at `address` with the API answering `calls`. */
function open(address: string, calls: Record<string, Route>, { startNeedsSession = false } = {}) {
  window.history.replaceState(null, '', address);
  const api = mockApi(calls);
  const outcome = renderLeanPage({
    meta: META,
    owner: 'payment',
    path: '/shop/:code',
    start: ({ code }) => callApi('shop/get', { code }, { handles: true }).then((shop) => shop.shopName),
    startNeedsSession,
    render: ({ code }, shopName) => <ShopStub code={code} shopName={shopName} />,
  });
  return { api, outcome };
}

function ShopStub({ code, shopName }: { code: string; shopName: Promise<string> | undefined }) {
  return (
    <main>
      <h1>收银台 {code}</h1>
      <p>{shopName ? '店铺已在加载' : '店铺未加载'}</p>
    </main>
  );
}

const SHOP = { code: 'YST0001', shopName: '杭州优税通', subCodeName: null, goodsName: null, amountFen: null, closedReason: null };
const CODE = 'sign-in-code-abcdefghijklmnopqrstuvwxyz0123';
const OTHER = userDetail({
  id: 'u-attacker',
  nickname: '别人',
  company: false,
  companyUser: false,
  companyInfo: null,
  permissions: [],
  account: { username: null, agreed: false, privacyPolicyVersion: null },
});

beforeEach(() => {
  replaced = [];
  assigned = [];
  rs.spyOn(window.location, 'replace').mockImplementation((url: string | URL) => void replaced.push(String(url)));
  rs.spyOn(window.location, 'assign').mockImplementation((url: string | URL) => void assigned.push(String(url)));
  rs.spyOn(navigator, 'userAgent', 'get').mockReturnValue(WECHAT);
  localStorage.clear();
  sessionStorage.clear();
  setToken(null);
  sessionStore.set(userDetailAtom, null);
  sessionStore.set(servicesConfigAtom, null);
  sessionStore.set(openDialogAtom, null);
  dialogs.alert.mockClear();
  document.body.innerHTML = '<div id="root"></div>';
});

afterEach(() => {
  rs.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('the page', () => {
  test('a sign-in code in the address: taken out at once, exchanged with the kept verifier beside the config and the page call, the user after it; the page shows in the host frame', async () => {
    startSignIn();
    const verifier = localStorage.getItem(SIGN_IN_VERIFIER_STORAGE_KEY);
    let answerConfig: (answer: ReturnType<typeof ok>) => void = () => {};
    let answerExchange: (answer: ReturnType<typeof ok>) => void = () => {};
    const { api, outcome } = open(`/shop/YST0001?signin=${CODE}&from=scan`, {
      'sysConfig/get': () => new Promise((resolve) => (answerConfig = resolve)),
      'auth/exchange': (body) =>
        new Promise(
          (resolve) =>
            (answerExchange = () =>
              resolve(
                body.verifier === verifier ? ok({ token: 'tok-new-abcdefghijklmnopq' }) : fail(1001, '登录凭证无效、已使用或已过期'),
              )),
        ),
      'user/getOfficialAccountLoginUserInfo': ok(CUSTOMER),
      'shop/get': ok(SHOP),
    });
    // Out of the address before anything answered, and out of the saved start address.
    expect(window.location.pathname + window.location.search).toBe('/shop/YST0001?from=scan');
    expect(getToken()).toBeNull();
    expect(document.title).toBe('收银台');
    // The config, the exchange and the page's call are under way together; the user waits for the session.
    await waitFor(() => expect(api.calls.map((call) => call.path).sort()).toEqual(['auth/exchange', 'shop/get', 'sysConfig/get']));
    expect(api.bodiesOf('auth/exchange')).toEqual([{ code: CODE, verifier }]);
    expect(api.bodiesOf('shop/get')).toEqual([{ code: 'YST0001' }]);
    await waitFor(() => expect(sessionStorage.getItem(INPUT_URL_STORAGE_KEY)).toMatch(/\/shop\/YST0001\?from=scan$/));
    answerExchange(ok());
    await waitFor(() => expect(api.calls.map((call) => call.path)).toContain('user/getOfficialAccountLoginUserInfo'));
    expect(getToken()).toBe('tok-new-abcdefghijklmnopq');
    expect(localStorage.getItem(SIGN_IN_VERIFIER_STORAGE_KEY)).toBeNull();
    expect(screen.queryByRole('heading')).toBeNull();

    await act(async () => {
      answerConfig(ok(config()));
      expect(await outcome).toBe('shown');
    });
    expect(await screen.findByRole('heading', { name: '收银台 YST0001' })).toBeTruthy();
    expect(screen.getByText('店铺已在加载')).toBeTruthy();
    const frame = document.querySelector('.app-layout__page');
    expect([frame?.getAttribute('data-page'), frame?.getAttribute('data-owner')]).toEqual(['ShopCash', 'payment']);
    // The demo provider: the 演示环境 badge, as the host shows it.
    expect(screen.getByLabelText('演示环境')).toBeTruthy();
    expect(sessionStore.get(userDetailAtom)?.id).toBe(CUSTOMER.id);
    expect(api.calls).toHaveLength(4);
    expect(replaced).toEqual([]);
    expect(dialogs.alert).not.toHaveBeenCalled();
  });

  test('a page call that needs the session (startNeedsSession), back from signing in: it waits for the exchange and carries the new session', async () => {
    startSignIn();
    let answerExchange: () => void = () => {};
    const tokenOfPageCall: (string | null)[] = [];
    const { api, outcome } = open(
      `/shop/YST0001?signin=${CODE}`,
      {
        'sysConfig/get': ok(config()),
        'auth/exchange': () => new Promise((resolve) => (answerExchange = () => resolve(ok({ token: 'tok-new-abcdefghijklmnopq' })))),
        'user/getOfficialAccountLoginUserInfo': ok(CUSTOMER),
        'shop/get': () => {
          tokenOfPageCall.push(getToken());
          return ok(SHOP);
        },
      },
      { startNeedsSession: true },
    );
    await waitFor(() => expect(api.calls.map((call) => call.path).sort()).toEqual(['auth/exchange', 'sysConfig/get']));
    expect(api.bodiesOf('shop/get')).toEqual([]);
    answerExchange();
    await act(async () => {
      expect(await outcome).toBe('shown');
    });
    expect(tokenOfPageCall).toEqual(['tok-new-abcdefghijklmnopq']);
    expect(screen.getByText('店铺已在加载')).toBeTruthy();
    expect(dialogs.alert).not.toHaveBeenCalled();
  });

  test('a token in the address (a link someone made) is taken out and never stored: the visitor is signed out and goes to sign in', async () => {
    const { api, outcome } = open('/shop/YST0001?token=tok-attacker-abcdefghijk&from=scan', {
      'sysConfig/get': ok(config()),
      'user/getOfficialAccountLoginUserInfo': ok(OTHER),
      'shop/get': ok(SHOP),
    });
    expect(window.location.pathname + window.location.search).toBe('/shop/YST0001?from=scan');
    await waitFor(() => expect(sessionStorage.getItem(INPUT_URL_STORAGE_KEY)).toMatch(/\/shop\/YST0001\?from=scan$/));
    expect(getToken()).toBeNull();
    expect(await outcome).toBe('leaving');
    await waitFor(() => expect(replaced).toHaveLength(1));
    expect(new URL(replaced[0] as string, 'http://app.test').pathname).toBe('/api/auth/authorize');
    expect(new URL(replaced[0] as string, 'http://app.test').searchParams.get('returnUrl')).toMatch(/^\/shop\/YST0001\?from=scan&t=\d+$/);
    expect(api.calls.map((call) => call.path)).toEqual(['sysConfig/get']);
    expect(JSON.stringify({ ...localStorage })).not.toContain('tok-attacker');
  });

  test('a signed-in visitor opening a link with someone else’s token stays who they are', async () => {
    setToken('tok-own-abcdefghijklmnopq');
    const { outcome } = open('/shop/YST0001?token=tok-attacker-abcdefghijk', {
      'sysConfig/get': ok(config()),
      'user/getOfficialAccountLoginUserInfo': ok(CUSTOMER),
      'shop/get': ok(SHOP),
    });
    expect(window.location.search).toBe('');
    await act(async () => expect(await outcome).toBe('shown'));
    expect(getToken()).toBe('tok-own-abcdefghijklmnopq');
    expect(sessionStore.get(userDetailAtom)?.id).toBe(CUSTOMER.id);
  });

  test('a signed-in visitor opening a link with another browser’s sign-in code: 登录未完成, and the page as themselves', async () => {
    setToken('tok-own-abcdefghijklmnopq');
    const { api, outcome } = open(`/shop/YST0001?signin=${CODE}`, {
      'sysConfig/get': ok(config()),
      'auth/exchange': ok({ token: 'tok-attacker-abcdefghijk' }),
      'user/getOfficialAccountLoginUserInfo': ok(CUSTOMER),
      'shop/get': ok(SHOP),
    });
    expect(window.location.search).toBe('');
    await act(async () => expect(await outcome).toBe('shown'));
    // No verifier kept here: the code is never even sent.
    expect(api.bodiesOf('auth/exchange')).toEqual([]);
    expect(dialogs.alert).toHaveBeenCalledWith(
      expect.objectContaining({ title: '登录未完成', content: '登录未在此浏览器中发起，未能登录' }),
    );
    expect(getToken()).toBe('tok-own-abcdefghijklmnopq');
    expect(await screen.findByRole('heading', { name: '收银台 YST0001' })).toBeTruthy();
  });

  test('a saved token: no address change; a real provider shows no badge; the tester flag is kept', async () => {
    setToken('tok-saved-abcdefghijklmn');
    const { outcome } = open('/shop/S8K2QW?_test_=true', {
      'sysConfig/get': ok(config({ demo: false })),
      'user/getOfficialAccountLoginUserInfo': ok(CUSTOMER),
      'shop/get': ok(SHOP),
    });
    expect(window.location.pathname + window.location.search).toBe('/shop/S8K2QW');
    expect(sessionStorage.getItem(TEST_FLAG_STORAGE_KEY)).toBe('true');
    await act(async () => expect(await outcome).toBe('shown'));
    expect(await screen.findByRole('heading', { name: '收银台 S8K2QW' })).toBeTruthy();
    expect(screen.queryByLabelText('演示环境')).toBeNull();
  });

  test('a company user who has not accepted the agreement gets the agreement dialog over the page', async () => {
    setToken('tok-saved-abcdefghijklmn');
    const manager = userDetail({ account: { username: 'li', agreed: false, privacyPolicyVersion: null } });
    const { outcome } = open('/shop/YST0001', {
      'sysConfig/get': ok(config()),
      'user/getOfficialAccountLoginUserInfo': ok(manager),
      'taxAccount/getTaxAccount': ok(null),
      'shop/get': ok(SHOP),
    });
    await act(async () => expect(await outcome).toBe('shown'));
    expect(sessionStore.get(openDialogAtom)?.kind).toBe('agreement');
    expect(await screen.findByRole('dialog', { name: '用户需知' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '收银台 YST0001' })).toBeTruthy();
    sessionStore.get(openDialogAtom)?.close(false);
  });

  test('the error catalogue is installed, and goes elsewhere by loading the host (location.assign)', async () => {
    setToken('tok-saved-abcdefghijklmn');
    const { api, outcome } = open('/shop/YST0001', {
      'sysConfig/get': ok(config()),
      'user/getOfficialAccountLoginUserInfo': ok(CUSTOMER),
      'shop/get': ok(SHOP),
    });
    await act(async () => expect(await outcome).toBe('shown'));
    api.route('cash/getOrder', fail(1004, '无权查看该订单'));
    await expect(callApi('cash/getOrder', { orderNo: 'CO1' })).rejects.toThrow('无权查看该订单');
    await waitFor(() => expect(assigned).toEqual(['/']));
    expect(dialogs.alert).toHaveBeenCalledWith(expect.objectContaining({ title: '权限不足', content: '无权查看该订单' }));
  });
});

describe('a first screen the server painted (docs/architecture.md, "First screens from the server")', () => {
  function PaintedStub({ shop, userAgent }: { shop: ShopInfo | undefined; userAgent: string }) {
    const [taps, setTaps] = useState(0);
    return (
      <main>
        <h1>{shop?.shopName ?? '加载中'}</h1>
        <p>{userAgent.includes('MicroMessenger') ? '微信支付' : '演示支付'}</p>
        <button type="button" onClick={() => setTaps((count) => count + 1)}>
          点了 {taps} 次
        </button>
      </main>
    );
  }
  const PAINTED_PAGE: LeanPageOptions<'/shop/:code', Promise<ShopInfo>, 'shop/get'> = {
    meta: META,
    owner: 'payment',
    path: '/shop/:code',
    start: ({ code }) => callApi('shop/get', { code }, { handles: true }),
    firstScreen: { path: 'shop/get', body: ({ code }) => ({ code }) },
    render: (_params, _started, { painted, userAgent }) => <PaintedStub shop={painted} userAgent={userAgent} />,
  };
  const CALLS = {
    'sysConfig/get': ok(config()),
    'user/getOfficialAccountLoginUserInfo': ok(CUSTOMER),
    'shop/get': ok({ ...SHOP, channels: ['demo' as const] }),
  };

  /** The page as the server sends it: its server build's HTML in the root, the call and its result in the head. */
  function paintedPage(address: string, blockBody: Record<string, unknown>, session?: string | null) {
    const server = leanFirstScreen(PAINTED_PAGE);
    const shop = { ...SHOP, channels: ['demo'] };
    const html = server.render({ pathname: address, result: shop, config: config(), userAgent: WECHAT });
    sessionStore.set(servicesConfigAtom, null);
    const block = { path: 'shop/get', body: blockBody, result: shop, ...(session && { session }) };
    document.head.innerHTML = `<script type="application/json" id="first-screen">${JSON.stringify(block)}</script>`;
    document.body.innerHTML = `<div id="root" data-first-screen>${html}</div>`;
  }

  test('its server build names the call for the address, and none for another', () => {
    const server = leanFirstScreen(PAINTED_PAGE);
    expect(server.firstCall('/shop/YST0001')).toEqual({ path: 'shop/get', body: { code: 'YST0001' } });
    expect(server.firstCall('/payment/list')).toBeNull();
  });

  test('the page hydrates what is there: the same elements, now answering taps, and the call is not made again', async () => {
    setToken('tok-saved-abcdefghijklmn');
    window.history.replaceState(null, '', '/shop/YST0001');
    paintedPage('/shop/YST0001', { code: 'YST0001' });
    const heading = screen.getByRole('heading', { name: '杭州优税通' });
    expect(screen.getByText('微信支付')).toBeTruthy();
    expect(screen.getByLabelText('演示环境')).toBeTruthy();
    const errors = rs.spyOn(console, 'error');
    const api = mockApi(CALLS);
    await act(async () => expect(await renderLeanPage(PAINTED_PAGE)).toBe('shown'));
    fireEvent.click(screen.getByRole('button', { name: '点了 0 次' }));
    expect(await screen.findByRole('button', { name: '点了 1 次' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '杭州优税通' })).toBe(heading);
    // Hydrated: the root's mark is gone.
    expect(document.getElementById('root')?.hasAttribute('data-first-screen')).toBe(false);
    expect(api.bodiesOf('shop/get')).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
  });

  test('taps on the painted screen before the script was there are made, each once, once the page has hydrated it', async () => {
    setToken('tok-saved-abcdefghijklmn');
    window.history.replaceState(null, '', '/shop/YST0001');
    paintedPage('/shop/YST0001', { code: 'YST0001' });
    // The test's DOM lays nothing out: the button is what stands under any point.
    rs.spyOn(document, 'elementFromPoint').mockImplementation(() => document.querySelector('#root button'));
    // What the page's inline start (lean-start.ts) does as the page is parsed.
    keepPaintedTaps(() => document.querySelector('#root[data-first-screen]'));
    try {
      fireEvent.click(screen.getByRole('button', { name: '点了 0 次' }));
      fireEvent.click(screen.getByRole('button', { name: '点了 0 次' }));
      mockApi(CALLS);
      await act(async () => expect(await renderLeanPage(PAINTED_PAGE)).toBe('shown'));
      // The second tap was made on the same button, though the first has changed its text.
      expect(await screen.findByRole('button', { name: '点了 2 次' })).toBeTruthy();
      await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
      expect(screen.getByRole('button', { name: '点了 2 次' })).toBeTruthy();
    } finally {
      dropPaintedTaps();
    }
  });

  test('a call that needs the session: its server build says so, and the page it painted for a session is hydrated by that session', async () => {
    const SESSION_PAGE = { ...PAINTED_PAGE, startNeedsSession: true };
    expect(leanFirstScreen(SESSION_PAGE).firstCall('/shop/YST0001')).toEqual({
      path: 'shop/get',
      body: { code: 'YST0001' },
      session: true,
    });
    setToken('tok-saved-abcdefghijklmn');
    window.history.replaceState(null, '', '/shop/YST0001');
    paintedPage('/shop/YST0001', { code: 'YST0001' }, await sessionTag('tok-saved-abcdefghijklmn'));
    const heading = screen.getByRole('heading', { name: '杭州优税通' });
    const api = mockApi(CALLS);
    await act(async () => expect(await renderLeanPage(SESSION_PAGE)).toBe('shown'));
    expect(screen.getByRole('heading', { name: '杭州优税通' })).toBe(heading);
    expect(api.bodiesOf('shop/get')).toEqual([]);
  });

  test('painted for another session than the one the page holds: the page draws its first screen itself', async () => {
    setToken('tok-saved-abcdefghijklmn');
    window.history.replaceState(null, '', '/shop/YST0001');
    paintedPage('/shop/YST0001', { code: 'YST0001' }, await sessionTag('tok-someone-else-abcdefg'));
    const api = mockApi(CALLS);
    await act(async () => expect(await renderLeanPage({ ...PAINTED_PAGE, startNeedsSession: true })).toBe('shown'));
    expect(screen.getByRole('heading', { name: '加载中' })).toBeTruthy();
    expect(api.bodiesOf('shop/get')).toEqual([{ code: 'YST0001' }]);
  });

  test('painted from another call than the page would make: the page draws its first screen itself', async () => {
    setToken('tok-saved-abcdefghijklmn');
    window.history.replaceState(null, '', '/shop/YST0001');
    paintedPage('/shop/YST0001', { code: 'OTHER01' });
    const api = mockApi(CALLS);
    await act(async () => expect(await renderLeanPage(PAINTED_PAGE)).toBe('shown'));
    expect(screen.getByRole('heading', { name: '加载中' })).toBeTruthy();
    expect(api.bodiesOf('shop/get')).toEqual([{ code: 'YST0001' }]);
  });
});

describe('返回 on a page opened cold', () => {
  /** The lean page with a page frame of @app/ui (its back arrow), signed in. */
  async function openWithBack() {
    setToken('tok-saved-abcdefghijklmn');
    window.history.replaceState(null, '', '/shop/YST0001');
    mockApi({ 'sysConfig/get': ok(config()), 'user/getOfficialAccountLoginUserInfo': ok(CUSTOMER) });
    const outcome = renderLeanPage({ meta: META, owner: 'payment', path: '/shop/:code', render: () => <Page title="收银台">店铺</Page> });
    await act(async () => expect(await outcome).toBe('shown'));
    fireEvent.click(await screen.findByRole('button', { name: '返回' }));
  }

  test("inside WeChat: the page closes through WeixinJSBridge's closeWindow", async () => {
    const invoke = rs.fn();
    Object.assign(window, { WeixinJSBridge: { invoke } });
    try {
      await openWithBack();
      expect(invoke).toHaveBeenCalledWith('closeWindow', {}, expect.any(Function));
      expect(replaced).toEqual([]);
    } finally {
      delete (window as { WeixinJSBridge?: unknown }).WeixinJSBridge;
    }
  });

  test('in another browser: home, in place of the page', async () => {
    rs.spyOn(navigator, 'userAgent', 'get').mockReturnValue(PLAIN);
    await openWithBack();
    expect(replaced).toEqual(['/']);
  });
});

describe('signing in', () => {
  test('no token with the demo provider: to the authorisation, back to this address; the page call never goes out', async () => {
    rs.spyOn(navigator, 'userAgent', 'get').mockReturnValue(PLAIN);
    const { api, outcome } = open('/shop/YST0001?from=scan', { 'sysConfig/get': ok(config({ demo: true })) });
    expect(await outcome).toBe('leaving');
    await waitFor(() => expect(replaced).toHaveLength(1));
    const url = new URL(replaced[0] as string, 'http://app.test');
    expect(url.pathname).toBe('/api/auth/authorize');
    expect(url.searchParams.get('authType')).toBe('wechat');
    expect(url.searchParams.get('returnUrl')).toMatch(/^\/shop\/YST0001\?from=scan&t=\d+$/);
    // The handover's challenge goes along; its verifier stays here.
    expect(url.searchParams.get('challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(localStorage.getItem(SIGN_IN_VERIFIER_STORAGE_KEY)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(api.calls.map((call) => call.path)).toEqual(['sysConfig/get']);
    expect(document.querySelector('.app-layout__page')).toBeNull();
  });

  test('signed out, a code the server refuses (late, used, another sign-in’s): 登录未完成 with its reason, then to sign in again, only once it is read', async () => {
    rs.spyOn(navigator, 'userAgent', 'get').mockReturnValue(PLAIN);
    startSignIn();
    let acknowledge: () => void = () => {};
    dialogs.alert.mockImplementationOnce(() => new Promise<undefined>((resolve) => (acknowledge = () => resolve(undefined))));
    const { api, outcome } = open(`/shop/YST0001?signin=${CODE}`, {
      'sysConfig/get': ok(config({ demo: true })),
      'auth/exchange': fail(1001, '登录凭证无效、已使用或已过期'),
      'shop/get': ok(SHOP),
    });
    await waitFor(() =>
      expect(dialogs.alert).toHaveBeenCalledWith(expect.objectContaining({ title: '登录未完成', content: '登录凭证无效、已使用或已过期' })),
    );
    // No loop: nothing goes anywhere until the alert is acknowledged.
    expect(replaced).toEqual([]);
    expect(api.bodiesOf('user/getOfficialAccountLoginUserInfo')).toEqual([]);
    acknowledge();
    expect(await outcome).toBe('leaving');
    expect(getToken()).toBeNull();
    await waitFor(() => expect(replaced).toHaveLength(1));
    expect(new URL(replaced[0] as string, 'http://app.test').searchParams.get('returnUrl')).toMatch(/^\/shop\/YST0001\?t=\d+$/);
  });

  test('no token inside Alipay with a real provider: the Alipay authorisation', async () => {
    rs.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 AlipayClient/10.5');
    const { outcome } = open('/shop/YST0001', { 'sysConfig/get': ok(config({ demo: false })) });
    expect(await outcome).toBe('leaving');
    await waitFor(() => expect(replaced[0]).toContain('authType=alipay'));
  });

  test('no token outside WeChat and Alipay with a real provider: 请在微信或支付宝中打开此页面, then the login page', async () => {
    rs.spyOn(navigator, 'userAgent', 'get').mockReturnValue(PLAIN);
    const { outcome } = open('/shop/YST0001', { 'sysConfig/get': ok(config({ demo: false })) });
    expect(await outcome).toBe('leaving');
    expect(dialogs.alert).toHaveBeenCalledWith(expect.objectContaining({ content: '请在微信或支付宝中打开此页面' }));
    expect(replaced).toEqual(['/login?returnUrl=%2Fshop%2FYST0001']);
  });

  test('a token the server no longer knows: 登录信息失效, then sign in again', async () => {
    setToken('tok-expired-abcdefghijkl');
    const { outcome } = open('/shop/YST0001', {
      'sysConfig/get': ok(config()),
      'user/getOfficialAccountLoginUserInfo': fail(1001, '未登录'),
      'shop/get': ok(SHOP),
    });
    void outcome;
    await waitFor(() => expect(replaced).toHaveLength(1));
    expect(dialogs.alert).toHaveBeenCalledWith(expect.objectContaining({ title: '错误', content: '登录信息失效' }));
    expect(getToken()).toBeNull();
    expect(replaced[0]).toMatch(/^\/api\/auth\/authorize\?.*returnUrl=%2Fshop%2FYST0001/);
    expect(document.querySelector('.app-layout__page')).toBeNull();
  });
});

describe('the service config', () => {
  test('a closed service: the host’s services-close page, coming back here', async () => {
    setToken('tok-saved-abcdefghijklmn');
    const { outcome } = open('/shop/YST0001?x=1', {
      'sysConfig/get': ok(config({}, 'none')),
      'user/getOfficialAccountLoginUserInfo': ok(CUSTOMER),
      'shop/get': ok(SHOP),
    });
    expect(await outcome).toBe('leaving');
    expect(replaced).toEqual(['/services-close?returnUrl=%2Fshop%2FYST0001%3Fx%3D1']);
    expect(document.querySelector('.app-layout__page')).toBeNull();
  });

  test('open to testers only: a tester (the _test_ flag) gets the page', async () => {
    setToken('tok-saved-abcdefghijklmn');
    const { outcome } = open('/shop/YST0001?_test_=true', {
      'sysConfig/get': ok(config({}, 'self')),
      'user/getOfficialAccountLoginUserInfo': ok(CUSTOMER),
      'shop/get': ok(SHOP),
    });
    await act(async () => expect(await outcome).toBe('shown'));
    expect(replaced).toEqual([]);
  });

  test('no answer: 出错了 with 刷新, nothing else', async () => {
    setToken('tok-saved-abcdefghijklmn');
    const { outcome } = open('/shop/YST0001', {
      'sysConfig/get': noAnswer(),
      'user/getOfficialAccountLoginUserInfo': ok(CUSTOMER),
      'shop/get': ok(SHOP),
    });
    expect(await outcome).toBe('stopped');
    expect(dialogs.alert).toHaveBeenCalledWith(
      expect.objectContaining({ title: '出错了', content: '连接服务器失败,请刷新后重试。', confirmText: '刷新' }),
    );
    expect(document.querySelector('.app-layout__page')).toBeNull();
    expect(replaced).toEqual([]);
  });

  test("an error answer: 出错了 with the server's message", async () => {
    const { outcome } = open('/shop/YST0001', { 'sysConfig/get': fail(5000, '服务维护中，请稍后再试') });
    expect(await outcome).toBe('stopped');
    expect(dialogs.alert).toHaveBeenCalledWith(expect.objectContaining({ title: '出错了', content: '服务维护中，请稍后再试' }));
  });

  test('a newer front version: the reload without cache, once', async () => {
    setToken('tok-saved-abcdefghijklmn');
    const { outcome } = open('/shop/YST0001', {
      'sysConfig/get': ok(config({ frontVersion: FRONT_VERSION + 1 })),
      'user/getOfficialAccountLoginUserInfo': ok(CUSTOMER),
      'shop/get': ok(SHOP),
    });
    expect(await outcome).toBe('stopped');
    expect(replaced).toHaveLength(1);
    expect(new URL(replaced[0] as string).searchParams.get('_fv')).toBe(String(FRONT_VERSION + 1));
  });
});

test('paramsOf reads a pattern’s params from an address', () => {
  expect(paramsOf('/shop/:code', '/shop/YST0001')).toEqual({ code: 'YST0001' });
  expect(paramsOf('/shop/:code', '/shop/%E5%BA%97/')).toEqual({ code: '店' });
  expect(paramsOf('/shop/:code', '/shop/')).toBeNull();
  expect(paramsOf('/shop/:code', '/shop/a/b')).toBeNull();
  expect(paramsOf('/taxi/:car/trip/:day', '/taxi/A1/trip/2024-05-01')).toEqual({ car: 'A1', day: '2024-05-01' });
});
