/**
 * A painted page holds the app's entry and preloads back until its screen is shown (internal/start-after-paint.ts):
 * nothing starts before the browser reports the first contentful paint of the parsed document (or, without Paint
 * Timing, before the next frame); then each preload in a task of its own, and in the next task each script in order,
 * as the browser would have started them.
 */
import { afterEach, describe, expect, test } from '@rstest/core';
import { PAINT_WAIT_LIMIT_MS, startAfterPaint } from '../src/internal/start-after-paint';

const HELD_BACK_PAGE = [
  '<link href="/remotes/host/1.0.0/static/css/app-shared.css" data-after-paint="preload" as="style">',
  '<link data-after-paint="preload" as="fetch" crossorigin="anonymous" href="/remotes/ticket/1.0.0/ticket.js">',
  '<script type="text/plain" data-after-paint src="/remotes/host/1.0.0/static/js/index.js" fetchpriority="high"></script>',
  '<script type="text/plain" data-after-paint src="/remotes/host/1.0.0/static/js/second.js"></script>',
].join('');

/**
 * The window the early script runs in: its frames, timers and paint reports run by the test (`paintTiming: false`, a
 * browser without Paint Timing).
 */
function pageWithFrames({ paintTiming = true } = {}) {
  const frames: (() => void)[] = [];
  let tasks: { callback: () => void; ms: number; id: number }[] = [];
  const observers: ((entries: { getEntriesByName: (name: string) => unknown[] }) => void)[] = [];
  let nextId = 1;
  class FakePerformanceObserver {
    static supportedEntryTypes = paintTiming ? ['mark', 'paint'] : ['mark'];
    constructor(private readonly callback: (entries: { getEntriesByName: (name: string) => unknown[] }) => void) {}
    observe(options: { type: string; buffered: boolean }) {
      expect(options).toEqual({ type: 'paint', buffered: true });
      observers.push(this.callback);
    }
    disconnect() {
      observers.splice(observers.indexOf(this.callback), 1);
    }
  }
  const page = {
    document,
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void, ms = 0) => {
      tasks.push({ callback, ms, id: nextId });
      return nextId++;
    },
    clearTimeout: (id: number) => {
      tasks = tasks.filter((task) => task.id !== id);
    },
    PerformanceObserver: FakePerformanceObserver,
  } as unknown as Window & typeof globalThis;
  return {
    page,
    drawFrame: () => {
      for (const callback of frames.splice(0)) callback();
    },
    /** Runs the first task due now, as the event loop runs one task at a time. */
    runTask: () => {
      const index = tasks.findIndex((task) => task.ms === 0);
      const [task] = index === -1 ? [] : tasks.splice(index, 1);
      task?.callback();
    },
    /** Runs the tasks due now (not those set for later), as the event loop would in one turn. */
    runTasks: () => {
      const due = tasks.filter((task) => task.ms === 0);
      tasks = tasks.filter((task) => task.ms !== 0);
      for (const task of due) task.callback();
    },
    /** Lets `ms` pass: the timers set for it become due. */
    wait: (ms: number) => {
      for (const task of tasks) task.ms = Math.max(0, task.ms - ms);
    },
    paint: (name: 'first-paint' | 'first-contentful-paint') => {
      for (const callback of [...observers]) callback({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) });
    },
    observing: () => observers.length,
  };
}

const heldBack = () => document.querySelectorAll('[data-after-paint]').length;
const describeLinks = () =>
  [...document.head.querySelectorAll('link')].map((link) => [link.rel, link.getAttribute('as'), link.getAttribute('href')].join(' '));

afterEach(() => {
  document.head.innerHTML = '';
  Reflect.deleteProperty(document, 'visibilityState');
});

describe('a painted page starts the app after its first paint', () => {
  test('nothing starts before the first contentful paint is shown; then the preloads, and the scripts in the order written', () => {
    document.head.innerHTML = HELD_BACK_PAGE;
    const { page, drawFrame, runTask, runTasks, paint, observing } = pageWithFrames();
    startAfterPaint(page);
    expect(heldBack()).toBe(4);
    // A frame drawn, and a first paint of the background alone: still held back.
    drawFrame();
    paint('first-paint');
    runTasks();
    expect(heldBack()).toBe(4);
    // The contentful paint is shown: in the tasks after it the first preload, then the second, then the scripts, so
    // that no task does it all.
    paint('first-contentful-paint');
    expect(heldBack()).toBe(4);
    expect(observing()).toBe(0);
    runTask();
    expect(heldBack()).toBe(4);
    runTask();
    expect(describeLinks()).toEqual([
      'preload style /remotes/host/1.0.0/static/css/app-shared.css',
      ' fetch /remotes/ticket/1.0.0/ticket.js',
    ]);
    runTask();
    expect(heldBack()).toBe(2);
    runTask();
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

  test('without Paint Timing, after the next frame: its callbacks run before it is drawn, a task they queue after', () => {
    document.head.innerHTML = HELD_BACK_PAGE;
    const { page, drawFrame, runTask, runTasks } = pageWithFrames({ paintTiming: false });
    startAfterPaint(page);
    runTasks();
    expect(heldBack()).toBe(4);
    drawFrame();
    expect(heldBack()).toBe(4);
    runTask();
    expect(heldBack()).toBe(4);
    runTask();
    expect(heldBack()).toBe(3);
    runTask();
    expect(heldBack()).toBe(2);
    runTask();
    expect(heldBack()).toBe(0);
  });

  test('a page hidden before its first contentful paint (it will draw nothing) starts what it holds back then', () => {
    document.head.innerHTML = HELD_BACK_PAGE;
    const { page, runTasks, observing } = pageWithFrames();
    startAfterPaint(page);
    runTasks();
    expect(heldBack()).toBe(4);
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(observing()).toBe(0);
    runTasks();
    runTasks();
    runTasks();
    expect(heldBack()).toBe(0);
  });

  test('a first contentful paint never reported: the app starts all the same once the wait is over', () => {
    document.head.innerHTML = HELD_BACK_PAGE;
    const { page, runTasks, wait, observing } = pageWithFrames();
    startAfterPaint(page);
    wait(PAINT_WAIT_LIMIT_MS - 1);
    runTasks();
    expect(heldBack()).toBe(4);
    wait(1);
    runTasks();
    expect(observing()).toBe(0);
    runTasks();
    runTasks();
    runTasks();
    expect(heldBack()).toBe(0);
  });

  test('a hidden page draws no frame: what it holds back starts in the tasks right after, set together', () => {
    document.head.innerHTML = HELD_BACK_PAGE;
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    const { page, runTasks } = pageWithFrames();
    startAfterPaint(page);
    expect(heldBack()).toBe(4);
    // All due at once (a hidden page's timers run once a second: each set from the one before would wait a second).
    runTasks();
    expect(heldBack()).toBe(0);
    expect(document.head.querySelectorAll('script:not([type])')).toHaveLength(2);
  });

  test('a page that holds nothing back is left as it is', () => {
    const page = '<script defer src="/remotes/host/1.0.0/static/js/index.js"></script><link rel="preload" as="script" href="/x.js">';
    document.head.innerHTML = page;
    const before = document.head.innerHTML;
    const { page: window, drawFrame, runTasks, paint } = pageWithFrames();
    startAfterPaint(window);
    drawFrame();
    paint('first-contentful-paint');
    runTasks();
    runTasks();
    expect(document.head.innerHTML).toBe(before);
  });
});
