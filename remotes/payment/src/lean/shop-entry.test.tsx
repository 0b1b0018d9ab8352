/**
 * The cash desk's lean page as a phone opens it cold (the entry module itself, run as its bundle runs it): back from
 * signing in with a one-time code, exchanged with the verifier this browser kept beside the start-up calls and
 * `shop/get` (a token in the address is never taken), the same cash desk as the federated route, and
 * paying going on to `/cash/return` by loading the host. (The start-up rules themselves: shared/host-sdk/test/lean-page.test.tsx.)
 */
import { afterEach, expect, rs, test } from '@rstest/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fail, mockApi, ok, userDetail } from '@app/host-sdk/testing';
import { SIGN_IN_VERIFIER_STORAGE_KEY } from '@app/host-sdk/internal/sign-in-handover';
import { getToken } from '@app/host-sdk/session';
import type { ServicesConfig } from '@app/contract/service';
import type { ShopInfo } from '../pages/shop-cash/shop-api';

const SHOP: ShopInfo = {
  code: 'YST0001',
  shopName: '上海示例商贸',
  subCodeName: null,
  goodsName: null,
  amountFen: null,
  closedReason: null,
  channels: ['demo'],
};
const CONFIG: ServicesConfig = {
  id: 1,
  appHotLine: '400',
  etaxAreas: [],
  systemServiceConfig: { available: 'all', closeReason: '' },
  frontVersion: 100,
  demo: true,
};
const CUSTOMER = userDetail({
  company: false,
  companyUser: false,
  companyInfo: null,
  permissions: [],
  account: { username: null, agreed: false, privacyPolicyVersion: null },
});

afterEach(() => {
  rs.restoreAllMocks();
  document.body.innerHTML = '';
});

test('back from signing in with ?signin= (and a token someone put in the link): the shop, the keypad, 演示支付, then /cash/return loads the host', async () => {
  const assigned: string[] = [];
  rs.spyOn(window.location, 'assign').mockImplementation((url: string | URL) => void assigned.push(String(url)));
  localStorage.clear();
  // The sign-in this browser started kept its verifier.
  localStorage.setItem(SIGN_IN_VERIFIER_STORAGE_KEY, 'verifier-abcdefghijklmnopqrstuvwxyz0123456789');
  document.body.innerHTML = '<div id="root"></div>';
  window.history.replaceState(null, '', '/shop/YST0001?token=tok-attacker-abcdefghijk&signin=code-abcdefghijklmnopqrstuvwxyz0123456789');
  const api = mockApi({
    'sysConfig/get': ok(CONFIG),
    'auth/exchange': (body) =>
      body.verifier === 'verifier-abcdefghijklmnopqrstuvwxyz0123456789'
        ? ok({ token: 'tok-abcdefghijklmnopqrstu' })
        : fail(1001, '登录凭证无效、已使用或已过期'),
    'user/getOfficialAccountLoginUserInfo': ok(CUSTOMER),
    'shop/get': ok(SHOP),
    'cash/createOrder': ok({ orderNo: 'CO20260001', start: { kind: 'demo' } }),
  });

  await import('./shop-entry');
  // Out of the address before anything answered.
  expect(window.location.search).toBe('');

  expect(await screen.findByRole('heading', { name: '上海示例商贸' })).toBeTruthy();
  expect(document.title).toBe('收银台');
  expect(document.querySelector('.adm-nav-bar-title')?.textContent).toBe('收银台');
  expect(getToken()).toBe('tok-abcdefghijklmnopqrstu');
  expect(api.bodiesOf('auth/exchange')).toEqual([
    { code: 'code-abcdefghijklmnopqrstuvwxyz0123456789', verifier: 'verifier-abcdefghijklmnopqrstuvwxyz0123456789' },
  ]);
  // One shop/get, sent with the start-up calls and the exchange (not again by the page); the user once signed in.
  expect(api.bodiesOf('shop/get')).toEqual([{ code: 'YST0001' }]);
  expect(
    api.calls
      .slice(0, 3)
      .map((call) => call.path)
      .sort(),
  ).toEqual(['auth/exchange', 'shop/get', 'sysConfig/get']);
  expect(api.calls[3]?.path).toBe('user/getOfficialAccountLoginUserInfo');

  const keypad = within(screen.getByRole('group', { name: '金额键盘' }));
  for (const key of ['1', '2', '.', '5']) fireEvent.click(keypad.getByRole('button', { name: key }));
  fireEvent.click(keypad.getByRole('button', { name: '演示支付' }));
  await waitFor(() => expect(assigned).toEqual(['/cash/return?orderNo=CO20260001']));
  expect(api.bodiesOf('cash/createOrder')).toEqual([{ code: 'YST0001', amountFen: 1250, channel: 'demo' }]);
});
