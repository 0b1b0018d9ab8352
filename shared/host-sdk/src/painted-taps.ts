/**
 * A tap on a painted screen before the app is there (docs/architecture.md, "First screens from the server"): the
 * painted screen shows, but its buttons answer only once the app has taken its place. The page's early script keeps
 * such taps; once the app's first screen stands where the painted one stood, each is made again, in order, on the
 * element at the same place, so a user who tapped 开具发票 (or an amount on the cash desk's keypad) on a slow phone is
 * not left doing it twice. Only where the app drew the same element (the same tags down to it, the same text), still
 * the one under the tap's point (a sheet the tap before opened covers it) and only a recent tap: anything else is
 * dropped, as every tap was before. A link is left alone: it loads its page itself.
 */
import type { PAINTED_SCREEN_ID } from '@app/contract/first-screen';

// The contract's value, spelled here: the contract reaches a browser as types only (its type checks the spelling).
const PAINTED: typeof PAINTED_SCREEN_ID = 'painted-screen';

/** How long a kept tap may wait for the app: a tap much older than that is no longer what the user is waiting for. */
export const PAINTED_TAP_MAX_AGE_MS = 10_000;
/** The most taps kept: the latest ones. */
const MAX_TAPS = 20;

/** Where the element tapped stands: its index among its parent's elements, from the screen down, and what it is. */
export interface PaintedTap {
  path: number[];
  /** The elements' tag names along `path`, joined by `>`. */
  tags: string;
  /** The element's text, trimmed. */
  text: string;
  /** When it was tapped (performance.now()). */
  at: number;
  /** Where, for a tap of a finger or a pointer (a key's click has no point). */
  point: { clientX: number; clientY: number } | null;
}

interface Slot {
  taps: PaintedTap[];
  /** The app is there: taps are its own from now on. */
  over?: boolean;
}

const SLOT = '__appPaintedTap';

type WithSlot = typeof globalThis & { [SLOT]?: Slot };

function slot(page: typeof globalThis): Slot {
  const scope = page as WithSlot;
  scope[SLOT] ??= { taps: [] };
  return scope[SLOT];
}

/** Taps that are not the screen's: the link loads its page, the start-up's failure message reloads it. */
const NOT_KEPT = 'a[href], [role="alert"]';

function describe(screen: Element, target: Element, event: MouseEvent, at: number): PaintedTap | null {
  const path: number[] = [];
  const tags: string[] = [];
  for (let element: Element = target; element !== screen; ) {
    const parent = element.parentElement;
    if (!parent) return null;
    path.unshift(Array.prototype.indexOf.call(parent.children, element));
    tags.unshift(element.tagName);
    element = parent;
  }
  const text = target.textContent?.trim() ?? '';
  const point = event.detail > 0 ? { clientX: event.clientX, clientY: event.clientY } : null;
  return { path, tags: tags.join('>'), text, at, point };
}

/**
 * Keeps the taps on the screen `screen()` returns (null: nothing painted, or no longer; by default a tab's painted
 * screen), until the app takes it. Run by a page's early script, before anything is drawn; returns what stops keeping.
 */
export function keepPaintedTaps(screen?: () => Element | null, page: Window & typeof globalThis = window): () => void {
  const painted = screen ?? (() => page.document.getElementById(PAINTED));
  const kept = slot(page);
  kept.over = false;
  kept.taps = [];
  const keep = (event: MouseEvent) => {
    const shown = painted();
    const { target } = event;
    if (kept.over || !shown || !(target instanceof page.Element) || target === shown || !shown.contains(target)) return;
    if (target.closest(NOT_KEPT)) return;
    const tap = describe(shown, target, event, page.performance.now());
    if (tap) kept.taps = [...kept.taps, tap].slice(-MAX_TAPS);
  };
  page.document.addEventListener('click', keep, true);
  return () => page.document.removeEventListener('click', keep, true);
}

/** The element at `tap`'s place under `root`, if it is the same one: the same tags down to it, the same text. */
function sameElement(root: Element, tap: PaintedTap): Element | null {
  let element: Element | undefined = root;
  const tags: string[] = [];
  for (const index of tap.path) {
    element = element.children[index];
    if (!element) return null;
    tags.push(element.tagName);
  }
  if (tags.join('>') !== tap.tags || (element.textContent?.trim() ?? '') !== tap.text) return null;
  return element;
}

/**
 * Called as the app takes the painted screen over: from now on taps are the app's. The taps kept, the recent ones,
 * in order.
 */
export function takePaintedTaps(page: Window & typeof globalThis = window): PaintedTap[] {
  const kept = slot(page);
  const { taps } = kept;
  kept.over = true;
  kept.taps = [];
  const now = page.performance.now();
  return taps.filter((tap) => now - tap.at <= PAINTED_TAP_MAX_AGE_MS);
}

/**
 * Whether `element` would take a tap at `tap`'s point now: what is there is it, inside it or around it, not something
 * (a sheet, a dialog) standing over it.
 */
function underPoint(element: Element, tap: PaintedTap, page: Window & typeof globalThis): boolean {
  if (!tap.point) return true;
  const hit = page.document.elementFromPoint(tap.point.clientX, tap.point.clientY);
  return hit !== null && (element.contains(hit) || hit.contains(element));
}

/** Makes one tap again on the element the app drew at its place, when it is the same one and would take it now. */
function replay(root: Element, tap: PaintedTap, page: Window & typeof globalThis): void {
  const element = sameElement(root, tap);
  if (!element || element.closest('[inert], :disabled') || !underPoint(element, tap, page)) return;
  const init = { bubbles: true, cancelable: true, composed: true, view: page, detail: tap.point ? 1 : 0, ...tap.point };
  element.dispatchEvent(new page.MouseEvent('click', init));
}

/**
 * Makes `taps` again once the app's first screen stands in `root` where the painted one stood, in order, each in a
 * task of its own after the app's current work (so that what one tap changes is drawn before the next is checked).
 */
export function replayPaintedTaps(root: Element, taps: readonly PaintedTap[], page: Window & typeof globalThis = window): void {
  const [tap, ...rest] = taps;
  if (!tap) return;
  page.setTimeout(() => {
    replay(root, tap, page);
    replayPaintedTaps(root, rest, page);
  }, 0);
}
