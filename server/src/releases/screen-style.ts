/**
 * The style a painted screen carries (docs/architecture.md, "First screens from the server"): of the host's start-up
 * style and the first-screen build's CSS (every page the remote paints), only the rules the screen's HTML uses, as
 * Beasties finds them. The app's own style sheets load with it and style what it draws afterwards. On `/` that takes
 * the page from 17 KiB to 8 KiB (brotli), inside the first round trip of a new connection, and leaves the phone a
 * fifth of the CSS to parse before it draws.
 *
 * Finding the rules takes tens of milliseconds, so it is done once per shape of screen: the same elements, classes
 * and attributes whatever the text (a company's name, an amount), kept for the style it was found for.
 */
import { createHash } from 'node:crypto';
import Beasties from 'beasties';

/** How many shapes are kept: a screen's shapes are few (a list's row count, an empty state), a release's pages fewer. */
const SHAPES_KEPT = 200;

/** Attributes whose values are the data, not the shape: no selector of the app reads them. */
const DATA_ATTRIBUTES = /\s(?:href|src|style|title|alt|value|placeholder|aria-label|aria-valuenow|aria-valuetext|datetime)="[^"]*"/g;

/** What the rules a screen uses depend on: its markup without its text and its data. */
function shapeOf(screen: string): string {
  return screen.replace(/>[^<]+</g, '><').replace(DATA_ATTRIBUTES, '');
}

const digest = (text: string) => createHash('sha256').update(text).digest('base64url');

export class ScreenStyles {
  private readonly beasties = new Beasties({
    external: false,
    reduceInlineStyles: true,
    mergeStylesheets: false,
    keyframes: 'critical',
    fonts: false,
    compress: true,
    logLevel: 'silent',
    // The theme's variables (antd-mobile's and the app's, on `:root:root` to win over the library's `:root`), which
    // Beasties' selector matching does not take for the document's root.
    allowRules: [/:root/],
  });
  private readonly kept = new Map<string, Promise<string>>();

  /**
   * The rules of `css` that the painted page (`painted`, the markup around the screen included) uses; on a failure,
   * all of `css`: a screen drawn with more style than it needs is still drawn right.
   */
  styleFor(css: string, painted: string): Promise<string> {
    const key = `${digest(css)}.${digest(shapeOf(painted))}`;
    const found = this.kept.get(key);
    if (found) {
      // The most recently used last: the first one is the one to drop.
      this.kept.delete(key);
      this.kept.set(key, found);
      return found;
    }
    const style = this.find(css, painted);
    this.kept.set(key, style);
    if (this.kept.size > SHAPES_KEPT) this.kept.delete(this.kept.keys().next().value as string);
    return style;
  }

  private async find(css: string, painted: string): Promise<string> {
    const page = `<!doctype html><html><head><style>${css.replaceAll('</', '<\\/')}</style></head><body>${painted}</body></html>`;
    try {
      const pruned = await this.beasties.process(page);
      const style = /<style>([\s\S]*?)<\/style>/.exec(pruned);
      return style?.[1] ?? '';
    } catch {
      return css;
    }
  }
}
