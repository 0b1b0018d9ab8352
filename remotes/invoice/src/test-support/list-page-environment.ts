/**
 * Test support (never imported by the app): what a component test of a list page needs — the UI set up once, and a
 * layout stand-in: happy-dom does no layout, and antd-mobile's InfiniteScroll only loads when its element has an
 * offsetParent (see shared/ui/test/paged-list.test.tsx).
 */
import { afterAll, beforeAll } from '@rstest/core';
import { setupUi } from '@app/ui/setup';

export function useListPageEnvironment(): void {
  const offsetParent = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetParent');
  beforeAll(() => {
    setupUi();
    Object.defineProperty(HTMLElement.prototype, 'offsetParent', { configurable: true, get: () => document.body });
  });
  afterAll(() => {
    if (offsetParent) Object.defineProperty(HTMLElement.prototype, 'offsetParent', offsetParent);
    else delete (HTMLElement.prototype as { offsetParent?: unknown }).offsetParent;
  });
}
