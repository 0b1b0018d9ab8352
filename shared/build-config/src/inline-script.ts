/** A page's inline script, at the top of its head: the host page's early calls, a lean page's start. */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { RsbuildPlugin } from '@rsbuild/core';
import { buildSync } from 'esbuild';

export interface InlineScript {
  /** The module it is bundled from: `@app/host-sdk/early-calls`, `@app/host-sdk/lean-start`. */
  module: string;
  /** The attribute that marks it in the page: `data-early-calls`. */
  mark: string;
  /** The environments whose pages carry it; every one when left out. */
  environments?: string[];
}

/**
 * Puts a script inline at the top of the pages' head, first after the charset, so that it runs as the HTML is parsed,
 * not a round trip later: the host page's early calls (`@app/host-sdk/early-calls`; docs/architecture.md, "One fast
 * first load"), which read the blocks the server writes before them, and a lean page's start after the paint
 * (`@app/host-sdk/lean-start`). The server's Content-Security-Policy for the page names it by its hash. It is bundled
 * apart (esbuild): every entry of the host's own build carries the Module Federation runtime (130 KiB).
 */
export function pluginInlineScript(appDir: string, { module, mark, environments }: InlineScript): RsbuildPlugin {
  const entry = createRequire(join(appDir, 'package.json')).resolve(module);
  return {
    name: `app:inline-script:${mark}`,
    setup(api) {
      api.modifyHTMLTags((tags, { environment }) => {
        if (environments && !environments.includes(environment.name)) return tags;
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
        if (!code) throw new Error(`${module} was not built`);
        // Inline, nothing in it may end the element or open a comment.
        if (/<\/script|<!--/i.test(code)) throw new Error(`${module} holds </script or <!--: it cannot be inline`);
        const headTags = [...tags.headTags];
        const charset = headTags.findIndex((tag) => tag.tag === 'meta' && tag.attrs?.charset);
        headTags.splice(charset + 1, 0, { tag: 'script', attrs: { [mark]: true }, children: code });
        return { ...tags, headTags };
      });
    },
  };
}

/**
 * The host page's early calls, inline; and its entry script fetched at high priority. Deferred, browsers fetch it at
 * low priority, behind the chunks it loads (preloaded at high priority): over a phone's network it then arrived last
 * and held back the whole start-up.
 */
export function pluginEarlyCallsScript(appDir: string): RsbuildPlugin[] {
  return [
    pluginInlineScript(appDir, { module: '@app/host-sdk/early-calls', mark: 'data-early-calls' }),
    {
      name: 'app:entry-priority',
      setup(api) {
        api.modifyHTMLTags((tags) => ({
          ...tags,
          headTags: tags.headTags.map((tag) =>
            tag.tag === 'script' && tag.attrs?.defer && tag.attrs.src ? { ...tag, attrs: { ...tag.attrs, fetchpriority: 'high' } } : tag,
          ),
        }));
      },
    },
  ];
}
