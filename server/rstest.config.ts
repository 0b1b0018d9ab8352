import { defineConfig } from '@rstest/core';

export default defineConfig({
  name: 'server',
  testEnvironment: 'node',
  include: ['test/**/*.test.ts'],
  // Makes a migrated empty database, PGlite's and PostgreSQL's, that the tests' in-process servers' databases copy.
  globalSetup: ['./test/support/global-setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
});
