import { afterEach, describe, expect, test } from '@rstest/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fail, noAnswer, ok, renderPage, sequence, type Route } from '@app/host-sdk/testing';
import type { ServicesConfig } from '@app/contract/service';
import type { ShopInfo } from './shop-api';
import ShopCashPage from './ShopCashPage';

const SHOP: ShopInfo = {
  code: 'YST0001',
  shopName: '上海示例商贸',
  subCodeName: null,
  goodsName: null,
  amountFen: null,
  closedReason: null,
  channels: ['demo'],
};
/** A real deployment: WeChat Pay and Alipay set up, no demo provider. */
const REAL_SHOP: ShopInfo = { ...SHOP, channels: ['wechat', 'alipay'] };
const SUB_CODE: ShopInfo = { ...SHOP, code: 'S8K2QW', subCodeName: '1 号收银台', goodsName: '美式咖啡', amountFen: 1800 };

const config = (demo: boolean): ServicesConfig => ({
  id: 1,
  appHotLine: '400-000-0000',
  etaxAreas: [],
  systemServiceConfig: { available: 'all', closeReason: '' },
  frontVersion: 1,
  demo,
});

function openShop(calls: Record<string, Route>, { code = 'YST0001', demo = true } = {}) {
  return renderPage(<ShopCashPage />, { url: `/shop/${code}`, path: '/shop/:code', calls, servicesConfig: config(demo), user: null });
}

const keypad = () => within(screen.getByRole('group', { name: '金额键盘' }));
const press = (...keys: string[]) => {
  for (const key of keys) fireEvent.click(keypad().getByRole('button', { name: key }));
};
const amount = () => screen.getByTestId('amount').textContent;

afterEach(cleanup);

describe('ShopCashPage', () => {
  test('the shop code: the shop name, the keypad, 演示支付 with the demo provider', async () => {
    const { api } = openShop({ 'shop/get': ok(SHOP) });
    expect(document.title).toBe('收银台');
    expect(screen.getByLabelText('加载中')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: '上海示例商贸' })).toBeTruthy();
    expect(keypad().getByRole('button', { name: '演示支付' })).toBeTruthy();
    expect((keypad().getByRole('button', { name: '演示支付' }) as HTMLButtonElement).disabled).toBe(true);
    press('8', '8', '.', '0', '0', '0');
    expect(amount()).toBe('¥88.00');
    press('删除', '删除', '删除');
    expect(amount()).toBe('¥88');
    expect(api.bodiesOf('shop/get')).toEqual([{ code: 'YST0001' }]);
  });

  test('bad amounts are said under the amount: 0, and more than ¥50,000.00', async () => {
    const { api } = openShop({ 'shop/get': ok(SHOP) });
    await screen.findByRole('heading', { name: '上海示例商贸' });
    press('0', '.', '0', '0', '演示支付');
    expect((await screen.findByRole('alert')).textContent).toBe('付款金额须大于 0');
    press('删除', '删除', '删除', '删除', '5', '0', '0', '0', '0', '.', '0', '1');
    expect(amount()).toBe('¥50,000.01');
    expect(screen.getByRole('alert').textContent).toBe('单笔付款不能超过 ¥50,000.00');
    press('演示支付');
    press('删除');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.bodiesOf('cash/createOrder')).toEqual([]);
  });

  test('the demo provider: createOrder, then /cash/return with the order number', async () => {
    const { api, url } = openShop({ 'shop/get': ok(SHOP), 'cash/createOrder': ok({ orderNo: 'CO20260001', start: { kind: 'demo' } }) });
    await screen.findByRole('heading', { name: '上海示例商贸' });
    press('1', '2', '.', '5', '演示支付');
    await waitFor(() => expect(url()).toBe('/cash/return?orderNo=CO20260001'));
    expect(api.bodiesOf('cash/createOrder')).toEqual([{ code: 'YST0001', amountFen: 1250, channel: 'demo' }]);
  });

  test('a refused amount is said under it', async () => {
    openShop({ 'shop/get': ok(SHOP), 'cash/createOrder': fail(4000, '付款金额不正确', { fields: { amountFen: '付款金额超出限额' } }) });
    await screen.findByRole('heading', { name: '上海示例商贸' });
    press('9', '演示支付');
    expect((await screen.findByRole('alert')).textContent).toBe('付款金额超出限额');
  });

  test('a sub-code with fixed goods and amount: no keypad, the amount is paid as it is', async () => {
    const { api, url } = openShop(
      { 'shop/get': ok(SUB_CODE), 'cash/createOrder': ok({ orderNo: 'CO20260002', start: { kind: 'demo' } }) },
      { code: 'S8K2QW' },
    );
    expect(await screen.findByRole('heading', { name: '上海示例商贸' })).toBeTruthy();
    expect(screen.getByText('1 号收银台')).toBeTruthy();
    expect(screen.getByText('美式咖啡')).toBeTruthy();
    expect(screen.getByText('¥18.00')).toBeTruthy();
    expect(screen.queryByRole('group', { name: '金额键盘' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '演示支付 ¥18.00' }));
    await waitFor(() => expect(url()).toBe('/cash/return?orderNo=CO20260002'));
    expect(api.bodiesOf('cash/createOrder')).toEqual([{ code: 'S8K2QW', amountFen: 1800, channel: 'demo' }]);
  });

  test('outside WeChat and Alipay, without the demo provider, there is no way to pay', async () => {
    openShop({ 'shop/get': ok(REAL_SHOP) }, { demo: false });
    await screen.findByRole('heading', { name: '上海示例商贸' });
    const pay = keypad().getByRole('button', { name: '请在微信或支付宝中打开' }) as HTMLButtonElement;
    press('5');
    expect(pay.disabled).toBe(true);
  });

  test('with no way to pay set up: 商户暂未开通在线支付, no keypad and no pay button', async () => {
    const { api } = openShop(
      { 'shop/get': ok({ ...SHOP, channels: [] }), 'cash/createOrder': ok({ orderNo: 'CO20260009', start: { kind: 'demo' } }) },
      { demo: false },
    );
    expect(await screen.findByRole('heading', { name: '商户暂未开通在线支付' })).toBeTruthy();
    expect(screen.getByText('请向商家询问其他付款方式')).toBeTruthy();
    expect(screen.getByText('上海示例商贸')).toBeTruthy();
    expect(screen.queryByRole('group', { name: '金额键盘' })).toBeNull();
    expect(screen.queryByRole('button', { name: /支付|打开/ })).toBeNull();
    expect(api.bodiesOf('cash/createOrder')).toEqual([]);
  });

  test('a fixed-amount sub-code with no way to pay set up says so too, without its pay button', async () => {
    openShop({ 'shop/get': ok({ ...SUB_CODE, channels: [] }) }, { code: 'S8K2QW', demo: false });
    expect(await screen.findByRole('heading', { name: '商户暂未开通在线支付' })).toBeTruthy();
    expect(screen.getByText('上海示例商贸 · 1 号收银台')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /¥18\.00/ })).toBeNull();
  });

  test('demo sign-in alone does not offer demo payment: the channels come from shop/get', async () => {
    // A demo sign-in config (演示环境) beside a deployment offering only WeChat Pay: no 演示支付 button.
    openShop({ 'shop/get': ok({ ...SHOP, channels: ['wechat'] }) }, { demo: true });
    await screen.findByRole('heading', { name: '上海示例商贸' });
    expect(keypad().queryByRole('button', { name: '演示支付' })).toBeNull();
    expect(keypad().getByRole('button', { name: '请在微信中打开' })).toBeTruthy();
    expect(screen.getByText('请使用微信扫码付款')).toBeTruthy();
  });

  test('demo payment offered beside a real deployment’s sign-in: 演示支付 even without the 演示环境 config', async () => {
    const { api, url } = openShop(
      { 'shop/get': ok(SHOP), 'cash/createOrder': ok({ orderNo: 'CO20260010', start: { kind: 'demo' } }) },
      { demo: false },
    );
    await screen.findByRole('heading', { name: '上海示例商贸' });
    press('3', '演示支付');
    await waitFor(() => expect(url()).toBe('/cash/return?orderNo=CO20260010'));
    expect(api.bodiesOf('cash/createOrder')).toEqual([{ code: 'YST0001', amountFen: 300, channel: 'demo' }]);
  });

  test('inside WeChat: 微信支付 through WeixinJSBridge, then /cash/return', async () => {
    const userAgent = navigator.userAgent;
    Object.defineProperty(navigator, 'userAgent', { value: `${userAgent} MicroMessenger/8.0.50`, configurable: true });
    const invoked: unknown[] = [];
    window.WeixinJSBridge = {
      invoke: (_name, params, callback) => {
        invoked.push(params);
        callback({ err_msg: 'get_brand_wcpay_request:ok' });
      },
    };
    try {
      const jsapi = {
        appId: 'wx1',
        timeStamp: '1700000000',
        nonceStr: 'n',
        package: 'prepay_id=p1',
        signType: 'RSA' as const,
        paySign: 's',
      };
      const { api, url } = openShop(
        { 'shop/get': ok(REAL_SHOP), 'cash/createOrder': ok({ orderNo: 'CO20260003', start: { kind: 'wechat-jsapi', jsapi } }) },
        { demo: false },
      );
      await screen.findByRole('heading', { name: '上海示例商贸' });
      press('6', '微信支付');
      await waitFor(() => expect(url()).toBe('/cash/return?orderNo=CO20260003'));
      expect(api.bodiesOf('cash/createOrder')).toEqual([{ code: 'YST0001', amountFen: 600, channel: 'wechat' }]);
      expect(invoked).toEqual([jsapi]);
    } finally {
      delete window.WeixinJSBridge;
      Object.defineProperty(navigator, 'userAgent', { value: userAgent, configurable: true });
    }
  });

  test('a closed code: 暂停收款 with the reason, nothing else', async () => {
    openShop({ 'shop/get': ok({ ...SUB_CODE, closedReason: '该收款码已停用' }) });
    expect(await screen.findByRole('heading', { name: '暂停收款' })).toBeTruthy();
    expect(screen.getByText('该收款码已停用')).toBeTruthy();
    expect(screen.getByText('上海示例商贸 · 1 号收银台')).toBeTruthy();
    expect(screen.queryByRole('group', { name: '金额键盘' })).toBeNull();
    expect(screen.queryByText('¥18.00')).toBeNull();
  });

  test('an unknown code: 店铺不存在', async () => {
    openShop({ 'shop/get': fail(4004, '店铺不存在') });
    expect(await screen.findByRole('heading', { name: '店铺不存在' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
  });

  test('a network failure offers 重试', async () => {
    openShop({ 'shop/get': sequence(noAnswer(), ok(SHOP)) });
    expect(await screen.findByText('店铺信息加载失败')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('heading', { name: '上海示例商贸' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('店铺信息加载失败')).toBeNull());
  });
});
