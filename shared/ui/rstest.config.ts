import { defineConfig } from '@rstest/core';
import { pluginReact } from '@rsbuild/plugin-react';

export default defineConfig({
  name: 'ui',
  plugins: [pluginReact()],
  testEnvironment: 'happy-dom',
  include: ['test/**/*.test.tsx'],
  setupFiles: ['./test-support/component-setup.ts'],
  testTimeout: 30_000,
});
