import { defineConfig } from '@playwright/test';
import { join } from 'node:path';
import { launchOptions, wechatPhone } from './support/browser';

const e2eDir = process.env.E2E_DIR ?? join(import.meta.dirname, '..', '.e2e');

export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  fullyParallel: true,
  // Three on two cores: many tests wait on the simulator's steps and the app's 2-second task polls, and a third worker
  // fills those waits (docs/testing.md, "What runs").
  workers: 3,
  retries: process.env.CI ? 1 : 0,
  // A loaded 2-core machine (two browsers, servers starting) is slow; a test still waits for conditions, not time.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: [['list'], ['json', { outputFile: join(e2eDir, 'results.json') }]],
  outputDir: join(e2eDir, 'test-results'),
  use: {
    ...wechatPhone,
    baseURL: process.env.E2E_BASE_URL,
    launchOptions,
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
});
