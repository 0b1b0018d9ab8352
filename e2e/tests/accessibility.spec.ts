/**
 * Every route, checked by axe-core in the browser as 企业管理员 sees it (the page, its nav bar, the tab bar, the
 * 演示环境 badge): no serious or critical violation. The fixes live in the shared pieces every remote inherits (the
 * HTML template of @app/build-config, the @app/ui facade, the theme tokens), so a new page starts accessible.
 * Also the page's language and zoom, which axe checks on the document.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { expectPage, navigateInApp } from '../support/app';
import { as } from '../support/roles';
import { OWNERS, ROUTES } from '../support/routes';

test.use(as('企业管理员'));

/**
 * The serious and critical violations on the page, each as `rule: target … (how many)`, once its transition has
 * ended: pages fade in, and text half-faded in reads as low contrast.
 */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  const { violations } = await new AxeBuilder({ page }).analyze();
  return (
    violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      // A list row that is one button is named by its title and amount by design (@app/widgets/list-row), the label in
      // WCAG 2.5.3's sense; axe's check of this rule compares the whole of the row's text instead.
      .map((violation) => ({
        ...violation,
        nodes: violation.nodes.filter((node) => !(violation.id === 'label-content-name-mismatch' && node.html.includes('data-list-row'))),
      }))
      .filter((violation) => violation.nodes.length > 0)
      .map(
        (violation) =>
          `${violation.id}: ${violation.nodes
            .map((node) => node.target.join(' '))
            .slice(0, 3)
            .join(', ')} (${violation.nodes.length})`,
      )
  );
}

/** Routes one test checks: short tests spread over the workers, and stay within a test's longest time-out. */
const ROUTES_A_TEST = 8;

for (const owner of OWNERS) {
  const routes = ROUTES.filter((route) => route.owner === owner);
  for (let first = 0; first < routes.length; first += ROUTES_A_TEST) {
    const part = routes.slice(first, first + ROUTES_A_TEST);
    const span = part.length > 1 ? `${first + 1}–${first + part.length}` : `${first + 1}`;
    const which = routes.length > ROUTES_A_TEST ? ` (${span} of ${routes.length})` : '';
    test(`every route owned by ${owner} passes axe-core without a serious violation${which}`, async ({ page }) => {
      // 20 s a route on a busy machine, for ROUTES_A_TEST routes.
      test.setTimeout(160_000);
      for (const [index, route] of part.entries()) {
        await test.step(route.path, async () => {
          if (index === 0) await page.goto(route.path);
          else await navigateInApp(page, route.path);
          await expectPage(page, route);
          // What loads after the frame (the list's first page, the form) is part of what is checked.
          await page.waitForLoadState('networkidle');
          expect(await seriousViolations(page), route.path).toEqual([]);
        });
      }
    });
  }
}

test('the document says it is Chinese, lets the reader zoom and has an icon (no request answers 404)', async ({ page }) => {
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  await page.goto('/');
  await expectPage(page, { owner: 'invoice', name: 'InvoiceDefaultCreate', title: '开票' });
  await page.waitForLoadState('networkidle');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  const viewport = await page.locator('meta[name="viewport"]').getAttribute('content');
  expect(viewport).not.toMatch(/user-scalable\s*=\s*(no|0)/);
  expect(viewport).not.toMatch(/maximum-scale\s*=\s*1(\.0)?\b/);
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', /^data:image\/svg\+xml,/);
  expect(failed).toEqual([]);
});
