import { defineConfig } from '@rstest/core';

// The support code's own tests; the browser tests are Playwright's (`playwright.config.ts`).
export default defineConfig({ name: 'e2e', testEnvironment: 'node', include: ['support/**/*.test.ts'] });
