/**
 * The page cache (docs/product.md, "Screens and the host"): a visited page stays mounted with its state and scroll; InvoiceDefaultCreate and the
 * other excluded pages start afresh.
 */
import { expect, test } from '../support/test';
import type { Page } from '@playwright/test';
import { currentPage, expectPage, tabBar } from '../support/app';
import { as } from '../support/roles';

test.use(as('企业管理员'));

/** Leaves a mark in the page's own DOM: it survives only if the page stays mounted. */
async function mark(page: Page) {
  await currentPage(page).evaluate((element) => element.setAttribute('data-mark', 'kept'));
}

test('a kept page keeps its state and its scroll position; an excluded page starts afresh', async ({ page }) => {
  await page.goto('/my');
  await expectPage(page, { owner: 'my', name: 'My', title: '我的' });
  await mark(page);
  await page.evaluate(() => {
    document.body.style.minHeight = '3000px';
    window.scrollTo(0, 600);
  });

  await tabBar(page).getByText('开票').click();
  await expectPage(page, { owner: 'invoice', name: 'InvoiceDefaultCreate', title: '开票' });
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await mark(page);

  await tabBar(page).getByText('我的').click();
  await expectPage(page, { owner: 'my', name: 'My', title: '我的' });
  await expect(currentPage(page)).toHaveAttribute('data-mark', 'kept');
  expect(await page.evaluate(() => window.scrollY)).toBe(600);

  await tabBar(page).getByText('开票').click();
  await expectPage(page, { owner: 'invoice', name: 'InvoiceDefaultCreate', title: '开票' });
  await expect(currentPage(page)).not.toHaveAttribute('data-mark', 'kept');
});
