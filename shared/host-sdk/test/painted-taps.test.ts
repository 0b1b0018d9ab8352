/**
 * Taps on a painted screen before the app is there (painted-taps.ts): each is made again, in order, on the element the
 * app drew at the same place, when it is the same element on the same page, answering, under the tap's point, and the
 * tap is recent; taps made meanwhile wait behind them; once one has opened something, the rest are dropped. A link's
 * tap, the start-up's failure message, a tap around an inert form and a tap once the app is there are not kept.
 */
import { afterEach, beforeEach, describe, expect, rs, test } from '@rstest/core';
import { dropPaintedTaps, keepPaintedTaps, PAINTED_TAP_MAX_AGE_MS, takeOverPaintedTaps } from '../src/painted-taps';

const SCREEN = [
  '<div class="app-layout"><main>',
  '<h1>首页</h1>',
  '<section><button type="button"><span>开具发票</span></button><button type="button">发票列表</button></section>',
  '<a href="/my">我的</a>',
  '</main></div>',
].join('');

/** A painted page: the screen the server drew in the app's root, marked; taps kept from now on. */
function paintedPage(): { painted: HTMLElement; root: HTMLElement } {
  document.body.innerHTML = `<div id="root" data-first-screen>${SCREEN}</div>`;
  keepPaintedTaps();
  const root = document.getElementById('root') as HTMLElement;
  return { painted: root, root };
}

/**
 * The app's first screen in the root, its buttons answering, the mark gone, as the handover leaves it, and the taps
 * taken over: the painted elements hydrated, or, for another `screen`, drawn anew (as where hydration fails). Under a point is what `covering` returns, else the root's button there: the first left of x
 * 100, the second right of it (the test's DOM lays nothing out).
 */
function appTakesOver(root: HTMLElement, painted: HTMLElement, { screen = SCREEN, covering = (): Element | null => null } = {}) {
  const tapped: string[] = [];
  if (screen !== SCREEN) root.innerHTML = screen;
  root.addEventListener('click', (event) => {
    const button = (event.target as Element).closest('button');
    const { clientX, clientY } = event as MouseEvent;
    if (button) tapped.push(`${button.textContent} @${clientX},${clientY}`);
  });
  painted.removeAttribute('data-first-screen');
  const buttons = () => [...root.querySelectorAll('section button')];
  rs.spyOn(document, 'elementFromPoint').mockImplementation((x) => {
    const button = buttons()[x < 100 ? 0 : 1];
    return covering() ?? button?.querySelector('span') ?? button ?? null;
  });
  const replay = takeOverPaintedTaps(root);
  return { tapped, replay };
}

/** A finger's tap: at a point, `detail` 1. */
const tap = (element: Element | null | undefined, clientX = 40, clientY = 300) =>
  element?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, detail: 1, clientX, clientY }));

beforeEach(() => window.history.replaceState(null, '', '/'));
afterEach(() => {
  dropPaintedTaps();
  rs.restoreAllMocks();
  rs.useRealTimers();
  document.body.innerHTML = '';
});

describe('taps on the painted screen before the app is there', () => {
  test('are made again, once each, on the button the app drew at the place, at the same point, after its commit', async () => {
    const { painted, root } = paintedPage();
    tap(painted.querySelector('section button span'), 80, 220);
    const { tapped, replay } = appTakesOver(root, painted);
    const made = replay();
    replay();
    expect(tapped).toEqual([]);
    await made;
    expect(tapped).toEqual(['开具发票 @80,220']);
  });

  test('in the order made: a keypad gets every key', async () => {
    const { painted, root } = paintedPage();
    const [first, second] = painted.querySelectorAll('section button');
    tap(second, 150);
    tap(first, 40);
    tap(second, 150);
    const { tapped, replay } = appTakesOver(root, painted);
    await replay();
    expect(tapped).toEqual(['发票列表 @150,300', '开具发票 @40,300', '发票列表 @150,300']);
  });

  test('a tap on the app’s screen before they are made waits its turn behind them', async () => {
    const { painted, root } = paintedPage();
    tap(painted.querySelector('section button'), 40);
    const { tapped, replay } = appTakesOver(root, painted);
    tap(root.querySelectorAll('section button')[1], 150);
    expect(tapped).toEqual([]);
    await replay();
    expect(tapped).toEqual(['开具发票 @40,300', '发票列表 @150,300']);
    // Then taps are the app's, at once.
    tap(root.querySelectorAll('section button')[1], 150);
    expect(tapped).toHaveLength(3);
  });

  test('once a tap has opened something (a sheet, a dialog, another page), the taps after it are dropped', async () => {
    for (const opens of [
      () => document.body.append(document.createElement('div')),
      () => window.history.pushState(null, '', '/invoice/create'),
    ]) {
      const { painted, root } = paintedPage();
      tap(painted.querySelector('section button'), 40);
      tap(painted.querySelectorAll('section button')[1], 150);
      const { tapped, replay } = appTakesOver(root, painted);
      root.querySelector('section button')?.addEventListener('click', opens);
      await replay();
      expect(tapped).toEqual(['开具发票 @40,300']);
      window.history.replaceState(null, '', '/');
    }
  });

  test('a tap that is not the screen’s own is not kept: a link, the start-up’s failure message, around an inert form, outside', () => {
    const { painted, root } = paintedPage();
    painted.querySelector('a')?.addEventListener('click', (event) => event.preventDefault());
    tap(painted.querySelector('a'));
    painted.insertAdjacentHTML('beforeend', '<div class="app-start-failed" role="alert"><button type="button">刷新</button></div>');
    const refresh = rs.fn();
    painted.querySelector('.app-start-failed button')?.addEventListener('click', refresh);
    tap(painted.querySelector('.app-start-failed button'));
    expect(refresh).toHaveBeenCalledTimes(1);
    painted.insertAdjacentHTML('beforeend', '<div class="form-page"><form inert><input></form></div>');
    tap(painted.querySelector('.form-page'));
    tap(painted);
    tap(document.body);
    const { tapped, replay } = appTakesOver(root, painted);
    return replay().then(() => expect(tapped).toEqual([]));
  });

  test('where the app drew something else, on another page, disabled, inert, or under something, nothing is tapped', async () => {
    const cases: { screen?: string; before?: (root: HTMLElement) => void; covering?: () => Element | null }[] = [
      { screen: SCREEN.replace('开具发票', '去登录') },
      { before: () => window.history.replaceState(null, '', '/my') },
      { before: (root) => root.querySelector('section button')?.setAttribute('disabled', '') },
      { before: (root) => root.querySelector('section button')?.setAttribute('aria-disabled', 'true') },
      { before: (root) => root.querySelector('main')?.setAttribute('inert', '') },
      { covering: () => document.body },
    ];
    for (const { screen, before, covering } of cases) {
      const { painted, root } = paintedPage();
      tap(painted.querySelector('section button span'));
      const { tapped, replay } = appTakesOver(root, painted, { screen, covering });
      before?.(root);
      await replay();
      expect(tapped).toEqual([]);
      window.history.replaceState(null, '', '/');
    }
  });

  test('a tap older than the app is worth waiting for is dropped, a recent one made', async () => {
    const { painted, root } = paintedPage();
    const start = performance.now();
    const now = rs.spyOn(performance, 'now').mockReturnValue(start);
    tap(painted.querySelector('section button'), 40);
    now.mockReturnValue(start + 1_000);
    tap(painted.querySelectorAll('section button')[1], 150);
    now.mockReturnValue(start + PAINTED_TAP_MAX_AGE_MS + 1);
    const { tapped, replay } = appTakesOver(root, painted);
    await replay();
    expect(tapped).toEqual(['发票列表 @150,300']);
  });

  test('a take-over that never gets to make them lets the app have its taps after a while', () => {
    rs.useFakeTimers();
    const { painted, root } = paintedPage();
    const { tapped } = appTakesOver(root, painted);
    rs.advanceTimersByTime(PAINTED_TAP_MAX_AGE_MS);
    tap(root.querySelector('section button'));
    expect(tapped).toEqual(['开具发票 @40,300']);
  });

  test('a page that draws a screen of its own drops them; nothing painted, nothing is kept', async () => {
    const { painted, root } = paintedPage();
    tap(painted.querySelector('section button'));
    dropPaintedTaps();
    const { tapped, replay } = appTakesOver(root, painted);
    await replay();
    expect(tapped).toEqual([]);

    document.body.innerHTML = `<div id="root">${SCREEN}</div>`;
    keepPaintedTaps();
    const clicked = rs.fn();
    document.getElementById('root')?.addEventListener('click', clicked);
    tap(document.querySelector('section button'));
    expect(clicked).toHaveBeenCalledTimes(1);
  });
});
