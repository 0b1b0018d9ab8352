/**
 * The `test` every browser test uses: Playwright's, with one automatic check. The server sends a strict
 * Content-Security-Policy (scripts only from the origin, no inline script, no eval); a page that breaks it logs the
 * refusal to the console, and the test fails on it, so every flow is proven to work under the policy.
 */
import { expect, test as base } from '@playwright/test';

export const test = base.extend<{ contentSecurityPolicy: string[] }>({
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
