/**
 * Sending the user to sign in: `/api/auth/authorize` with authType, qrcode, returnUrl (with a time stamp) and
 * isWorkWechat (docs/architecture.md, "The API and its contract"). The server redirects to WeChat or Alipay, or shows the demo provider.
 */
import { detectInAppBrowser, isInApp } from './in-app-browser';

export const OPEN_IN_APP_MESSAGE = '请在微信或支付宝中打开此页面';

export function authorizeUrl(returnPath: string, userAgent = navigator.userAgent): string {
  const browser = detectInAppBrowser(userAgent);
  const returnUrl = new URL(returnPath, 'http://app.invalid');
  returnUrl.searchParams.delete('token');
  returnUrl.searchParams.set('t', String(Date.now()));
  const query = new URLSearchParams({
    authType: browser.alipay ? 'alipay' : 'wechat',
    qrcode: returnUrl.searchParams.get('qrcode') ?? '',
    returnUrl: `${returnUrl.pathname}${returnUrl.search}${returnUrl.hash}`,
    isWorkWechat: String(browser.workWechat),
  });
  return `/api/auth/authorize?${query}`;
}

/** Whether sign-in can start here: inside WeChat or Alipay, or anywhere with the demo provider. */
export function canAuthorizeHere(demo: boolean, userAgent = navigator.userAgent): boolean {
  return demo || isInApp(detectInAppBrowser(userAgent));
}
