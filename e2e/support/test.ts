/**
 * The `test` every browser test uses: Playwright's, with one automatic check and one guard. The server sends a strict
 * Content-Security-Policy (scripts only from the origin, no inline script, no eval); a page that breaks it logs the
 * refusal to the console, and the test fails on it, so every flow is proven to work under the policy. And a test never
 * runs across China's midnight (china-day.ts).
 */
import { expect, test as base } from '@playwright/test';
import { keepChinaDay, LONGEST_TEST_MS } from './china-day';
import { testHook } from './isolated-server';

export const test = base.extend<{ contentSecurityPolicy: string[]; chinaDay: undefined }>({
  chinaDay: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern; it has none.
    async ({}, use) => {
      await keepChinaDay((baseUrl, label) => testHook(baseUrl, 'tax-account', { label, faceToday: true }));
      await use(undefined);
    },
    // Its own time-out: the wait for midnight is not the test's time.
    { auto: true, timeout: LONGEST_TEST_MS + 60_000 },
  ],
  contentSecurityPolicy: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await use(violations);
      expect(violations, 'the page broke the Content-Security-Policy').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
