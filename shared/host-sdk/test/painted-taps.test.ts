/**
 * Taps on a painted screen before the app is there (painted-taps.ts): each is made again, in order, on the element the
 * app drew at the same place, when it is the same element, still under the tap's point, and the tap is recent; a
 * link's tap, the start-up's failure message, a tap the app cannot match and a tap once the app is there are not.
 */
import { afterEach, describe, expect, rs, test } from '@rstest/core';
import { keepPaintedTaps, PAINTED_TAP_MAX_AGE_MS, replayPaintedTaps, takePaintedTaps } from '../src/painted-taps';

const SCREEN = [
  '<div class="app-layout"><main>',
  '<h1>首页</h1>',
  '<section><button type="button"><span>开具发票</span></button><button type="button">发票列表</button></section>',
  '<a href="/my">我的</a>',
  '</main></div>',
].join('');

let stop: () => void = () => undefined;

/** A painted page: the screen the server drew, the app's root hidden behind it; taps kept from now on. */
function paintedPage(): { painted: HTMLElement; root: HTMLElement } {
  document.body.innerHTML = `<div id="painted-screen">${SCREEN}</div><div id="root" hidden></div>`;
  stop = keepPaintedTaps();
  return { painted: document.getElementById('painted-screen') as HTMLElement, root: document.getElementById('root') as HTMLElement };
}

/**
 * The app's first screen in the root, its buttons answering, and the painted screen gone, as the handover leaves it.
 * Under a point is whatever `covering` returns, else the root's button there (the test's DOM lays nothing out).
 */
function appDraws(root: HTMLElement, painted: HTMLElement, { screen = SCREEN, covering = (): Element | null => null } = {}) {
  const tapped: string[] = [];
  root.innerHTML = screen;
  root.addEventListener('click', (event) => {
    const button = (event.target as Element).closest('button');
    const { clientX, clientY } = event as MouseEvent;
    if (button) tapped.push(`${button.textContent} @${clientX},${clientY}`);
  });
  painted.remove();
  root.hidden = false;
  const buttons = () => [...root.querySelectorAll('section button')];
  rs.spyOn(document, 'elementFromPoint').mockImplementation((x) => covering() ?? buttons()[x < 100 ? 0 : 1] ?? null);
  return tapped;
}

/** Lets the replays' tasks run. */
const tasksRun = () => new Promise((resolve) => setTimeout(resolve, 10));

/** A finger's tap: at a point, `detail` 1. The first button is drawn left of x 100, the second right of it. */
const tap = (element: Element | null | undefined, clientX = 40, clientY = 300) =>
  element?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, detail: 1, clientX, clientY }));

afterEach(() => {
  stop();
  rs.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('taps on the painted screen before the app is there', () => {
  test('are made again, once each, on the button the app drew at the place, at the same point', async () => {
    const { painted, root } = paintedPage();
    tap(painted.querySelector('section button span'), 80, 220);
    const tapped = appDraws(root, painted);
    replayPaintedTaps(root, takePaintedTaps());
    expect(tapped).toEqual([]); // after the app's current work, not inside its commit
    await tasksRun();
    expect(tapped).toEqual(['开具发票 @80,220']);
  });

  test('in the order made: a keypad gets every key', async () => {
    const { painted, root } = paintedPage();
    const [first, second] = painted.querySelectorAll('section button');
    tap(second, 150);
    tap(first, 40);
    tap(second, 150);
    const tapped = appDraws(root, painted);
    replayPaintedTaps(root, takePaintedTaps());
    await tasksRun();
    expect(tapped).toEqual(['发票列表 @150,300', '开具发票 @40,300', '发票列表 @150,300']);
  });

  test('a tap whose point the tap before covered (a sheet it opened) is not made: two taps on a row open it once', async () => {
    const { painted, root } = paintedPage();
    const button = painted.querySelector('section button');
    tap(button);
    tap(button);
    let sheet: HTMLElement | null = null;
    const tapped = appDraws(root, painted, { covering: () => sheet });
    root.querySelector('section button')?.addEventListener('click', () => {
      sheet = document.createElement('div');
      sheet.className = 'adm-mask';
      document.body.append(sheet);
    });
    replayPaintedTaps(root, takePaintedTaps());
    await tasksRun();
    expect(tapped).toEqual(['开具发票 @40,300']);
  });

  test('a tap that is not the screen’s own is not kept: a link, the start-up’s failure message, outside the screen', () => {
    const { painted } = paintedPage();
    painted.querySelector('a')?.addEventListener('click', (event) => event.preventDefault());
    tap(painted.querySelector('a'));
    painted.insertAdjacentHTML('beforeend', '<div role="alert"><button type="button">刷新</button></div>');
    tap(painted.querySelector('[role="alert"] button'));
    tap(painted);
    tap(document.body);
    expect(takePaintedTaps()).toEqual([]);
  });

  test('where the app drew something else at that place, nothing is tapped', async () => {
    const { painted, root } = paintedPage();
    tap(painted.querySelector('section button'));
    const tapped = appDraws(root, painted, { screen: SCREEN.replace('开具发票', '去登录') });
    replayPaintedTaps(root, takePaintedTaps());
    await tasksRun();
    expect(tapped).toEqual([]);
  });

  test('where the app drew the button disabled, or its screen inert, nothing is tapped', async () => {
    const unanswering = [
      (button: Element) => button.setAttribute('disabled', ''),
      (button: Element) => button.closest('main')?.setAttribute('inert', ''),
    ];
    for (const makeUnanswering of unanswering) {
      const { painted, root } = paintedPage();
      tap(painted.querySelector('section button span'));
      const tapped = appDraws(root, painted);
      const button = root.querySelector('section button');
      if (button) makeUnanswering(button);
      replayPaintedTaps(root, takePaintedTaps());
      await tasksRun();
      expect(tapped).toEqual([]);
      stop();
    }
  });

  test('a tap older than the app is worth waiting for is dropped, a recent one kept', () => {
    const { painted } = paintedPage();
    const start = performance.now();
    const now = rs.spyOn(performance, 'now').mockReturnValue(start);
    tap(painted.querySelector('section button'));
    now.mockReturnValue(start + 1_000);
    tap(painted.querySelectorAll('section button')[1]);
    now.mockReturnValue(start + PAINTED_TAP_MAX_AGE_MS + 1);
    expect(takePaintedTaps().map((kept) => kept.text)).toEqual(['发票列表']);
  });

  test('once the app has taken the screen over, taps are its own: none is kept', () => {
    const { painted } = paintedPage();
    expect(takePaintedTaps()).toEqual([]);
    tap(painted.querySelector('section button'));
    expect(takePaintedTaps()).toEqual([]);
  });

  test('nothing painted (the app draws the page itself): nothing is kept', () => {
    document.body.innerHTML = `<div id="root">${SCREEN}</div>`;
    stop = keepPaintedTaps();
    tap(document.querySelector('section button'));
    expect(takePaintedTaps()).toEqual([]);
  });
});
