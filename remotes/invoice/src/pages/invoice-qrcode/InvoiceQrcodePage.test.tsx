import { afterEach, describe, expect, test } from '@rstest/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { httpAnswer, noAnswer, ok, renderPage, sequence } from '@app/host-sdk/testing';
import { decodeQrDataUrl } from '../../test-support/decode-qr';
import InvoiceQrcodePage from './InvoiceQrcodePage';

const QRCODE = { url: 'https://fapiao.example.cn/shop/C001', companyName: '上海示例商贸有限公司', code: 'C001' };

afterEach(cleanup);

describe('InvoiceQrcodePage', () => {
  test('draws the link the server gave as a QR image to long-press, under the company name', async () => {
    const { api, url } = renderPage(<InvoiceQrcodePage />, { url: '/invoice/qrcode', calls: { 'company/getInvoiceQrcode': ok(QRCODE) } });
    expect(screen.getByLabelText('二维码加载中')).toBeTruthy();

    const image = (await screen.findByAltText('上海示例商贸有限公司开票二维码')) as HTMLImageElement;
    expect(image.src).toMatch(/^data:image\/png;base64,/);
    expect(decodeQrDataUrl(image.src)).toEqual({ text: QRCODE.url, width: 600 });
    expect(screen.getByRole('heading', { name: '上海示例商贸有限公司' })).toBeTruthy();
    expect(screen.getByText('长按二维码保存到手机')).toBeTruthy();
    expect(screen.getByText(/顾客用微信或支付宝扫描此二维码/)).toBeTruthy();
    expect(api.bodiesOf('company/getInvoiceQrcode')).toEqual([{}]);

    fireEvent.click(screen.getByRole('button', { name: '查看开票申请' }));
    expect(url()).toBe('/invoice/applying/list');
  });

  test("refused (an HTTP 403 as much as the API's code): 无权查看, never 二维码加载失败 with 重试", async () => {
    renderPage(<InvoiceQrcodePage />, { url: '/invoice/qrcode', calls: { 'company/getInvoiceQrcode': httpAnswer(403, 'Forbidden') } });
    const view = await screen.findByRole('region', { name: '无权查看' });
    expect(view.getAttribute('data-icon')).toBe('refused');
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
    expect(screen.queryByText('二维码加载失败')).toBeNull();
  });

  test('a failed load says so and 重试 loads again', async () => {
    const { api } = renderPage(<InvoiceQrcodePage />, {
      url: '/invoice/qrcode',
      calls: { 'company/getInvoiceQrcode': sequence(noAnswer(), ok(QRCODE)) },
    });
    // The one failure view of every page: no answer at all is said as the network.
    const view = await screen.findByRole('region', { name: '二维码加载失败' });
    expect(within(view).getByText('请检查网络后重试')).toBeTruthy();
    expect(view.getAttribute('data-icon')).toBe('disconnected');
    fireEvent.click(within(view).getByRole('button', { name: '重试' }));
    expect(await screen.findByAltText('上海示例商贸有限公司开票二维码')).toBeTruthy();
    await waitFor(() => expect(api.bodiesOf('company/getInvoiceQrcode')).toHaveLength(2));
  });
});
