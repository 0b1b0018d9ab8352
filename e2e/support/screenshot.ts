/**
 * A screenshot to look at a screen: in the test's own output folder (.e2e/test-results/…), never elsewhere, once the
 * page's transitions have ended (a page fading in would be caught half drawn).
 */
import type { Page } from '@playwright/test';
import { test } from './test';

export async function shot(page: Page, name: string): Promise<void> {
  // Transitions end; a spinner's endless animation never does and is frozen by the screenshot instead.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  // One image pixel per CSS pixel: at the phone's 2.625 device pixels a long page is many times the pixels to encode,
  // and the picture reads the same.
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true, animations: 'disabled', scale: 'css' });
}
