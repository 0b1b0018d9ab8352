/**
 * Test support (never imported by the app): a layout stand-in for lists in component tests. happy-dom does no layout,
 * and antd-mobile's InfiniteScroll only loads when its element has an offsetParent; with every rectangle at 0, the end
 * of a list is then always "in view" and the next page loads as soon as the last one showed.
 */
import { afterAll, beforeAll } from '@rstest/core';

export function useListPageEnvironment(): void {
  const offsetParent = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetParent');
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'offsetParent', { configurable: true, get: () => document.body });
  });
  afterAll(() => {
    if (offsetParent) Object.defineProperty(HTMLElement.prototype, 'offsetParent', offsetParent);
    else delete (HTMLElement.prototype as { offsetParent?: unknown }).offsetParent;
  });
}
