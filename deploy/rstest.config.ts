import { defineConfig } from '@rstest/core';

export default defineConfig({ name: 'deploy', testEnvironment: 'node', include: ['test/**/*.test.ts'], testTimeout: 60_000 });
