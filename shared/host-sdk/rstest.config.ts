import { defineConfig } from '@rstest/core';
import { pluginReact } from '@rsbuild/plugin-react';

export default defineConfig({
  name: 'host-sdk',
  plugins: [pluginReact()],
  testEnvironment: 'happy-dom',
  // Package-level tests in test/, component tests beside their components (the dialogs) in src/.
  include: ['test/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}'],
  setupFiles: ['../ui/test-support/component-setup.ts'],
  // Dialogs with their popups and polling: a few seconds each on a shared 2-core machine.
  testTimeout: 30_000,
});
