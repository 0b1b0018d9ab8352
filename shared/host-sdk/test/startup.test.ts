/**
 * The start address (docs/product.md, "Screens and the host"): the address the app was opened with, kept in
 * sessionStorage `inputUrl`, written in a task of its own once the browser is idle, or as the page is left if sooner.
 */
import { afterEach, beforeEach, describe, expect, rstest, test } from '@rstest/core';
import { saveStartUrl } from '../src/startup';
import { INPUT_URL_STORAGE_KEY, startUrl } from '../src/session';

describe('saveStartUrl', () => {
  let idle: (() => void)[];

  beforeEach(() => {
    idle = [];
    sessionStorage.clear();
    window.history.replaceState(null, '', '/my?from=menu');
    rstest.stubGlobal('requestIdleCallback', (callback: () => void, options: { timeout: number }) => {
      expect(options.timeout).toBeGreaterThan(0);
      idle.push(callback);
      return idle.length;
    });
  });

  afterEach(() => {
    rstest.unstubAllGlobals();
    rstest.useRealTimers();
  });

  test('keeps the address as it was when the app started, written once the browser is idle', () => {
    saveStartUrl();
    expect(sessionStorage.getItem(INPUT_URL_STORAGE_KEY)).toBeNull();
    // This page has it at once (WeChat's JS-SDK signature on iOS asks for it).
    expect(startUrl()).toMatch(/\/my\?from=menu$/);
    window.history.replaceState(null, '', '/invoice/list');
    expect(idle).toHaveLength(1);
    idle[0]?.();
    expect(sessionStorage.getItem(INPUT_URL_STORAGE_KEY)).toMatch(/\/my\?from=menu$/);
  });

  test('is written as the page is left, if that comes first, and only once', () => {
    saveStartUrl();
    window.dispatchEvent(new Event('pagehide'));
    expect(sessionStorage.getItem(INPUT_URL_STORAGE_KEY)).toMatch(/\/my\?from=menu$/);
    sessionStorage.setItem(INPUT_URL_STORAGE_KEY, 'http://app.test/later');
    idle[0]?.();
    window.dispatchEvent(new Event('pagehide'));
    expect(sessionStorage.getItem(INPUT_URL_STORAGE_KEY)).toBe('http://app.test/later');
  });

  test('without requestIdleCallback (iOS’s WebKit), in the next task', () => {
    rstest.unstubAllGlobals();
    rstest.stubGlobal('requestIdleCallback', undefined);
    rstest.useFakeTimers();
    saveStartUrl();
    expect(sessionStorage.getItem(INPUT_URL_STORAGE_KEY)).toBeNull();
    rstest.advanceTimersByTime(0);
    expect(sessionStorage.getItem(INPUT_URL_STORAGE_KEY)).toMatch(/\/my\?from=menu$/);
  });
});
