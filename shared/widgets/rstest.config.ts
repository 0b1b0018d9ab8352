import { defineConfig } from '@rstest/core';
import { pluginReact } from '@rsbuild/plugin-react';

export default defineConfig({
  name: 'widgets',
  plugins: [pluginReact()],
  testEnvironment: 'happy-dom',
  include: ['test/**/*.test.{ts,tsx}'],
  setupFiles: ['../ui/test-support/component-setup.ts'],
  // Pickers with their popups and the page harness: a few seconds each on a shared 2-core machine.
  testTimeout: 30_000,
});
