/**
 * A painted page carries only the rules its screen uses, inline (docs/architecture.md, "First screens from the
 * server"); these tell whether it looks exactly as it would with all the style its app has.
 */
import { writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { test } from './test';

/** Where the style the server wrote into the page's head starts and ends (its last `<style>` there). */
function inlineStyleAt(html: string): { start: number; end: number } {
  const start = html.lastIndexOf('<style>', html.indexOf('</head>'));
  return { start, end: start < 0 ? -1 : html.indexOf('</style>', start) + '</style>'.length };
}

/** The style the server wrote into the page's head, as written. */
export function inlineStyle(html: string): string {
  const { start, end } = inlineStyleAt(html);
  return start < 0 ? '' : html.slice(start + '<style>'.length, end - '</style>'.length);
}

/**
 * How many pixels of two screenshots differ visibly (pixelmatch's default threshold, antialiasing ignored: the same
 * page drawn twice may differ there); every pixel when their sizes differ. The difference is kept beside the test's
 * output as `name`.
 */
function visiblyDifferentPixels(first: Buffer, second: Buffer, name: string): number {
  const [a, b] = [PNG.sync.read(first), PNG.sync.read(second)];
  if (a.width !== b.width || a.height !== b.height) return Math.max(a.width * a.height, b.width * b.height);
  const diff = new PNG({ width: a.width, height: a.height });
  const different = pixelmatch(a.data, b.data, diff.data, a.width, a.height);
  if (different > 0) writeFileSync(test.info().outputPath(name), PNG.sync.write(diff));
  return different;
}

/**
 * How many pixels of `page`, showing `url` as the server wrote it (`carried`, scripts off), differ once its inline
 * style is `all` instead: 0 when the rules the server kept are all the screen needs.
 */
export async function pixelsUnlikeAllStyle(page: Page, url: string, carried: string, all: string): Promise<number> {
  const { start, end } = inlineStyleAt(carried);
  const withAll = `${carried.slice(0, start)}<style>${all}</style>${carried.slice(end)}`;
  const carriedShot = await page.screenshot({ fullPage: true, animations: 'disabled' });
  await page.route(url, (route) => route.fulfill({ contentType: 'text/html', body: withAll }));
  try {
    await page.goto(url);
    const allShot = await page.screenshot({ fullPage: true, animations: 'disabled' });
    const { pathname } = new URL(url);
    const width = page.viewportSize()?.width ?? 0;
    return visiblyDifferentPixels(carriedShot, allShot, `${pathname.replaceAll('/', '_')}-${width}-diff.png`);
  } finally {
    await page.unroute(url);
  }
}
