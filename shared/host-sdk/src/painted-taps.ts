/**
 * Taps on a painted screen before the app is there (docs/architecture.md, "First screens from the server"): the
 * painted screen shows, but its buttons answer only once the app has taken its place. The page's early script keeps
 * such taps; once the app's first screen stands where the painted one stood, each is made again, in order, on the
 * element at the same place, so a user who tapped 开具发票 (or an amount on the cash desk's keypad) on a slow phone is
 * not left doing it twice. A tap is made again only on the same page, on the same element (the same tags down to it,
 * the same text), answering (not disabled or inert) and still under the tap's point, and only a recent one; once a
 * tap has opened something (a sheet, a dialog, another page), the taps after it were meant for a screen that is gone
 * and are dropped. Until the kept taps have been made, a new tap waits its turn behind them, so they stay in order.
 * A link is left alone (it loads its page itself), as is the start-up's failure message.
 */
import { PAINTED_ROOT, START_FAILED_CLASS } from './internal/start-failure';

/** How long a kept tap may wait for the app: a tap much older than that is no longer what the user is waiting for. */
export const PAINTED_TAP_MAX_AGE_MS = 10_000;
/** The most taps kept: the latest ones. */
const MAX_TAPS = 20;
/** After a tap is made, how long at most to wait for the frames that show what it did before the next is checked. */
const SETTLE_MS = 100;

/** Where an element tapped on the painted screen stands: its index among its parent's elements, from the screen down. */
interface Place {
  path: number[];
  /** The elements' tag names along `path`, joined by `>`. */
  tags: string;
  /** The element's text, trimmed. */
  text: string;
}

interface KeptTap {
  /** On the painted screen: where, to find the element the app drew there. */
  place?: Place;
  /** On the app's screen (a tap while the kept ones are made), or the app's element found at `place`. */
  element?: Element | null;
  /** The address's path it was made on. */
  pathname: string;
  /** When it was tapped (performance.now()). */
  at: number;
  /** Where in the document, for a tap of a finger or a pointer (a key's click has no point). */
  point: { pageX: number; pageY: number } | null;
}

type Page = Window & typeof globalThis;

interface Slot {
  /** Keeping taps on the painted screen; replaying them in the app's root (new taps there wait behind); over. */
  state: 'keeping' | 'replaying' | 'over';
  taps: KeptTap[];
  /** Where taps are taken while replaying: the app's root. */
  root?: Element;
  /** Stops listening. */
  stop?: () => void;
  /** The clicks this module made: the app's to answer, not to keep. */
  made: WeakSet<Event>;
}

const SLOT = '__appPaintedTaps';

type WithSlot = typeof globalThis & { [SLOT]?: Slot };

function slot(page: Page): Slot {
  const scope = page as WithSlot;
  scope[SLOT] ??= { state: 'over', taps: [], made: new WeakSet() };
  return scope[SLOT];
}

/** Taps that are not the screen's to keep: a link loads its page, the start-up's failure message reloads it. */
const NOT_KEPT = `a[href], .${START_FAILED_CLASS}`;
/** What a tap is made on. */
const CONTROL =
  'button, a, label, input, select, textarea, [role="button"], [role="link"], [role="tab"], [role="checkbox"], [role="radio"], [role="switch"], [role="option"], [role="menuitem"], [tabindex]';
/** An element that does not answer a tap now. */
const NOT_ANSWERING = '[inert], :disabled, [aria-disabled="true"]';

function placeOf(screen: Element, target: Element): Place | null {
  const path: number[] = [];
  const tags: string[] = [];
  for (let element: Element = target; element !== screen; ) {
    const parent = element.parentElement;
    if (!parent) return null;
    path.unshift(Array.prototype.indexOf.call(parent.children, element));
    tags.unshift(element.tagName);
    element = parent;
  }
  return { path, tags: tags.join('>'), text: target.textContent?.trim() ?? '' };
}

/**
 * Keeps the taps on the screen `screen()` returns (null: nothing painted, or no longer; by default the root the
 * server painted in, a tab's or a lean page's) until the app takes them (`takeOverPaintedTaps`). Run by a page's early script, before anything is drawn.
 */
export function keepPaintedTaps(screen?: () => Element | null, page: Page = window): void {
  const painted = screen ?? (() => page.document.querySelector(PAINTED_ROOT));
  const kept = slot(page);
  kept.stop?.();
  Object.assign(kept, { state: 'keeping', taps: [], root: undefined });
  const keep = (event: MouseEvent) => {
    const region = kept.state === 'replaying' ? kept.root : kept.state === 'keeping' ? painted() : null;
    const { target } = event;
    if (!region || kept.made.has(event) || !(target instanceof page.Element) || target === region || !region.contains(target)) return;
    // A link loads its page; a tap that landed around an inert form was meant for the form, which the app draws anew.
    if (target.closest(NOT_KEPT) || target.querySelector('[inert]')) return;
    const replaying = kept.state === 'replaying';
    const place = replaying ? undefined : placeOf(region, target);
    if (place === null) return;
    // Made later, in its turn: neither the painted page's own default (a box ticked on a screen about to go) nor
    // the app's answer before the taps kept ahead of it.
    event.preventDefault();
    event.stopImmediatePropagation();
    const point = event.detail > 0 ? { pageX: event.clientX + page.scrollX, pageY: event.clientY + page.scrollY } : null;
    const tap: KeptTap = {
      place,
      element: replaying ? target : undefined,
      pathname: page.location.pathname,
      at: page.performance.now(),
      point,
    };
    kept.taps = [...kept.taps, tap].slice(-MAX_TAPS);
  };
  page.document.addEventListener('click', keep, true);
  kept.stop = () => page.document.removeEventListener('click', keep, true);
}

/** The element at `place` under `root`, if it is the same one: the same tags down to it, the same text. */
function sameElement(root: Element, place: Place): Element | null {
  let element: Element | undefined = root;
  const tags: string[] = [];
  for (const index of place.path) {
    element = element.children[index];
    if (!element) return null;
    tags.push(element.tagName);
  }
  if (tags.join('>') !== place.tags || (element.textContent?.trim() ?? '') !== place.text) return null;
  return element;
}

/** The tap's point on the screen now (the middle of the element for a key's click). */
function clientPoint(element: Element, tap: KeptTap, page: Page): { clientX: number; clientY: number } {
  if (tap.point) return { clientX: tap.point.pageX - page.scrollX, clientY: tap.point.pageY - page.scrollY };
  const box = element.getBoundingClientRect();
  return { clientX: box.left + box.width / 2, clientY: box.top + box.height / 2 };
}

/** Makes one tap again, on its element if it is still there, answers, and nothing stands over it at the point. */
function replay(tap: KeptTap, page: Page, made: WeakSet<Event>): boolean {
  const { element } = tap;
  if (!element?.isConnected || element.closest(NOT_ANSWERING) || tap.pathname !== page.location.pathname) return false;
  const { clientX, clientY } = clientPoint(element, tap, page);
  // What the tap was on: the control around the element tapped (a row's name or amount is a part of the row).
  const control = element.closest(CONTROL) ?? element;
  const hit = page.document.elementFromPoint(clientX, clientY);
  if (!hit || !control.contains(hit)) return false;
  const click = new page.MouseEvent('click', {
    bubbles: true,
    cancelable: true,
    composed: true,
    view: page,
    detail: tap.point ? 1 : 0,
    clientX,
    clientY,
  });
  made.add(click);
  element.dispatchEvent(click);
  return true;
}

/** Calls `next` once what the last tap did has been drawn (two frames), or after SETTLE_MS in a page that draws none. */
function afterFrames(page: Page, next: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    next();
  };
  page.requestAnimationFrame(() => page.requestAnimationFrame(once));
  page.setTimeout(once, SETTLE_MS);
}

/** What the page shows outside its screen (a sheet, a dialog, a toast are put there) and where it is. */
function surroundings(root: Element, page: Page): string {
  const outside = [...page.document.body.children].filter((element) => element !== root && !element.contains(root));
  return `${page.location.href} ${outside.length}`;
}

/**
 * The app takes the painted screen over: its first screen stands in `root` where the painted one stood (the same
 * element, for a page that hydrates it). From now on taps in `root` wait behind the kept ones. Returns what makes
 * them, once the app's first screen is committed: in order, each in a task of its own after the app's current work,
 * each once what the one before did has been drawn; then taps are the app's (its promise settles). Calling it again
 * starts nothing more.
 */
export function takeOverPaintedTaps(root: Element, page: Page = window): () => Promise<void> {
  const kept = slot(page);
  if (kept.state !== 'keeping') return () => Promise.resolve();
  kept.state = 'replaying';
  kept.root = root;
  let finished: () => void = () => undefined;
  const made = new Promise<void>((resolve) => {
    finished = resolve;
  });
  const finish = () => {
    dropPaintedTaps(page);
    finished();
  };
  let started = false;
  // A page that never commits its first screen must not hold the taps in its root for good.
  page.setTimeout(() => {
    if (!started) finish();
  }, PAINTED_TAP_MAX_AGE_MS);
  return () => {
    if (started) return made;
    started = true;
    const step = () => {
      const tap = kept.taps.shift();
      if (!tap) return finish();
      if (page.performance.now() - tap.at > PAINTED_TAP_MAX_AGE_MS) return step();
      const before = surroundings(root, page);
      if (!replay(tap, page, kept.made)) return step();
      afterFrames(page, () => {
        // The tap opened something: what came after it was meant for a screen that is no longer there.
        if (surroundings(root, page) !== before) return finish();
        step();
      });
    };
    page.setTimeout(() => {
      // The painted screen's taps are found in the app's first screen, before any of them changes it.
      for (const tap of kept.taps) if (tap.place) tap.element = sameElement(root, tap.place);
      step();
    }, 0);
    return made;
  };
}

/** The app draws a screen of its own, not the painted one: the taps kept were meant for that one; none is made. */
export function dropPaintedTaps(page: Page = window): void {
  const kept = slot(page);
  kept.state = 'over';
  kept.taps = [];
  kept.stop?.();
}
