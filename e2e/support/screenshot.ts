/**
 * A screenshot to look at a screen: in the test's own output folder (.e2e/test-results/…), never elsewhere, once no
 * toast or mask covers the page and its transitions have ended (a page fading in would be caught half drawn).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './test';

export async function shot(page: Page, name: string): Promise<void> {
  await expect(page.locator('.adm-toast-main')).toHaveCount(0);
  await expect(page.locator('.adm-mask:visible')).toHaveCount(0);
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true, animations: 'disabled' });
}
