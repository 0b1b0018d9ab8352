/** What the tests look at: the page a route rendered, its owner, and the tab bar. */
import { expect, type Page } from '@playwright/test';
import { PAINTED_ROOT } from './painted-root';

/** The page shown now (visited pages stay mounted but hidden, see the host's page cache). */
export function currentPage(page: Page) {
  return page.locator('.app-layout__page:visible');
}

export async function expectPage(page: Page, expected: { owner: string; name?: string; title: string }) {
  const frame = currentPage(page);
  await expect(frame).toHaveAttribute('data-owner', expected.owner);
  if (expected.name) await expect(frame).toHaveAttribute('data-page', expected.name);
  await expect(frame.locator('.adm-nav-bar-title')).toHaveText(expected.title);
}

/** Goes to `path` the way the app's own links do (history, no reload): the router follows the popstate. */
export async function navigateInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

export function tabBar(page: Page) {
  return page.getByRole('navigation', { name: '底部导航' });
}

/**
 * Until React has taken over the page's root: a first screen the server painted is shown before its script runs and
 * answers taps only once the app has hydrated it and taken its mark away (docs/architecture.md, "First screens from
 * the server"), as a phone's user waits too.
 */
export async function untilTakenOver(page: Page) {
  await page.waitForFunction(
    (painted) =>
      Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')) &&
      !document.querySelector(painted),
    PAINTED_ROOT,
  );
}

/**
 * Holds back the files whose address matches `file` (a page's script), as a slow phone's network does: the painted
 * screen shows and its buttons do not answer yet. Returns what lets them through.
 */
export async function holdBack(page: Page, file: RegExp): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(file, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
