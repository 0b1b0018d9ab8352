/**
 * The cash desk's lean page opened cold at a deployment with real sign-in and no way to pay set up (no payment
 * provider, demo payment off): it says 商户暂未开通在线支付 and offers no pay button, like the federated route. (Its own
 * file: the entry module renders once when imported.)
 */
import { afterEach, expect, rs, test } from '@rstest/core';
import { screen } from '@testing-library/react';
import { setToken } from '@app/host-sdk/session';
import { mockApi, ok, servicesConfig, userDetail } from '@app/host-sdk/testing';
import type { ShopInfo } from '../pages/shop-cash/shop-api';

const SHOP: ShopInfo = {
  code: 'YST0001',
  shopName: '上海示例商贸',
  subCodeName: null,
  goodsName: null,
  amountFen: null,
  closedReason: null,
  channels: [],
};
const CONFIG = servicesConfig();
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

test('opened cold where no payment is set up: 商户暂未开通在线支付, no keypad, no pay button', async () => {
  localStorage.clear();
  // A customer signed in before.
  setToken('tok-abcdefghijklmnopqrstu');
  document.body.innerHTML = '<div id="root"></div>';
  window.history.replaceState(null, '', '/shop/YST0001');
  const api = mockApi({ 'sysConfig/get': ok(CONFIG), 'user/getOfficialAccountLoginUserInfo': ok(CUSTOMER), 'shop/get': ok(SHOP) });

  await import('./shop-entry');

  expect(await screen.findByRole('heading', { name: '商户暂未开通在线支付' })).toBeTruthy();
  expect(screen.getByText('上海示例商贸')).toBeTruthy();
  expect(screen.queryByRole('group', { name: '金额键盘' })).toBeNull();
  expect(screen.queryByRole('button', { name: /支付|打开/ })).toBeNull();
  expect(api.bodiesOf('shop/get')).toEqual([{ code: 'YST0001' }]);
  expect(api.bodiesOf('cash/createOrder')).toEqual([]);
});
