import { defineConfig } from '@rstest/core';

export default defineConfig({ name: 'build-config', testEnvironment: 'node', include: ['test/**/*.test.ts'] });
