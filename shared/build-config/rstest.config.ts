import { defineConfig } from '@rstest/core';

export default defineConfig({ name: 'architecture', testEnvironment: 'node', include: ['test/**/*.test.ts'] });
