/** Every route of docs/product.md, "Screens and the host" reaches the page of the app that owns it (docs/architecture.md), with its title and tab bar. */
import { expect, test } from '../support/test';
import { expectPage, navigateInApp, tabBar } from '../support/app';
import { as } from '../support/roles';
import { OWNERS, ROUTES } from '../support/routes';

test.use(as('企业管理员'));

for (const owner of OWNERS) {
  test(`every route owned by ${owner} opens its page`, async ({ page }) => {
    const routes = ROUTES.filter((r) => r.owner === owner);
    for (const [index, route] of routes.entries()) {
      await test.step(route.path, async () => {
        // The first from a fresh load; the others as the app navigates (the router follows history), which is what a
        // user does and saves a full load of the host and the remote for each of the 56 routes.
        if (index === 0) await page.goto(route.path);
        else await navigateInApp(page, route.path);
        await expectPage(page, route);
        if (route.tabBar) await expect(tabBar(page)).toBeVisible();
        else await expect(tabBar(page)).toHaveCount(0);
      });
    }
  });
}

test('/shop/universalBindShop redirects to the company binding page', async ({ page }) => {
  await page.goto('/shop/universalBindShop');
  await expectPage(page, { owner: 'my', name: 'MyCompanyBind', title: '绑定企业' });
  await expect(page).toHaveURL(/\/my\/company\/bind$/);
});

test('the login page offers WeChat sign-in inside WeChat', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: '微信授权登录' })).toBeVisible();
});

test('an unknown path, and an unknown page of a remote, show not-found with a way home', async ({ page }) => {
  for (const path of ['/no/such/page', '/invoice/nothing', '/t/unknown-code']) {
    await page.goto(path);
    await expect(page.getByRole('region', { name: '页面不存在' })).toBeVisible();
  }
  await page.getByRole('button', { name: '返回首页' }).click();
  await expectPage(page, { owner: 'invoice', name: 'InvoiceDefaultCreate', title: '开票' });
  await expect(page).toHaveURL(/\/$/);
});

test('the tab bar switches between the four tabs, each from its own remote', async ({ page }) => {
  await page.goto('/');
  const tabs = tabBar(page);
  await tabs.getByText('票夹').click();
  await expectPage(page, { owner: 'ticket', title: '票夹' });
  await tabs.getByText('收支').click();
  await expectPage(page, { owner: 'payment', title: '收支' });
  await tabs.getByText('我的').click();
  await expectPage(page, { owner: 'my', title: '我的' });
  await tabs.getByText('开票').click();
  await expectPage(page, { owner: 'invoice', title: '开票' });
});
