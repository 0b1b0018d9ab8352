/** Who sees the tab bar (docs/product.md, "Screens and the host"): company users only, never with J4Project in the address. */
import { expect, test } from '../support/test';
import { currentPage, expectPage, tabBar } from '../support/app';
import { as } from '../support/roles';
import type { DemoUser } from '../support/sign-in';

const COMPANY_USERS: DemoUser[] = ['企业管理员', '出租车管理员', '线下收款管理员', '企业员工'];

for (const label of COMPANY_USERS) {
  test.describe(label, () => {
    test.use(as(label));
    test('sees the tab bar on the tab pages', async ({ page }) => {
      await page.goto('/my');
      await expectPage(page, { owner: 'my', title: '我的' });
      await expect(tabBar(page)).toBeVisible();
      await expect(tabBar(page).getByText('开票')).toBeVisible();
    });
  });
}

test.describe('普通用户', () => {
  test.use(as('普通用户'));
  test('an ordinary user sees no tab bar', async ({ page }) => {
    await page.goto('/my');
    await expectPage(page, { owner: 'my', title: '我的' });
    await expect(tabBar(page)).toHaveCount(0);
  });
});

test.describe('J4Project', () => {
  test.use(as('企业管理员'));
  test('an address with the J4Project marker shows no tab bar', async ({ page }) => {
    await page.goto('/my?channel=J4Project');
    await expect(currentPage(page)).toHaveAttribute('data-page', 'My');
    await expect(tabBar(page)).toHaveCount(0);
  });
});
