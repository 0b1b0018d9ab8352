/**
 * The route guard's rules without a router (docs/product.md, "Screens and the host"): what the host's guard runs
 * before every page, and a lean page (`lean-page`) before its one page. What the address carries for the session is
 * taken out of it: a sign-in code is exchanged for the session (the handover, internal/sign-in-handover.ts), a token is
 * dropped and never stored, the tester flag is kept; a closed service sends everyone to services-close; a signed-out
 * visitor of a page that needs sign-in goes to sign in (or, outside WeChat and Alipay with a real provider, is told to
 * open the page there); a signed-in user's detail loads before the first page, with the agreement gate.
 */
import { openAgreementDialog } from './dialogs';
import { loadDialog } from '@app/ui/feedback';
import { canAuthorizeHere, OPEN_IN_APP_MESSAGE, reauthorize } from './authorize';
import { exchangeSignInCode, SIGN_IN_CODE_PARAMETER, type HandoverOutcome } from './internal/sign-in-handover';
import { appHref } from './paths';
import { needsAgreement } from './roles';
import { servicesConfigAtom, sessionStore, TEST_FLAG_STORAGE_KEY, userDetailAtom } from './session';
import { loadUserDetail } from './session-loader';

/** The title of what a failed sign-in handover says. */
export const SIGN_IN_FAILED_TITLE = '登录未完成';

/** The exchange of a sign-in code taken from the address, and the wait for it that tells a failure (once). */
let handover: { exchanging: Promise<HandoverOutcome>; settled: Promise<void> | null } | null = null;

/**
 * Takes out of the address what it carries for the session and returns the address without it (path, query and
 * hash), for the caller to replace without a history entry; null when the address carries none of it:
 *
 * - `signin`, the one-time code a sign-in returns with: its exchange starts (`settleSignIn` waits for it). Only the
 *   browser that started that sign-in holds the verifier it needs, so a code in a link someone else made signs nobody in.
 * - `token`: dropped, never stored. A sign-in never returns with one; a token in an address can only be a link made to
 *   sign whoever opens it into the account it belongs to (docs/product.md, "Route guard": it is removed from the
 *   address, and navigation continues).
 * - `_test_`, the tester flag: kept for the session.
 */
export function takeSessionFromAddress(url: URL): string | null {
  const code = url.searchParams.get(SIGN_IN_CODE_PARAMETER);
  const testFlag = url.searchParams.get(TEST_FLAG_STORAGE_KEY);
  if (code === null && testFlag === null && !url.searchParams.has('token')) return null;
  if (code) handover = { exchanging: exchangeSignInCode(code), settled: null };
  if (testFlag !== null) sessionStorage.setItem(TEST_FLAG_STORAGE_KEY, String(testFlag === 'true'));
  const rest = new URL(url);
  for (const name of ['token', SIGN_IN_CODE_PARAMETER, TEST_FLAG_STORAGE_KEY]) rest.searchParams.delete(name);
  return `${rest.pathname}${rest.search}${rest.hash}`;
}

/**
 * What a page load does first (the host's start-up, a lean page): takes the session out of the page's own address
 * and replaces the address at once (history.replaceState), before anything else can read, log or share it.
 */
export function takeSessionFromLocation(): void {
  const cleaned = takeSessionFromAddress(new URL(window.location.href));
  if (cleaned !== null) window.history.replaceState(window.history.state, '', cleaned);
}

/** Whether a sign-in code taken from the address is being exchanged (a session is probably on its way). */
export function signingIn(): boolean {
  return handover !== null;
}

/** Resolves when the exchange of a sign-in code taken from the address has ended (at once when there is none). */
export async function signInExchanged(): Promise<void> {
  await handover?.exchanging;
}

/**
 * Waits for the exchange of a sign-in code taken from the address, if there is one. A failed exchange (another
 * browser's code, used, expired, no answer) says so, 登录未完成 with the reason, once whoever else waits, and changes
 * nothing: a visitor signed out before is still signed out and signs in as any is (the guard's next step: after the
 * alert, so a sign-in that keeps failing never loops on its own), one signed in before stays who they were. The
 * dialog needs `setupUi()` to have run.
 */
export function settleSignIn(): Promise<void> {
  const current = handover;
  if (!current) return Promise.resolve();
  current.settled ??= current.exchanging
    .then(async (outcome) => {
      if (outcome.signedIn) return;
      const dialog = await loadDialog();
      await dialog.alert({ title: SIGN_IN_FAILED_TITLE, content: outcome.message, confirmText: '确定' });
    })
    .finally(() => {
      if (handover === current) handover = null;
    });
  return current.settled;
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
