import { afterEach, describe, expect, test } from '@rstest/core';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { fail, noAnswer, ok, renderPage, sequence } from '@app/host-sdk/testing';
import { FAKE_PNG, useFakeCanvas } from '../../test-support/fake-canvas';
import MyShopCodePage from './MyShopCodePage';

const SHOP = { code: 'SHOP01', shopName: '上海示例商贸', shortPath: '/t/SHOP01' };

const canvas = useFakeCanvas();
afterEach(() => {
  cleanup();
  canvas.contexts.length = 0;
});

describe('MyShopCodePage', () => {
  test('the shop code poster holds the full short link under the shop name; 子码管理 is one tap away', async () => {
    const { url } = renderPage(<MyShopCodePage />, { url: '/my/shop-code', calls: { 'shopCode/get': ok(SHOP) } });
    expect(document.title).toBe('店铺码');
    const image = (await screen.findByAltText('上海示例商贸店铺码')) as HTMLImageElement;
    expect(image.src).toBe(FAKE_PNG);
    expect((screen.getByText('下载图片') as HTMLAnchorElement).getAttribute('download')).toBe('店铺码-上海示例商贸.png');

    const calls = canvas.contexts.at(-1)?.calls ?? [];
    expect(calls.flatMap((call) => (call.op === 'fillText' ? [call.text] : []))[0]).toBe('上海示例商贸');
    const link = `${window.location.origin}/t/SHOP01`;
    expect(calls.filter((call) => call.op === 'fill' && call.rects > 0).map((call) => (call.op === 'fill' ? call.rects : 0))).toEqual([
      canvas.dark(link),
    ]);

    fireEvent.click(screen.getByRole('button', { name: '子码管理' }));
    expect(url()).toBe('/my/subCode');
  });

  test('a failed load says so and 重试 loads again', async () => {
    renderPage(<MyShopCodePage />, { url: '/my/shop-code', calls: { 'shopCode/get': sequence(noAnswer(), ok(SHOP)) } });
    expect(await screen.findByText('店铺码加载失败')).toBeTruthy();
    expect(screen.getByRole('region', { name: '店铺码加载失败' }).getAttribute('data-icon')).toBe('disconnected');
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByAltText('上海示例商贸店铺码')).toBeTruthy();
  });

  test('a refusal is 无权查看 with its reason, never a lost network, and offers no 重试', async () => {
    renderPage(<MyShopCodePage />, { url: '/my/shop-code', calls: { 'shopCode/get': fail(1004, '无权访问该企业的店铺码') } });
    const view = await screen.findByRole('region', { name: '无权查看' });
    expect(view.getAttribute('data-icon')).toBe('refused');
    expect(within(view).getByText('无权访问该企业的店铺码')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
  });
});
