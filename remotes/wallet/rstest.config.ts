import { defineConfig } from '@rstest/core';
import { pluginReact } from '@rsbuild/plugin-react';

export default defineConfig({
  name: 'wallet',
  plugins: [pluginReact()],
  testEnvironment: 'happy-dom',
  // Component tests beside their pages, in src/.
  include: ['src/**/*.test.{ts,tsx}'],
  // Whole pages with their popups: a few seconds each on a shared 2-core machine, more than the 5 s default allows.
  testTimeout: 30_000,
  // As the browser tests do: on CI one more try for a test that a loaded machine slowed past its waits (a real fault
  // fails both). The withdraw page's no-repeat test has failed once that way beside other runs.
  retry: process.env.CI ? 1 : 0,
});
