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

/** A copy of `held` that the browser acts on: its attributes but the marks that held it back. */
function started<E extends HTMLElement>(document: Document, held: E, tag: 'link' | 'script', leaveOut: string[]): E {
  const element = document.createElement(tag) as HTMLElement as E;
  for (const { name, value } of held.attributes) if (!leaveOut.includes(name)) element.setAttribute(name, value);
  return element;
}

function startHeldBack(document: Document): void {
  for (const held of document.querySelectorAll<HTMLLinkElement>(`link[${HELD_BACK}]`)) {
    const link = started(document, held, 'link', [HELD_BACK]);
    link.rel = held.getAttribute(HELD_BACK) ?? '';
    held.replaceWith(link);
  }
  for (const held of document.querySelectorAll<HTMLScriptElement>(`script[${HELD_BACK}]`)) {
    const script = started(document, held, 'script', [HELD_BACK, 'type']);
    // In the order written, as the deferred scripts they stand for would run.
    script.async = false;
    held.replaceWith(script);
  }
}

/** Starts what the page holds back once the document is parsed and its next frame drawn. */
export function startAfterPaint(page: Window & typeof globalThis = window): void {
  const { document } = page;
  const afterNextFrame = () => {
    // A frame's callbacks run before it is drawn, a task they queue after it. A hidden page draws no frame.
    if (document.visibilityState === 'hidden') startHeldBack(document);
    else page.requestAnimationFrame(() => page.setTimeout(() => startHeldBack(document), 0));
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', afterNextFrame, { once: true });
  else afterNextFrame();
}
