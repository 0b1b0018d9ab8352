import { defineConfig } from '@rstest/core';
import { pluginReact } from '@rsbuild/plugin-react';

export default defineConfig({
  name: 'invoice',
  plugins: [pluginReact()],
  testEnvironment: 'happy-dom',
  // Component tests beside their pages, in src/.
  include: ['src/**/*.test.{ts,tsx}'],
});
