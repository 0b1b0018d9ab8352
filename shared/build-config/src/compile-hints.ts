/**
 * V8's explicit compile hint on every script a browser loads (docs/architecture.md, "Compiled while it downloads"):
 * `//# allFunctionsCalledOnLoad` as its first line has Chromium compile all of its functions on the thread that streams
 * the file in, not one by one on the main thread when each is first called. A chunk is fetched when its code is about
 * to run, so most of what it holds is called.
 */
import type { RsbuildPlugin } from '@rsbuild/core';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

export function pluginCompileHints(): RsbuildPlugin {
  return {
    name: 'app:compile-hints',
    setup(api) {
      api.modifyRspackConfig((config, { rspack, environment }) => {
        // Node builds (a lean page's server module, a tab's first screen) are not V8 in a browser streaming them.
        if (environment.config.output.target !== 'web') return;
        config.plugins ??= [];
        config.plugins.push(
          new rspack.BannerPlugin({
            banner: COMPILE_HINT,
            raw: true,
            include: /\.js$/,
            // After the minifier, which would drop the comment; the hint counts only as the file's first line.
            stage: rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
          }),
        );
      });
    },
  };
}
