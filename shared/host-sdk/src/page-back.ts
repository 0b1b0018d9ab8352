/**
 * What 返回 does when the page has no back of its own (docs/product.md, "Screens and the host"): the previous page when
 * the app put one behind this entry, otherwise it leaves the app. A page opened from outside (a scanned code, a link in
 * a chat, a menu, the return from signing in) has no page of the app behind it — only about:blank, the chat, or the
 * sign-in chooser — so there 返回 closes the page inside WeChat or Alipay (their JS bridges), and goes home elsewhere.
 *
 * The page owner (the host's layout, a lean page's frame) decides this and hands it to @app/ui's Page.
 */
import { detectInAppBrowser, type InAppBrowser } from './in-app-browser';

interface WeixinBridge {
  invoke(name: 'closeWindow', params: Record<string, never>, callback: (answer: { err_msg?: string }) => void): void;
}

interface AlipayBridge {
  call(name: 'popWindow'): void;
}

type BridgeWindow = Window & { WeixinJSBridge?: WeixinBridge; AlipayJSBridge?: AlipayBridge };

/**
 * Whether the app's router put a page of the app behind this history entry. react-router numbers the entries it pushes
 * in `history.state.idx` (0 for the entry a document was loaded into, kept across reloads and back/forward); a
 * document loaded by any other means (typed, scanned, redirected back from signing in) starts at none. Not
 * `history.length`, which counts the pages of other sites and the sign-in pages too.
 */
export function hasAppHistory(state: unknown = window.history.state): boolean {
  const index = typeof state === 'object' && state !== null ? (state as { idx?: unknown }).idx : undefined;
  return typeof index === 'number' && index > 0;
}

/**
 * Leaves the app from a page that has nothing of the app behind it: WeChat's `closeWindow` or Alipay's `popWindow`
 * close the in-app browser's page; without the bridge (another browser, or one not injected yet) `goHome`.
 */
export function leaveApp(goHome: () => void, browser: InAppBrowser = detectInAppBrowser(navigator.userAgent)): void {
  const bridges = window as BridgeWindow;
  if (browser.wechat && bridges.WeixinJSBridge) {
    bridges.WeixinJSBridge.invoke('closeWindow', {}, (answer) => {
      if (answer.err_msg !== undefined && !answer.err_msg.endsWith(':ok')) goHome();
    });
  } else if (browser.alipay && bridges.AlipayJSBridge) {
    bridges.AlipayJSBridge.call('popWindow');
  } else {
    goHome();
  }
}

/** 返回: `back` when the app put a page behind this one, else leave the app (`goHome` outside WeChat and Alipay). */
export function pageBack({ back, goHome }: { back: () => void; goHome: () => void }): void {
  if (hasAppHistory()) back();
  else leaveApp(goHome);
}
