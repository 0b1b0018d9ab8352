/**
 * Sending the user to sign in: `/api/auth/authorize` with authType, qrcode, returnUrl (with a time stamp) and
 * isWorkWechat (docs/architecture.md, "The API and its contract"), and the challenge of the sign-in handover (the
 * SHA-256 of a verifier this browser keeps, see internal/sign-in-handover.ts): the sign-in comes back with a one-time
 * code only this browser can exchange for the session. The server redirects to WeChat or Alipay, or shows the demo
 * provider. The host's route guard, its error catalogue, its login page and a lean page (`lean-page`) all sign in
 * this way.
 */
import { detectInAppBrowser, isInApp } from './in-app-browser';
import { SIGN_IN_CODE_PARAMETER, startSignIn } from './internal/sign-in-handover';
import { clearSession } from './session';

export const OPEN_IN_APP_MESSAGE = '请在微信或支付宝中打开此页面';

/**
 * The address that signs the user in and comes back to `returnPath`. Each call starts a sign-in: a new verifier is
 * kept (replacing an earlier one), so build it only to go there.
 */
export async function authorizeUrl(returnPath: string, userAgent = navigator.userAgent): Promise<string> {
  const challenge = await startSignIn();
  const browser = detectInAppBrowser(userAgent);
  const returnUrl = new URL(returnPath, 'http://app.invalid');
  returnUrl.searchParams.delete('token');
  returnUrl.searchParams.delete(SIGN_IN_CODE_PARAMETER);
  returnUrl.searchParams.set('t', String(Date.now()));
  const query = new URLSearchParams({
    authType: browser.alipay ? 'alipay' : 'wechat',
    qrcode: returnUrl.searchParams.get('qrcode') ?? '',
    returnUrl: `${returnUrl.pathname}${returnUrl.search}${returnUrl.hash}`,
    isWorkWechat: String(browser.workWechat),
    challenge,
  });
  return `/api/auth/authorize?${query}`;
}

/** Whether sign-in can start here: inside WeChat or Alipay, or anywhere with the demo provider. */
export function canAuthorizeHere(demo: boolean, userAgent = navigator.userAgent): boolean {
  return demo || isInApp(detectInAppBrowser(userAgent));
}

const NEVER = new Promise<never>(() => {});

/**
 * Forgets the session and leaves the app for the sign-in page (it comes back to `returnPath`). The promise never
 * settles: whatever waits on it (a navigation, a start-up) stays pending while the browser goes.
 */
export function reauthorize(returnPath = window.location.pathname + window.location.search): Promise<never> {
  clearSession();
  void authorizeUrl(returnPath).then((url) => window.location.replace(url));
  return NEVER;
}
