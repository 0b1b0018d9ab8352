/**
 * 扫码 on the import page. In WeChat: `wx.scanQRCode` of the JS-SDK, once `wx.config` has the page's signature from
 * `wechat/jsapiConfig` (the SDK is fetched only then, and only in WeChat: nothing is asked elsewhere). Elsewhere, or where the server has no
 * WeChat account (2005), the page offers the phone's camera when the browser has one (CameraScanner.tsx).
 */
import { ApiError, callApi } from '@app/host-sdk/api-client';
import { detectInAppBrowser } from '@app/host-sdk/in-app-browser';
import { startUrl } from '@app/host-sdk/session';
import type { CallResult } from '@app/contract/api';

/** What this page uses of the JS-SDK (`weixin-js-sdk`, WeChat's jweixin 1.6 from npm). */
interface Wx {
  config(config: { debug: boolean; appId: string; timestamp: number; nonceStr: string; signature: string; jsApiList: string[] }): void;
  ready(callback: () => void): void;
  error(callback: (error: { errMsg: string }) => void): void;
  scanQRCode(options: {
    needResult: 1;
    scanType: ('qrCode' | 'barCode')[];
    success(answer: { resultStr: string }): void;
    cancel(): void;
    fail(): void;
  }): void;
}

/**
 * The SDK, fetched on the first scan. Its module name goes through a string so that TypeScript leaves the package's own
 * typings out: they declare `window.WeixinJSBridge` and a global `WeixinJSBridge` differently from the payment remote's,
 * and every browser package shares one type-check program. The bundler still sees the literal and bundles it.
 */
const loadWx = (): Promise<Wx> => import('weixin-js-sdk' as string).then((module: { default: Wx }) => module.default);

export type WechatScan = { kind: 'text'; text: string } | { kind: 'cancelled' } | { kind: 'unavailable' };

/** A camera the page may ask for (getUserMedia exists only in secure contexts). */
export function hasCamera(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

/**
 * Whether the page runs in WeChat's own webview: its user agent says so, and WeChat gave the page its bridge (which
 * the JS-SDK needs). A browser that only borrows WeChat's user agent has no bridge, and no signature could serve it.
 */
export function inWechat(): boolean {
  return detectInAppBrowser(navigator.userAgent).wechat && 'WeixinJSBridge' in window;
}

/**
 * The page address `wx.config` is signed for, without its `#…`: the current one, but on iOS the one the app was opened
 * at (WeChat on iOS keeps the first address of a single-page app for the JS-SDK; the start-up saved it).
 */
export function signedPageUrl(): string {
  const ios = /iPhone|iPad|iPod/i.test(navigator.userAgent);
  const start = ios ? startUrl() : null;
  return (start ?? window.location.href).split('#')[0] ?? '';
}

/** Scans with WeChat's own scanner; `unavailable` when this page cannot (not signed for the JS-SDK, refused). */
export async function scanInWechat(): Promise<WechatScan> {
  let config: CallResult<'wechat/jsapiConfig'>;
  try {
    config = await callApi('wechat/jsapiConfig', { url: signedPageUrl() }, { handles: [2005, 4000] });
  } catch (error) {
    if (error instanceof ApiError && (error.errorCode === 2005 || error.errorCode === 4000)) return { kind: 'unavailable' };
    throw error;
  }
  const wx = await loadWx();
  const ready = await new Promise<boolean>((resolve) => {
    wx.config({
      debug: false,
      appId: config.appId,
      timestamp: config.timestamp,
      nonceStr: config.nonceStr,
      signature: config.signature,
      jsApiList: ['scanQRCode'],
    });
    wx.ready(() => resolve(true));
    wx.error(() => resolve(false));
  });
  if (!ready) return { kind: 'unavailable' };
  return new Promise<WechatScan>((resolve) => {
    wx.scanQRCode({
      needResult: 1,
      scanType: ['qrCode'],
      success: (answer) => resolve({ kind: 'text', text: answer.resultStr }),
      cancel: () => resolve({ kind: 'cancelled' }),
      fail: () => resolve({ kind: 'unavailable' }),
    });
  });
}
