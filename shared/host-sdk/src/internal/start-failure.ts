/**
 * A start-up that cannot finish (docs/architecture.md, "First screens from the server"): when a file of the host's own
 * start-up fails to load before the app is there, the screen the user sees (the server's painted first screen, or the
 * shell) says so and offers 刷新, rather than looking alive with buttons that never answer. Run by the host page's early
 * script (`early-calls.ts`); the app's first render removes the message with the screen it sits in. Another remote's
 * file is left to the host, which shows that page's own failure once it is up.
 */
import type { FIRST_SCREEN_ATTRIBUTE } from '@app/contract/first-screen';

// The contract's value, spelled here: the contract reaches a browser as types only (its type checks the spelling).
const PAINTED: typeof FIRST_SCREEN_ATTRIBUTE = 'data-first-screen';
/** The page's root while it holds the screen the server painted, until the app has hydrated it. */
export const PAINTED_ROOT = `#root[${PAINTED}]`;
/** The message's class, styled by the host's page (shared/build-config/html/host.html). */
export const START_FAILED_CLASS = 'app-start-failed';
export const START_FAILED_MESSAGE = '页面加载失败，请刷新后重试';

/** The host's own file: of this origin, at the host's release path or outside every remote's. */
function isHostFile(url: string, page: Location): boolean {
  try {
    const { origin, pathname } = new URL(url, page.href);
    return origin === page.origin && (pathname.startsWith('/remotes/host/') || !pathname.startsWith('/remotes/'));
  } catch {
    return false;
  }
}

function showFailure(document: Document, reload: () => void): void {
  const screen = document.querySelector(PAINTED_ROOT) ?? document.querySelector('#root > .app-shell');
  if (!screen || screen.querySelector(`.${START_FAILED_CLASS}`)) return;
  const bar = document.createElement('div');
  bar.className = START_FAILED_CLASS;
  bar.setAttribute('role', 'alert');
  const text = document.createElement('span');
  text.textContent = START_FAILED_MESSAGE;
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = '刷新';
  button.addEventListener('click', reload);
  bar.append(text, button);
  screen.append(bar);
}

/** Watches the page's files from now on; `reload` is what 刷新 does. Returns what stops watching. */
export function watchStartFailure(
  page: Window & typeof globalThis = window,
  reload: () => void = () => page.location.reload(),
): () => void {
  const failed = (event: Event) => {
    const target = event.target;
    const url = target instanceof page.HTMLScriptElement ? target.src : target instanceof page.HTMLLinkElement ? target.href : '';
    if (!url || !isHostFile(url, page.location)) return;
    const { document } = page;
    if (document.readyState === 'loading')
      document.addEventListener('DOMContentLoaded', () => showFailure(document, reload), { once: true });
    else showFailure(document, reload);
  };
  // A file's failure does not bubble: it is seen on its way down.
  page.addEventListener('error', failed, true);
  return () => page.removeEventListener('error', failed, true);
}
