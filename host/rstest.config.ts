import { defineConfig } from '@rstest/core';
import { pluginReact } from '@rsbuild/plugin-react';

export default defineConfig({
  name: 'host',
  plugins: [pluginReact()],
  testEnvironment: 'happy-dom',
  include: ['test/**/*.test.{ts,tsx}'],
  setupFiles: ['../shared/ui/test-support/component-setup.ts'],
  testTimeout: 30_000,
});
