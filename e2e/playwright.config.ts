import { defineConfig } from '@playwright/test';
import { launchOptions, wechatPhone } from './support/browser';

export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '../.e2e/results.json' }]],
  outputDir: '../.e2e/test-results',
  use: {
    ...wechatPhone,
    baseURL: process.env.E2E_BASE_URL,
    launchOptions,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
