/**
 * A painted page's app starts after the painted screen is drawn (docs/architecture.md, "First screens from the
 * server"). The server writes the host's entry inert in such a page, and each preload of the app's files without its
 * `rel` (`AFTER_PAINT_ATTRIBUTE`, server/src/releases/after-paint.ts). Run by the host page's early script
 * (`early-calls.ts`): once the document is parsed and its next frame drawn, each preload is started, then each held-back
 * script in the order written.
 */
import type { AFTER_PAINT_ATTRIBUTE } from '@app/contract/first-screen';

// The contract's value, spelled here: the contract reaches a browser as types only (its type checks the spelling).
const HELD_BACK: typeof AFTER_PAINT_ATTRIBUTE = 'data-after-paint';

/** Starts each held-back preload where it stands: its `rel` back (a copy put in its place cost far more). */
function startPreloads(document: Document): void {
  for (const held of document.querySelectorAll<HTMLLinkElement>(`link[${HELD_BACK}]`)) {
    held.rel = held.getAttribute(HELD_BACK) ?? '';
    held.removeAttribute(HELD_BACK);
  }
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

/** The preloads, then the scripts in a task of their own: the browser's work as they start is split in two. */
function startHeldBack(page: Window & typeof globalThis): void {
  startPreloads(page.document);
  page.setTimeout(() => startScripts(page.document), 0);
}

/** Starts what the page holds back once the document is parsed and its next frame drawn. */
export function startAfterPaint(page: Window & typeof globalThis = window): void {
  const { document } = page;
  const afterNextFrame = () => {
    // A frame's callbacks run before it is drawn, a task they queue after it. A hidden page draws no frame.
    if (document.visibilityState === 'hidden') startHeldBack(page);
    else page.requestAnimationFrame(() => page.setTimeout(() => startHeldBack(page), 0));
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', afterNextFrame, { once: true });
  else afterNextFrame();
}
