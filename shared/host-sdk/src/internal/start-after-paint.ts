/**
 * A painted page's app starts after the painted screen is on the screen (docs/architecture.md, "First screens from the
 * server"). The server writes the host's entry inert in such a page, and each preload of the app's files without its
 * `rel` (`AFTER_PAINT_ATTRIBUTE`, server/src/releases/after-paint.ts). Run by the host page's early script
 * (`early-calls.ts`): once the document is parsed and its first contentful paint shown, each preload is started, then
 * each held-back script in the order written.
 */
import type { AFTER_PAINT_ATTRIBUTE } from '@app/contract/first-screen';

// The contract's value, spelled here: the contract reaches a browser as types only (its type checks the spelling).
const HELD_BACK: typeof AFTER_PAINT_ATTRIBUTE = 'data-after-paint';

/** Starts a held-back preload where it stands: its `rel` back (a copy put in its place cost far more). */
function startPreload(held: HTMLLinkElement): void {
  held.rel = held.getAttribute(HELD_BACK) ?? '';
  held.removeAttribute(HELD_BACK);
}

/**
 * Starts each held-back script, in the order written, as the deferred scripts they stand for would run: a copy
 * without the marks in its place (a script element changing its type is not run).
 */
function startScripts(document: Document): void {
  for (const held of document.querySelectorAll<HTMLScriptElement>(`script[${HELD_BACK}]`)) {
    const script = document.createElement('script');
    for (const { name, value } of held.attributes) if (name !== HELD_BACK && name !== 'type') script.setAttribute(name, value);
    script.async = false;
    held.replaceWith(script);
  }
}

/**
 * Each preload in a task of its own, in the order written, then the scripts in the next: each request started is the
 * browser's work on the main thread, and all of them in one task made one long task. The timers are set together, not
 * one from another: a chain of them is slowed to 4 ms a step past the fifth, and to one a second in a hidden page.
 */
function startHeldBack(page: Window & typeof globalThis): void {
  for (const preload of page.document.querySelectorAll<HTMLLinkElement>(`link[${HELD_BACK}]`)) {
    page.setTimeout(() => startPreload(preload), 0);
  }
  page.setTimeout(() => startScripts(page.document), 0);
}

/**
 * How long the app waits for the browser to report the screen's first contentful paint: a safety net (a page that
 * paints nothing the browser counts), never the usual way.
 */
export const PAINT_WAIT_LIMIT_MS = 3_000;

/**
 * Calls `then` once, in a task of its own, after the page's first contentful paint has been shown: the browser
 * reports it (Paint Timing) after the frame is on the screen, where a frame's callbacks run before it is drawn, and
 * a frame drawn may still be held back from the screen, or hold only the background, while the page's script would
 * already be starting the app. Without Paint Timing, after the next frame; in a page that is hidden meanwhile (it
 * draws nothing), at once.
 */
function afterContentfulPaint(page: Window & typeof globalThis, then: () => void): void {
  const { document } = page;
  let done = false;
  let observer: PerformanceObserver | undefined;
  const once = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    page.clearTimeout(limit);
    document.removeEventListener('visibilitychange', hidden);
    page.setTimeout(then, 0);
  };
  const hidden = () => {
    if (document.visibilityState === 'hidden') once();
  };
  const limit = page.setTimeout(once, PAINT_WAIT_LIMIT_MS);
  document.addEventListener('visibilitychange', hidden);
  if (!page.PerformanceObserver?.supportedEntryTypes?.includes('paint')) {
    page.requestAnimationFrame(once);
    return;
  }
  observer = new page.PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length) once();
  });
  observer.observe({ type: 'paint', buffered: true });
}

/** Starts what the page holds back once the document is parsed and its first contentful paint shown. */
export function startAfterPaint(page: Window & typeof globalThis = window): void {
  const { document } = page;
  const parsed = () => {
    if (document.visibilityState === 'hidden') startHeldBack(page);
    else afterContentfulPaint(page, () => startHeldBack(page));
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', parsed, { once: true });
  else parsed();
}
