import { afterEach, describe, expect, test } from '@rstest/core';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { fail, ok, renderPage } from '@app/host-sdk/testing';
import { FAKE_PNG, useFakeCanvas } from '../../test-support/fake-canvas';
import type { SubCode } from '../../features/sub-codes/sub-codes-api';
import MySubCodeQrcodePage from './MySubCodeQrcodePage';

const STORED: SubCode = {
  id: 'sc-1',
  name: '1 号收银台',
  code: 'S8K2QW',
  goodsId: null,
  goodsName: null,
  amountFen: null,
  enabled: true,
  shortPath: '/t/S8K2QW',
  createdAt: '2026-05-01T02:03:00.000Z',
};
const SHOP = { code: 'SHOP01', shopName: '上海示例商贸', shortPath: '/t/SHOP01' };

const canvas = useFakeCanvas();
afterEach(() => {
  cleanup();
  canvas.contexts.length = 0;
});

describe('MySubCodeQrcodePage', () => {
  test('the poster holds the full short link of the sub-code, under the shop and sub-code names; 下载图片 saves it', async () => {
    const link = `${window.location.origin}/t/S8K2QW`;
    const { api } = renderPage(<MySubCodeQrcodePage />, {
      url: '/my/subCode/qrcode?id=sc-1',
      calls: { 'subCode/get': ok(STORED), 'shopCode/get': ok(SHOP) },
    });
    expect(document.title).toBe('子码二维码');
    expect(screen.getByLabelText('图片生成中')).toBeTruthy();

    const image = (await screen.findByAltText('1 号收银台收款码')) as HTMLImageElement;
    expect(image.src).toBe(FAKE_PNG);
    expect(screen.getByText('长按图片保存到手机')).toBeTruthy();
    const download = screen.getByText('下载图片') as HTMLAnchorElement;
    expect(download.getAttribute('href')).toBe(FAKE_PNG);
    expect(download.getAttribute('download')).toBe('子码-1 号收银台.png');
    expect(screen.getByText(link)).toBeTruthy();
    // No fixed charge: the customer types the amount, and nothing says 固定收款.
    expect(screen.getByText('收款金额').nextElementSibling?.textContent).toBe('由顾客输入');
    expect(screen.queryByText('固定收款')).toBeNull();
    expect(api.bodiesOf('subCode/get')).toEqual([{ id: 'sc-1' }]);

    const calls = canvas.contexts.at(-1)?.calls ?? [];
    const texts = calls.flatMap((call) => (call.op === 'fillText' ? [call.text] : []));
    expect(texts).toEqual(['上海示例商贸', '1 号收银台', '扫码付款 · 开发票', '付款后可直接申请电子发票', '请使用微信或支付宝扫一扫']);
    expect(calls.filter((call) => call.op === 'fill' && call.rects > 0).map((call) => (call.op === 'fill' ? call.rects : 0))).toEqual([
      canvas.dark(link),
    ]);
  });

  test('a disabled sub-code says customers see 暂停收款, with a way to enable it', async () => {
    const { url } = renderPage(<MySubCodeQrcodePage />, {
      url: '/my/subCode/qrcode?id=sc-1',
      calls: { 'subCode/get': ok({ ...STORED, enabled: false }), 'shopCode/get': ok(SHOP) },
    });
    expect(await screen.findByText(/该子码已停用/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '去启用' }));
    expect(url()).toBe('/my/subCode/edit?id=sc-1');
  });

  test('a sub-code that is not there, or another company’s, says so with no 重试', async () => {
    renderPage(<MySubCodeQrcodePage />, {
      url: '/my/subCode/qrcode?id=sc-1',
      calls: { 'subCode/get': fail(4004, '子码不存在'), 'shopCode/get': ok(SHOP) },
    });
    expect(await screen.findByRole('region', { name: '没有找到这个子码' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
    cleanup();
    renderPage(<MySubCodeQrcodePage />, {
      url: '/my/subCode/qrcode?id=sc-1',
      calls: { 'subCode/get': fail(1004, '无权访问该企业的子码'), 'shopCode/get': ok(SHOP) },
    });
    const refused = await screen.findByRole('region', { name: '无权查看' });
    expect(refused.textContent).toContain('无权访问该企业的子码');
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
    expect(screen.getByRole('button', { name: '返回子码列表' })).toBeTruthy();
  });

  test('an address without a sub-code is not found at once, and nothing is asked', async () => {
    const { api } = renderPage(<MySubCodeQrcodePage />, {
      url: '/my/subCode/qrcode',
      calls: { 'subCode/get': ok(STORED), 'shopCode/get': ok(SHOP) },
    });
    expect(await screen.findByRole('region', { name: '没有找到这个子码' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '返回子码列表' })).toBeTruthy();
    expect(api.bodiesOf('subCode/get')).toEqual([]);
  });

  test('a sub-code that cannot be loaded says so; 重试 loads it', async () => {
    let asked = 0;
    renderPage(<MySubCodeQrcodePage />, {
      url: '/my/subCode/qrcode?id=sc-1',
      calls: { 'subCode/get': () => (++asked === 1 ? fail(5000, '服务繁忙，请稍后重试') : ok(STORED)), 'shopCode/get': ok(SHOP) },
    });
    expect(await screen.findByText('子码加载失败')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByAltText('1 号收银台收款码')).toBeTruthy();
    await waitFor(() => expect(asked).toBe(2));
  });
});
