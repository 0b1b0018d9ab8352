import { defineConfig } from '@rstest/core';

export default defineConfig({ name: 'contract', testEnvironment: 'node', include: ['test/**/*.test.ts'] });
