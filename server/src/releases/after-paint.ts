/**
 * A painted page starts the app after its first paint (docs/architecture.md, "First screens from the server"): the
 * app's deferred scripts are written inert and each preload of the app's files without its `rel`, both marked
 * `AFTER_PAINT_ATTRIBUTE` (a lean page's style sheet too, its rules the screen uses inline: lean-first-screen.ts), and
 * the page's inline script (the host page's early calls, a lean page's start) starts them once the painted screen is
 * drawn. Otherwise a phone spends its bandwidth on the app's files while the page's own HTML is still coming, and one
 * that has them already (cached) runs the app's start-up before it draws the screen the page holds.
 */
import { AFTER_PAINT_ATTRIBUTE } from '@app/contract/first-screen';

/** A deferred script: the host's entry, a lean page's scripts. */
const DEFERRED_SCRIPT = /<script defer src="([^"<>]+)"([^<>]*)><\/script>/g;
/** A preload: the host's start-up chunks and style, the owner's entry and routes (first-load.ts). */
const PRELOAD = /<link ([^<>]*?)rel="preload"([^<>]*)>/g;

/** The page with the app's entry and preloads held back until the early script starts them. */
export function holdBackUntilPainted(page: string): string {
  return page
    .replace(
      DEFERRED_SCRIPT,
      (_tag, src: string, rest: string) => `<script type="text/plain" ${AFTER_PAINT_ATTRIBUTE} src="${src}"${rest}></script>`,
    )
    .replace(PRELOAD, (_tag, before: string, after: string) => `<link ${before}${AFTER_PAINT_ATTRIBUTE}="preload"${after}>`);
}
