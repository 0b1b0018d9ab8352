import { defineConfig } from '@rstest/core';

export default defineConfig({ name: 'server', testEnvironment: 'node', include: ['test/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 120_000 });
