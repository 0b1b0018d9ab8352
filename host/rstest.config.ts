import { defineConfig } from '@rstest/core';
import { pluginReact } from '@rsbuild/plugin-react';

export default defineConfig({ name: 'host', plugins: [pluginReact()], testEnvironment: 'happy-dom', include: ['test/**/*.test.{ts,tsx}'], testTimeout: 15_000 });
