/**
 * A painted page holds the app's entry and preloads back until its screen is drawn (internal/start-after-paint.ts):
 * nothing starts before the frame after the document is parsed; then each preload, and in the next task each script
 * in order, as the browser would have started them.
 */
import { afterEach, describe, expect, test } from '@rstest/core';
import { startAfterPaint } from '../src/internal/start-after-paint';

const HELD_BACK_PAGE = [
  '<link href="/remotes/host/1.0.0/static/css/app-shared.css" data-after-paint="preload" as="style">',
  '<link data-after-paint="preload" as="fetch" crossorigin="anonymous" href="/remotes/ticket/1.0.0/ticket.js">',
  '<script type="text/plain" data-after-paint src="/remotes/host/1.0.0/static/js/index.js" fetchpriority="high"></script>',
  '<script type="text/plain" data-after-paint src="/remotes/host/1.0.0/static/js/second.js"></script>',
].join('');

/** The window the early script runs in, its frames and timers run by the test. */
function pageWithFrames() {
  const frames: (() => void)[] = [];
  const tasks: (() => void)[] = [];
  const page = {
    document,
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void) => tasks.push(callback),
  } as unknown as Window & typeof globalThis;
  const run = (queue: (() => void)[]) => {
    for (const callback of queue.splice(0)) callback();
  };
  return { page, drawFrame: () => run(frames), runTasks: () => run(tasks) };
}

const heldBack = () => document.querySelectorAll('[data-after-paint]').length;
const describeLinks = () =>
  [...document.head.querySelectorAll('link')].map((link) => [link.rel, link.getAttribute('as'), link.getAttribute('href')].join(' '));

afterEach(() => {
  document.head.innerHTML = '';
  Reflect.deleteProperty(document, 'visibilityState');
});

describe('a painted page starts the app after its first paint', () => {
  test('nothing starts before the frame is drawn; then the preloads, and the scripts in the order written', () => {
    document.head.innerHTML = HELD_BACK_PAGE;
    const { page, drawFrame, runTasks } = pageWithFrames();
    startAfterPaint(page);
    expect(heldBack()).toBe(4);
    // The frame's own callbacks run before it is drawn: still held back.
    drawFrame();
    expect(heldBack()).toBe(4);
    // The preloads first; the scripts in the task after, so that no task does it all.
    runTasks();
    expect(heldBack()).toBe(2);
    runTasks();
    expect(heldBack()).toBe(0);
    expect(describeLinks()).toEqual([
      'preload style /remotes/host/1.0.0/static/css/app-shared.css',
      'preload fetch /remotes/ticket/1.0.0/ticket.js',
    ]);
    expect(document.head.querySelector('link[as="fetch"]')?.getAttribute('crossorigin')).toBe('anonymous');
    const scripts = [...document.head.querySelectorAll('script')];
    expect(scripts.map((script) => script.getAttribute('src'))).toEqual([
      '/remotes/host/1.0.0/static/js/index.js',
      '/remotes/host/1.0.0/static/js/second.js',
    ]);
    expect(scripts.map((script) => [script.hasAttribute('type'), script.async])).toEqual([
      [false, false],
      [false, false],
    ]);
    expect(scripts[0]?.getAttribute('fetchpriority')).toBe('high');
  });

  test('a hidden page draws no frame: what it holds back starts at once, the scripts a task later', () => {
    document.head.innerHTML = HELD_BACK_PAGE;
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    const { page, runTasks } = pageWithFrames();
    startAfterPaint(page);
    expect(heldBack()).toBe(2);
    runTasks();
    expect(heldBack()).toBe(0);
    expect(document.head.querySelectorAll('script:not([type])')).toHaveLength(2);
  });

  test('a page that holds nothing back is left as it is', () => {
    const page = '<script defer src="/remotes/host/1.0.0/static/js/index.js"></script><link rel="preload" as="script" href="/x.js">';
    document.head.innerHTML = page;
    const before = document.head.innerHTML;
    const { page: window, drawFrame, runTasks } = pageWithFrames();
    startAfterPaint(window);
    drawFrame();
    runTasks();
    expect(document.head.innerHTML).toBe(before);
  });
});
