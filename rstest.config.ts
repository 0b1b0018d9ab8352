// `rstest run` at the root runs every package's unit, component and server tests in one go, and the architecture's
// rules (architecture.test.ts, which also checks that every package with tests is listed here) with the root scripts' tests.
import { defineConfig } from '@rstest/core';

export default defineConfig({
  // One worker a core (rstest's default leaves one core free): the server tests spend much of their time waiting on
  // PostgreSQL, the task worker's polls and the simulator's delays, which the other worker fills.
  pool: { type: 'forks', maxWorkers: '100%' },
  projects: [
    'shared/domain',
    'shared/contract',
    'shared/ui',
    'shared/host-sdk',
    'shared/widgets',
    'shared/build-config',
    'host',
    'remotes/invoice',
    'remotes/my',
    'remotes/payment',
    'remotes/taxi',
    'remotes/ticket',
    'remotes/wallet',
    'deploy',
    'e2e',
    'server',
    {
      name: 'architecture',
      root: import.meta.dirname,
      testEnvironment: 'node',
      include: ['architecture.test.ts', 'scripts/*.test.ts'],
      testTimeout: 60_000,
    },
  ],
});
