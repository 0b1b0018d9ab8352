/**
 * The route guard's rules without a router (docs/product.md, "Screens and the host"): what the host's guard runs
 * before every page, and a lean page (`lean-page`) before its one page. A token (or the tester flag) in the address is
 * kept and taken out of it; a closed service sends everyone to services-close; a signed-out visitor of a page that
 * needs sign-in goes to sign in (or, outside WeChat and Alipay with a real provider, is told to open the page there);
 * a signed-in user's detail loads before the first page, with the agreement gate.
 */
import { openAgreementDialog } from './dialogs';
import { loadDialog } from '@app/ui/feedback';
import { canAuthorizeHere, OPEN_IN_APP_MESSAGE, reauthorize } from './authorize';
import { appHref } from './paths';
import { needsAgreement } from './roles';
import { servicesConfigAtom, sessionStore, setToken, TEST_FLAG_STORAGE_KEY, userDetailAtom } from './session';
import { loadUserDetail } from './session-loader';

/**
 * Keeps a token (and the `_test_` flag) found in the address and returns the address without them (path, query and
 * hash), for the caller to replace without a history entry; null when the address has neither.
 */
export function takeSessionFromAddress(url: URL): string | null {
  const token = url.searchParams.get('token');
  const testFlag = url.searchParams.get(TEST_FLAG_STORAGE_KEY);
  if (!token && testFlag === null) return null;
  if (token) setToken(token);
  if (testFlag !== null) sessionStorage.setItem(TEST_FLAG_STORAGE_KEY, String(testFlag === 'true'));
  const rest = new URL(url);
  rest.searchParams.delete('token');
  rest.searchParams.delete(TEST_FLAG_STORAGE_KEY);
  return `${rest.pathname}${rest.search}${rest.hash}`;
}

/** Whether the loaded service config closes the app to this session: `none`, or `self` without `_test_` = true. */
export function isServiceClosed(): boolean {
  const config = sessionStore.get(servicesConfigAtom);
  const available = config?.systemServiceConfig.available ?? 'all';
  return available === 'none' || (available === 'self' && sessionStorage.getItem(TEST_FLAG_STORAGE_KEY) !== 'true');
}

/** The services-close page, coming back to `returnPath` when the service opens again. */
export function servicesCloseHref(returnPath: string): string {
  return appHref('servicesClose', {}, { returnUrl: returnPath });
}

/** What happens to a signed-out visitor of a page that needs sign-in. */
export type SignedOutStep =
  /** Sent to sign in (WeChat, Alipay or the demo provider); `leaving` never settles. */
  | { kind: 'authorize'; leaving: Promise<never> }
  /** Outside WeChat and Alipay with a real provider: told 请在微信或支付宝中打开此页面 (`told` resolves when the
   * alert is acknowledged); the login page is next. */
  | { kind: 'open-in-app'; loginHref: string; told: Promise<void> };

export function signedOutStep(path: string, demo = sessionStore.get(servicesConfigAtom)?.demo ?? false): SignedOutStep {
  if (canAuthorizeHere(demo)) return { kind: 'authorize', leaving: reauthorize(path) };
  const told = loadDialog().then((dialog) => dialog.alert({ content: OPEN_IN_APP_MESSAGE, confirmText: '知道了' }));
  return { kind: 'open-in-app', loginHref: appHref('login', {}, { returnUrl: path }), told };
}

let userLoading: Promise<unknown> | null = null;

/**
 * Starts loading the signed-in user's detail, once at a time, so it can run beside other start-up calls;
 * `ensureUser()` waits for the same load and handles its failure.
 */
export function preloadUser(): Promise<unknown> {
  if (!userLoading) {
    const loading = loadUserDetail();
    userLoading = loading;
    // ensureUser() reports a failure; until it runs, the rejection is not unhandled.
    loading.catch(() => undefined);
  }
  return userLoading;
}

/**
 * The signed-in user's detail, loaded before the first page that needs sign-in. A failure (the token is no longer
 * valid) says 登录信息失效 and signs in again (never settles then). A company user who has not accepted the
 * authorisation agreement gets the agreement dialog.
 */
export async function ensureUser(): Promise<void> {
  // Loaded before, and checked then; a preload not yet waited for is checked now.
  if (!userLoading && sessionStore.get(userDetailAtom)) return;
  const loading = preloadUser();
  const done = () => {
    if (userLoading === loading) userLoading = null;
  };
  try {
    await loading;
    done();
  } catch {
    done();
    const dialog = await loadDialog();
    await dialog.alert({ title: '错误', content: '登录信息失效', confirmText: '确定' });
    await reauthorize();
  }
  const user = sessionStore.get(userDetailAtom);
  if (needsAgreement(user)) void openAgreementDialog();
}
