import { afterEach, describe, expect, rs, test } from '@rstest/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { pageMeta } from '@app/host-sdk/route-meta';
import { INPUT_URL_STORAGE_KEY } from '@app/host-sdk/session';
import { fail, ok, renderPage, type Route } from '@app/host-sdk/testing';
import { signedPageUrl } from '../../features/ticket-import/scan';
import { FIXTURE_QR } from '../../test-support/tickets';
import TicketImportPage, { NO_SCANNER_MESSAGE } from './TicketImportPage';

// WeChat's JS-SDK: wx.config is ready, and its scanner answers the fixture's code.
const wx = rs.hoisted(() => ({
  config: rs.fn(),
  ready: rs.fn((callback: () => void) => callback()),
  error: rs.fn(),
  scanQRCode: rs.fn((options: { success(answer: { resultStr: string }): void }) => options.success({ resultStr: '' })),
}));
rs.mock('weixin-js-sdk', () => ({ default: wx }));

const userAgent = navigator.userAgent;
/** A browser that says it is WeChat. */
function wechatUserAgent() {
  Object.defineProperty(navigator, 'userAgent', { value: `${userAgent} MicroMessenger/8.0.50`, configurable: true });
}
/** WeChat's own webview: its user agent, and the bridge it gives every page. */
function inWechat() {
  wechatUserAgent();
  Object.defineProperty(window, 'WeixinJSBridge', { value: { invoke: () => undefined }, configurable: true });
}

afterEach(() => {
  Object.defineProperty(navigator, 'userAgent', { value: userAgent, configurable: true });
  delete (window as { WeixinJSBridge?: unknown }).WeixinJSBridge;
  rs.useRealTimers();
  cleanup();
});

const open = (calls: Record<string, Route> = {}) =>
  renderPage(<TicketImportPage />, {
    url: '/ticket/import/index',
    history: ['/ticket/index'],
    meta: pageMeta('TicketImport', '导入发票'),
    calls,
  });

describe('TicketImportPage', () => {
  test('拍照/相册 and 手动输入 open their pages', () => {
    const { url } = open();
    fireEvent.click(screen.getByRole('button', { name: /^拍照\/相册/ }));
    expect(url()).toBe('/ticket/import/image');
    cleanup();
    const second = open();
    fireEvent.click(screen.getByRole('button', { name: /^手动输入/ }));
    expect(second.url()).toBe('/ticket/import/input');
  });

  test('扫码 in WeChat: signed for this page, WeChat’s scanner reads the code, its fields are shown to confirm and added', async () => {
    rs.useFakeTimers({ toFake: ['Date'] });
    rs.setSystemTime(new Date('2026-11-25T04:00:00.000Z'));
    inWechat();
    wx.scanQRCode.mockImplementation((options: { success(answer: { resultStr: string }): void }) =>
      options.success({ resultStr: FIXTURE_QR }),
    );
    const { api, url } = open({
      'wechat/jsapiConfig': ok({ appId: 'wx123', timestamp: 1_790_000_000, nonceStr: 'abc', signature: 'sig' }),
      'ticket/import': ok({ ticket: { id: 'ticket-8' }, taskId: 'task-8' }),
    });
    fireEvent.click(screen.getByRole('button', { name: /^扫码/ }));
    const found = await screen.findByRole('region', { name: '识别结果' });
    expect(within(found).getByText('26332000000123456789')).toBeTruthy();
    expect(api.bodiesOf('wechat/jsapiConfig')).toEqual([{ url: window.location.href.split('#')[0] }]);
    expect(wx.config).toHaveBeenCalledWith(expect.objectContaining({ appId: 'wx123', signature: 'sig', jsApiList: ['scanQRCode'] }));
    fireEvent.click(screen.getByRole('button', { name: '加入票夹' }));
    await waitFor(() => expect(url()).toBe('/ticket/detail?id=ticket-8'));
    expect(api.bodiesOf('ticket/import')).toEqual([
      { source: '扫码', type: '数电普票', number: '26332000000123456789', issueDate: '2026-11-20', netFen: 123_450 },
    ]);
  });

  test('the JS-SDK is signed for this page, on iOS for the address the app was opened at', () => {
    sessionStorage.setItem(INPUT_URL_STORAGE_KEY, 'http://localhost:3000/?from=menu#top');
    try {
      expect(signedPageUrl()).toBe(window.location.href.split('#')[0]);
      Object.defineProperty(navigator, 'userAgent', {
        value: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) MicroMessenger/8.0.50',
        configurable: true,
      });
      expect(signedPageUrl()).toBe('http://localhost:3000/?from=menu');
    } finally {
      sessionStorage.removeItem(INPUT_URL_STORAGE_KEY);
    }
  });

  test('扫码 outside WeChat never asks for a signature: a plain browser, or one that only says it is WeChat', async () => {
    for (const pretend of [() => undefined, wechatUserAgent]) {
      pretend();
      const { api } = open({ 'wechat/jsapiConfig': fail(4000, '只能为本应用的页面签名') });
      fireEvent.click(screen.getByRole('button', { name: /^扫码/ }));
      // happy-dom has no camera: what to do instead, at once.
      expect(await screen.findByText(NO_SCANNER_MESSAGE)).toBeTruthy();
      expect(api.bodiesOf('wechat/jsapiConfig')).toEqual([]);
      cleanup();
      document.body.innerHTML = '';
    }
  });

  test('扫码 where neither WeChat’s scanner nor a camera can be had says what to do instead', async () => {
    inWechat();
    const { api } = open({ 'wechat/jsapiConfig': fail(2005, '未配置微信公众号') });
    fireEvent.click(screen.getByRole('button', { name: /^扫码/ }));
    expect(await screen.findByText(NO_SCANNER_MESSAGE)).toBeTruthy();
    expect(api.bodiesOf('wechat/jsapiConfig')).toHaveLength(1);
  });
});
