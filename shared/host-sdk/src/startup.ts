/**
 * The start of a page load, for whoever owns the page: the host, or a lean page (`lean-page`) (docs/product.md,
 * "Screens and the host"): the start address is saved, the service config loads before anything is shown (a failure
 * says 出错了 with 刷新), and a build older than the config's frontVersion reloads without cache.
 */
import type { ServicesConfig } from '@app/contract/service';
import { loadDialog } from '@app/ui/feedback';
import type { ApiError } from './api-client';
import { reloadForFrontVersion } from './front-version';
import { INPUT_URL_STORAGE_KEY, keepStartUrl } from './session';
import { loadServicesConfig } from './session-loader';

export const STARTUP_FAILED_MESSAGE = '连接服务器失败,请刷新后重试。';

/** How long the start address may wait for an idle moment before it is written anyway. */
const START_URL_IDLE_TIMEOUT_MS = 1_000;

/**
 * Keeps the address the app was opened with, as it is now: at once for this page (`startUrl()` in session.ts), and in
 * sessionStorage `inputUrl` in a task of its own when the browser is next idle (within a second, or as the page is
 * left if sooner): a page's first use of sessionStorage waits on the browser for the whole storage area, which would
 * lengthen the start-up's task it ran in (docs/architecture.md, "One fast first load": short tasks).
 */
export function saveStartUrl(): void {
  const href = window.location.href;
  keepStartUrl(href);
  let saved = false;
  const save = () => {
    if (saved) return;
    saved = true;
    window.removeEventListener('pagehide', save);
    sessionStorage.setItem(INPUT_URL_STORAGE_KEY, href);
  };
  window.addEventListener('pagehide', save);
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(save, { timeout: START_URL_IDLE_TIMEOUT_MS });
  else setTimeout(save, 0);
}

/**
 * The service config, once loaded (`loading`: a `loadServicesConfig()` already started, so it can run beside other
 * start-up calls). Resolves null when the page must not go on: the config failed (出错了 is shown; 刷新 reloads), or a
 * newer front version is required (the reload has started). `setupUi()` must have run, for the dialog.
 */
export async function loadStartupConfig(loading: Promise<ServicesConfig> = loadServicesConfig()): Promise<ServicesConfig | null> {
  let config: ServicesConfig;
  try {
    config = await loading;
  } catch (error) {
    const failure = error as ApiError;
    const dialog = await loadDialog();
    await dialog.alert({
      title: '出错了',
      content: failure.errorCode != null ? failure.message : STARTUP_FAILED_MESSAGE,
      confirmText: '刷新',
      onConfirm: () => window.location.reload(),
    });
    return null;
  }
  if (reloadForFrontVersion(config.frontVersion)) return null;
  return config;
}
