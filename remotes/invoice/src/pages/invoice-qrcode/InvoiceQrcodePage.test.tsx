import { afterEach, beforeAll, describe, expect, rs, test } from '@rstest/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import * as actualApiClient from '@app/host-sdk/api-client' with { rstest: 'importActual' };
import { setupUi } from '@app/ui/setup';
import { answerCalls, failure, sequence } from '../../test-support/call-api-mock';
import { decodeQrDataUrl } from '../../test-support/decode-qr';

const api = rs.hoisted(() => ({ callApi: rs.fn() }));
const router = rs.hoisted(() => ({ navigate: rs.fn() }));
rs.mock('@app/host-sdk/api-client', () => ({ ...actualApiClient, callApi: api.callApi }));
rs.mock('@app/host-sdk/router', () => ({ useNavigate: () => router.navigate }));

const { default: InvoiceQrcodePage } = await import('./InvoiceQrcodePage');

const QRCODE = { url: 'https://fapiao.example.cn/shop/C001', companyName: '上海示例商贸有限公司', code: 'C001' };

beforeAll(() => setupUi());
afterEach(() => cleanup());

describe('InvoiceQrcodePage', () => {
  test('draws the link the server gave as a QR image to long-press, under the company name', async () => {
    const calls = answerCalls(api.callApi, { 'company/getInvoiceQrcode': QRCODE });
    render(<InvoiceQrcodePage />);
    expect(screen.getByLabelText('二维码加载中')).toBeTruthy();

    const image = (await screen.findByAltText('上海示例商贸有限公司开票二维码')) as HTMLImageElement;
    expect(image.src).toMatch(/^data:image\/png;base64,/);
    expect(decodeQrDataUrl(image.src)).toEqual({ text: QRCODE.url, width: 600 });
    expect(screen.getByRole('heading', { name: '上海示例商贸有限公司' })).toBeTruthy();
    expect(screen.getByText('长按二维码保存到手机')).toBeTruthy();
    expect(screen.getByText(/顾客用微信或支付宝扫描此二维码/)).toBeTruthy();
    expect(calls.payloadsOf('company/getInvoiceQrcode')).toEqual([{}]);

    fireEvent.click(screen.getByRole('button', { name: '查看开票申请' }));
    expect(router.navigate).toHaveBeenCalledWith('/invoice/applying/list');
  });

  test('a failed load says so and 重试 loads again', async () => {
    const calls = answerCalls(api.callApi, { 'company/getInvoiceQrcode': sequence(failure(null, '请求失败,请重试'), QRCODE) });
    render(<InvoiceQrcodePage />);
    expect(await screen.findByText('二维码加载失败')).toBeTruthy();
    expect(screen.getByText('请求失败,请重试')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByAltText('上海示例商贸有限公司开票二维码')).toBeTruthy();
    await waitFor(() => expect(calls.payloadsOf('company/getInvoiceQrcode')).toHaveLength(2));
  });
});
