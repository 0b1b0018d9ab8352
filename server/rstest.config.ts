import { defineConfig } from '@rstest/core';

export default defineConfig({
  name: 'server',
  testEnvironment: 'node',
  include: ['test/**/*.test.ts'],
  // Makes the image of a migrated empty PGlite database that the tests' in-memory databases start from.
  globalSetup: ['./test/support/global-setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
});
