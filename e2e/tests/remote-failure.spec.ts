/** A remote whose files cannot be fetched: its pages say so, everything else keeps working, and retry recovers. */
import { expect, test } from '../support/test';
import { currentPage, expectPage, tabBar } from '../support/app';
import { as } from '../support/roles';

test.use(as('企业管理员'));

const unavailable = (page: import('@playwright/test').Page) => page.getByRole('region', { name: '模块暂不可用' });

test('an unreachable remote shows 模块暂不可用; the tab bar, the host and other remotes work; retry recovers it', async ({ page }) => {
  await page.route('**/remotes/ticket/**', (route) => route.abort('connectionrefused'));
  await page.goto('/');
  await expectPage(page, { owner: 'invoice', title: '开票' });

  const reported = page.waitForRequest((request) => request.url().endsWith('/api/client/reportFailure'));
  await tabBar(page).getByText('票夹').click();
  await expect(unavailable(page)).toBeVisible();
  await expect(tabBar(page)).toBeVisible();
  // The server hears of it (ops see it per version in GET /metrics): which remote, which version, what kind; no more.
  const report = await reported;
  expect(report.postDataJSON()).toEqual({ app: 'ticket', version: expect.stringMatching(/^\d+\.\d+\.\d+$/), kind: 'remote-load' });
  expect((await report.response())?.status()).toBe(200);

  // Still down: retry says so in a Toast, and the reason is one tap away in a Dialog.
  await page.getByRole('button', { name: '重试' }).click();
  await expect(page.locator('.adm-toast-main')).toHaveText('模块仍不可用，请稍后重试');
  await page.getByRole('button', { name: '查看原因' }).click();
  const dialog = page.locator('.adm-dialog-body');
  await expect(dialog).toContainText('模块暂不可用');
  await dialog.getByRole('button', { name: '知道了' }).click();
  await expect(dialog).toHaveCount(0);

  // The other remotes and the host pages are unaffected.
  await tabBar(page).getByText('我的').click();
  await expectPage(page, { owner: 'my', title: '我的' });
  await tabBar(page).getByText('收支').click();
  await expectPage(page, { owner: 'payment', title: '收支' });
  await page.goto('/login');
  await expectPage(page, { owner: 'host', title: '登录' });

  // The remote comes back: retry loads it without reloading the page.
  await page.goto('/ticket/index');
  await expect(unavailable(page)).toBeVisible();
  await page.unroute('**/remotes/ticket/**');
  await page.evaluate(() => Object.assign(window, { stillTheSameDocument: true }));
  await page.getByRole('button', { name: '重试' }).click();
  await expectPage(page, { owner: 'ticket', name: 'TicketIndex', title: '票夹' });
  expect(await page.evaluate(() => 'stillTheSameDocument' in window)).toBe(true);
});

test('a remote whose page chunk fails after its routes loaded shows 模块暂不可用 for that page, and retry recovers', async ({ page }) => {
  await page.goto('/my');
  await expectPage(page, { owner: 'my', title: '我的' });
  // Its routes are loaded; now every further file of the remote fails.
  await page.route('**/remotes/my/**', (route) => route.abort('connectionrefused'));
  const reported = page.waitForRequest((request) => request.url().endsWith('/api/client/reportFailure'));
  await page.evaluate(() => {
    history.pushState({}, '', '/my/companies');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(unavailable(page)).toBeVisible();
  expect((await reported).postDataJSON()).toMatchObject({ app: 'my', kind: 'page-error' });
  await expect(currentPage(page).locator('.adm-nav-bar-title')).toHaveText('我的企业');
  await page.unroute('**/remotes/my/**');
  await page.getByRole('button', { name: '重试' }).click();
  await expectPage(page, { owner: 'my', name: 'MyCompanies', title: '我的企业' });
});

test('a remote that is down when its page is opened cold: the page carries its manifest, its entry fails, the page says so, retry recovers it', async ({
  page,
}) => {
  await page.route('**/remotes/ticket/**', (route) => route.abort('connectionrefused'));
  const failed: string[] = [];
  page.on('requestfailed', (request) => failed.push(new URL(request.url()).pathname));
  await page.goto('/ticket/index');
  await expect.poll(() => failed.some((path) => /\/remotes\/ticket\/[^/]+\/static\/js\/ticket\.[0-9a-f]+\.js$/.test(path))).toBe(true);
  // The manifest came with the page: the runtime did not ask the server for it.
  expect(failed.filter((path) => path.endsWith('/mf-manifest.json'))).toEqual([]);
  await expect(unavailable(page)).toBeVisible();
  await page.unroute('**/remotes/ticket/**');
  await page.evaluate(() => Object.assign(window, { stillTheSameDocument: true }));
  await page.getByRole('button', { name: '重试' }).click();
  await expectPage(page, { owner: 'ticket', title: '票夹' });
  expect(await page.evaluate(() => 'stillTheSameDocument' in window)).toBe(true);
});

test('when the page carries no registry and /remotes.json cannot be read the host still starts, and retry recovers every remote', async ({
  page,
}) => {
  // The server writes the registry into the page; a page without it (a proxy's cached copy, say) fetches it.
  await page.route('**/ticket/index', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(/<script type="application\/json" id="live-remotes">.*?<\/script>/, '');
    await route.fulfill({ response, body: html });
  });
  await page.route('**/remotes.json*', (route) => route.abort('connectionrefused'));
  await page.goto('/ticket/index');
  await expect(unavailable(page)).toBeVisible();
  await page.unroute('**/remotes.json*');
  await page.getByRole('button', { name: '重试' }).click();
  await expectPage(page, { owner: 'ticket', title: '票夹' });
});
