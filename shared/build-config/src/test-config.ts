/**
 * The rstest settings of a remote's component tests (docs/testing.md, "What runs"): React, happy-dom, the tests
 * beside their pages in src/, a timeout for whole pages with their popups (a few seconds each on a shared 2-core
 * machine, more than the 5 s default allows), and, as the browser tests do, one more try on CI for a test a loaded
 * machine slowed past its waits (a real fault fails both). `externals`: packages the tests load from node_modules as
 * they are instead of bundling them (a native addon such as @napi-rs/canvas).
 */
import { defineConfig, type RstestConfig } from '@rstest/core';
import { pluginReact } from '@rsbuild/plugin-react';

export function defineRemoteTestConfig(name: string, { externals = [] }: { externals?: string[] } = {}): RstestConfig {
  return defineConfig({
    name,
    plugins: [pluginReact()],
    testEnvironment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    // @app/ui's setup of every component test (every remote is at remotes/<name>).
    setupFiles: ['../../shared/ui/test-support/component-setup.ts'],
    testTimeout: 30_000,
    retry: process.env.CI ? 1 : 0,
    ...(externals.length ? { output: { externals } } : {}),
  });
}
