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
});
