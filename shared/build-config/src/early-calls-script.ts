/** The host page's early calls, inline at the top of its head. */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { RsbuildPlugin } from '@rsbuild/core';
import { buildSync } from 'esbuild';

/**
 * Puts the host page's early calls (`@app/host-sdk/early-calls`; docs/architecture.md, "One fast first load") inline at
 * the top of its head, marked `data-early-calls`: they go out as the HTML is parsed, not a round trip later, and read
 * the blocks the server writes before them (the address's first calls). The server's Content-Security-Policy for the
 * page names the script by its hash. It is bundled apart (esbuild), since every entry of the host's own build carries
 * the Module Federation runtime (130 KiB).
 */
export function pluginEarlyCallsScript(appDir: string): RsbuildPlugin {
  const entry = createRequire(join(appDir, 'package.json')).resolve('@app/host-sdk/early-calls');
  return {
    name: 'app:early-calls-script',
    setup(api) {
      api.modifyHTMLTags((tags) => {
        const built = buildSync({
          entryPoints: [entry],
          bundle: true,
          minify: true,
          format: 'iife',
          target: 'es2020',
          write: false,
          legalComments: 'none',
        });
        const code = built.outputFiles[0]?.text.trim() ?? '';
        if (!code) throw new Error("the host page's early calls were not built");
        // Inline, nothing in it may end the element or open a comment.
        if (/<\/script|<!--/i.test(code)) throw new Error("the host page's early calls hold </script or <!--: they cannot be inline");
        // The entry script is deferred, so browsers fetch it at low priority, behind the chunks it loads (preloaded at
        // high priority): over a phone's network it then arrived last and held back the whole start-up.
        const headTags = tags.headTags.map((tag) =>
          tag.tag === 'script' && tag.attrs?.defer && tag.attrs.src ? { ...tag, attrs: { ...tag.attrs, fetchpriority: 'high' } } : tag,
        );
        // First after the charset: its calls go out before the browser fetches the scripts.
        const charset = headTags.findIndex((tag) => tag.tag === 'meta' && tag.attrs?.charset);
        headTags.splice(charset + 1, 0, { tag: 'script', attrs: { 'data-early-calls': true }, children: code });
        return { ...tags, headTags };
      });
    },
  };
}
