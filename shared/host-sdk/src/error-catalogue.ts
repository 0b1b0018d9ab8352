/**
 * The error catalogue (docs/product.md, "Errors"): what the app does when a call fails, whoever made it. Installed once into the API
 * client by whoever owns the page (the host, or a lean page); a caller that handles a code itself says so (`handles`),
 * e.g. 2001 "task exists" in the login dialog.
 */
import { setApiErrorHandler, type ApiError } from './api-client';
import { reauthorize } from './authorize';
import { openAgreementDialog } from './dialogs';
import { appHref } from './paths';
import { clearCompanyState } from './session';
import { loadDialog, loadToast } from '@app/ui/feedback';

export interface CatalogueActions {
  /** Goes to an address of the app: the host's router, or `location.assign` on a lean page (which loads the host). */
  navigate(path: string): void;
}

/** One dialog at a time: a burst of failing calls shows the catalogue's dialog once. */
let showing = false;

async function once(show: () => Promise<void>): Promise<void> {
  if (showing) return;
  showing = true;
  try {
    await show();
  } finally {
    showing = false;
  }
}

export function handleApiError(error: ApiError, actions: CatalogueActions): void {
  switch (error.errorCode) {
    case 1001:
    case 1002:
      void once(async () => {
        const dialog = await loadDialog();
        await dialog.alert({ title: '登录已失效', content: '请点击确定重新登录', confirmText: '确定' });
        void reauthorize();
      });
      return;
    case 1003:
    case 1004:
      // The session stays (signing in again would not change the answer): what was loaded about the user and the
      // company is forgotten, and home loads it afresh.
      void once(async () => {
        const dialog = await loadDialog();
        await dialog.alert({ title: '权限不足', content: error.message, confirmText: '确定' });
        clearCompanyState();
        actions.navigate(appHref('home'));
      });
      return;
    case 2003:
      void once(async () => {
        const dialog = await loadDialog();
        const contact = await dialog.confirm({ title: '服务已过期', content: error.message, confirmText: '联系客服', cancelText: '取消' });
        if (contact) actions.navigate(appHref('myContactUs', {}, { auto: 'workWechat' }));
      });
      return;
    case 2001:
      // The caller reuses the task it saved (see pending-tasks in @app/host-sdk).
      return;
    case 2007:
      // Acting at the tax bureau needs the accepted authorisation agreement: the agreement dialog, then the user tries again.
      void openAgreementDialog();
      return;
    case null:
      // No answer (network error, time-out) or a client-side refusal (no-repeat): a warning for a second.
      void loadToast().then((toast) => toast.show({ icon: 'fail', content: error.message, duration: 1000 }));
      return;
    default:
      void loadToast().then((toast) => toast.show({ content: error.message || '请求失败,请重试', duration: 2000 }));
  }
}

export function installErrorCatalogue(actions: CatalogueActions): void {
  setApiErrorHandler((error) => handleApiError(error, actions));
}
