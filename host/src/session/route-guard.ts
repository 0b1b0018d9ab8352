/**
 * The route guard (docs/product.md, "Screens and the host"), run before every page: takes a token from the address, sends users of a closed service
 * to services-close, sends signed-out users to sign in, and loads the signed-in user before the first page.
 */
import { replace } from 'react-router-dom';
import { appHref } from '@app/host-sdk/paths';
import type { RouteMeta } from '@app/host-sdk/route-meta';
import { needsAgreement } from '@app/host-sdk/roles';
import { clearSession, getToken, servicesConfigAtom, sessionStore, setToken, TEST_FLAG_STORAGE_KEY, userDetailAtom } from '@app/host-sdk/session';
import { loadUserDetail } from '@app/host-sdk/session-loader';
import { openAgreementDialog } from '@app/host-sdk/dialogs';
import { authorizeUrl, canAuthorizeHere, OPEN_IN_APP_MESSAGE } from './authorize';
import { loadDialog } from '@app/ui/feedback';

const NEVER = new Promise<never>(() => {});

/** Leaves the app for the sign-in page; the navigation stays pending while the browser goes. */
export function reauthorize(returnPath = window.location.pathname + window.location.search): Promise<never> {
  clearSession();
  window.location.replace(authorizeUrl(returnPath));
  return NEVER;
}

function isServiceClosed(): boolean {
  const config = sessionStore.get(servicesConfigAtom);
  const available = config?.systemServiceConfig.available ?? 'all';
  return available === 'none' || (available === 'self' && sessionStorage.getItem(TEST_FLAG_STORAGE_KEY) !== 'true');
}

let userLoading: Promise<unknown> | null = null;

async function ensureUser(): Promise<void> {
  if (sessionStore.get(userDetailAtom)) return;
  userLoading ??= loadUserDetail().finally(() => (userLoading = null));
  try {
    await userLoading;
  } catch {
    const dialog = await loadDialog();
    await dialog.alert({ title: '错误', content: '登录信息失效', confirmText: '确定' });
    await reauthorize();
  }
  const user = sessionStore.get(userDetailAtom);
  if (needsAgreement(user)) void openAgreementDialog();
}

export async function guard(request: Request, meta: RouteMeta): Promise<Response | null> {
  const url = new URL(request.url);
  const path = `${url.pathname}${url.search}`;

  // A token (or the tester flag) in the address is kept and removed from it, without a history entry.
  const token = url.searchParams.get('token');
  const testFlag = url.searchParams.get(TEST_FLAG_STORAGE_KEY);
  if (token || testFlag !== null) {
    if (token) setToken(token);
    if (testFlag !== null) sessionStorage.setItem(TEST_FLAG_STORAGE_KEY, String(testFlag === 'true'));
    url.searchParams.delete('token');
    url.searchParams.delete(TEST_FLAG_STORAGE_KEY);
    return replace(`${url.pathname}${url.search}${url.hash}`);
  }

  if (meta.name !== 'ServicesClose' && isServiceClosed()) {
    return replace(appHref('servicesClose', {}, { returnUrl: path }));
  }

  if (!meta.auth) return null;
  if (!getToken()) {
    const demo = sessionStore.get(servicesConfigAtom)?.demo ?? false;
    if (canAuthorizeHere(demo)) return reauthorize(path);
    void loadDialog().then((dialog) => dialog.alert({ content: OPEN_IN_APP_MESSAGE, confirmText: '知道了' }));
    return meta.name === 'Login' ? null : replace(appHref('login', {}, { returnUrl: path }));
  }
  await ensureUser();
  return null;
}
