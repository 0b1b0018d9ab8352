import { defineConfig } from '@rstest/core';

export default defineConfig({ name: 'domain', testEnvironment: 'node', include: ['test/**/*.test.ts'] });
