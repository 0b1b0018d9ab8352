/**
 * A remote's first-screen build (docs/architecture.md, "First screens from the server"): its `firstScreen` module for
 * Node, with what it imports bundled (React's server renderer among it) and its CSS in one file beside it, which the
 * server writes into the page it paints; at `FIRST_SCREEN_FILES` of the release (`@app/contract/first-screen`).
 */
import { dirname, join } from 'node:path';
import { FIRST_SCREEN_FILES } from '@app/contract/first-screen';
import type { EnvironmentConfig } from '@rsbuild/core';

export const FIRST_SCREEN_ENVIRONMENT = 'first-screen';

export function firstScreenEnvironment(module: string, distRoot: string): EnvironmentConfig {
  return {
    source: { entry: { index: module } },
    output: {
      target: 'node',
      distPath: { root: join(distRoot, dirname(FIRST_SCREEN_FILES.module)), css: '' },
      filenameHash: false,
      minify: false,
      emitCss: true,
    },
    // One CSS file, whatever the modules' chunks: the server inlines it.
    splitChunks: false,
  };
}
