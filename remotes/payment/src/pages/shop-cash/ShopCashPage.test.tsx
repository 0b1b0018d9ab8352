import { afterEach, describe, expect, test } from '@rstest/core';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { fail, noAnswer, ok, renderPage, sequence } from '@app/host-sdk/testing';
import type { ShopInfo } from './shop-api';
import ShopCashPage from './ShopCashPage';

const OPEN: ShopInfo = { code: 'S8K2QW', shopName: '上海示例商贸', subCodeName: '1 号收银台', goodsName: '美式咖啡', amountFen: 1800, closedReason: null };

const openShop = (calls: Parameters<typeof renderPage>[1] extends infer O ? (O extends { calls?: infer C } ? C : never) : never) =>
  renderPage(<ShopCashPage />, { url: '/shop/S8K2QW', path: '/shop/:code', calls });

afterEach(cleanup);

describe('ShopCashPage', () => {
  test('an open sub-code: the shop, the sub-code, its fixed goods and amount, and 在线付款即将开放 (no payment)', async () => {
    const { api } = openShop({ 'shop/get': ok(OPEN) });
    expect(document.title).toBe('收银台');
    expect(screen.getByLabelText('加载中')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: '上海示例商贸' })).toBeTruthy();
    expect(screen.getByText('1 号收银台')).toBeTruthy();
    expect(screen.getByText('美式咖啡')).toBeTruthy();
    expect(screen.getByText('¥18.00')).toBeTruthy();
    expect(screen.getByText('在线付款即将开放')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /付款|支付/ })).toBeNull();
    expect(api.bodiesOf('shop/get')).toEqual([{ code: 'S8K2QW' }]);
  });

  test('the shop code itself: the shop name, the customer types the amount', async () => {
    openShop({ 'shop/get': ok({ ...OPEN, subCodeName: null, goodsName: null, amountFen: null }) });
    expect(await screen.findByRole('heading', { name: '上海示例商贸' })).toBeTruthy();
    expect(screen.getByText('付款金额由您输入')).toBeTruthy();
    expect(screen.queryByText('1 号收银台')).toBeNull();
  });

  test('a closed code: 暂停收款 with the reason, nothing else', async () => {
    openShop({ 'shop/get': ok({ ...OPEN, closedReason: '该收款码已停用' }) });
    expect(await screen.findByRole('heading', { name: '暂停收款' })).toBeTruthy();
    expect(screen.getByText('该收款码已停用')).toBeTruthy();
    expect(screen.getByText('上海示例商贸 · 1 号收银台')).toBeTruthy();
    expect(screen.queryByText('在线付款即将开放')).toBeNull();
    expect(screen.queryByText('¥18.00')).toBeNull();
  });

  test('an unknown code: 店铺不存在', async () => {
    openShop({ 'shop/get': fail(4004, '店铺不存在') });
    expect(await screen.findByRole('heading', { name: '店铺不存在' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
  });

  test('a network failure offers 重试', async () => {
    openShop({ 'shop/get': sequence(noAnswer(), ok(OPEN)) });
    expect(await screen.findByText('店铺信息加载失败')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('heading', { name: '上海示例商贸' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('店铺信息加载失败')).toBeNull());
  });
});
