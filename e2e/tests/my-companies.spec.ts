/**
 * 我的企业 and 绑定企业 (`/my/companies`, `/my/company/bind`) against the real server: the 企业管理员 of company A
 * generates a bind code; the 出租车管理员 of company B opens its short link `/t/<code>`, sees company A, binds and
 * lands home in A; in 我的企业 both companies show, A marked 当前; switching back to B shows B on the home page
 * without a page reload (a marker on `window` survives). On a server of its own: it changes a demo user's companies.
 */
import { expect, test } from '../support/test';
import { shot } from '../support/screenshot';
import type { Page } from '@playwright/test';
import { currentPage, expectPage, navigateInApp } from '../support/app';
import { wechatPhone } from '../support/browser';
import { startIsolatedServer, type IsolatedServer } from '../support/isolated-server';
import { acceptAgreement, callApi, demoSignIn } from '../support/sign-in';

test.describe.configure({ mode: 'serial' });

const COMPANY_A = '杭州优税通科技有限公司';
const COMPANY_B = '杭州顺达出租汽车有限公司';
let server: IsolatedServer;

const toast = (page: Page, text: string) => page.locator('.adm-toast-main', { hasText: text });
const dialogButton = (page: Page, name: string) => page.locator('.adm-dialog').getByRole('button', { name });

test.beforeAll(async () => {
  server = await startIsolatedServer();
});
test.afterAll(async () => server?.stop());

test('a bind code brings the taxi manager into a second company; switching shows it at home without a reload', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(150_000);

  // The 企业管理员 of A generates a bind code in 我的企业.
  await acceptAgreement(server.url, await server.signIn(context, '企业管理员'));
  await page.goto(`${server.url}/my/companies`);
  await expectPage(page, { owner: 'my', name: 'MyCompanies', title: '我的企业' });
  const row = currentPage(page).getByRole('article', { name: COMPANY_A, exact: true });
  await expect(row).toContainText('当前');
  const card = currentPage(page).getByRole('region', { name: '企业绑定码' });
  await card
    .getByRole('button', { name: /生成绑定码|重新生成/ })
    .first()
    .click();
  if (
    await dialogButton(page, '重新生成')
      .isVisible()
      .catch(() => false)
  )
    await dialogButton(page, '重新生成').click();
  const codeText = card.getByLabel('绑定码', { exact: true });
  await expect(codeText).toHaveText(/^[A-Za-z0-9]{4,16}$/);
  const code = (await codeText.textContent())!.trim();
  await expect(card.getByRole('img', { name: '企业绑定二维码' })).toBeVisible();
  await expect(card).toContainText(`${server.url}/t/${code}`);
  await expect(page.locator('.adm-toast-main')).toHaveCount(0);
  await shot(page, 'companies-manager-bind-code');

  // The 出租车管理员 of B opens the short link on a phone of their own.
  const taxiContext = await browser.newContext({ ...wechatPhone });
  try {
    const taxiToken = await server.signIn(taxiContext, '出租车管理员');
    await acceptAgreement(server.url, taxiToken);
    const taxi = await taxiContext.newPage();
    await taxi.goto(`${server.url}/t/${code}`);
    await expectPage(taxi, { owner: 'my', name: 'MyCompanyBind', title: '绑定企业' });
    await expect(taxi).toHaveURL(new RegExp(`/my/company/bind\\?code=${code}$`));
    const preview = currentPage(taxi).getByRole('region', { name: '将要加入的企业' });
    await expect(preview).toContainText(COMPANY_A);
    await shot(taxi, 'bind-preview');
    await preview.getByRole('button', { name: '确认绑定' }).click();
    await expect(toast(taxi, `已绑定${COMPANY_A}`).first()).toBeVisible();
    await expect(taxi).toHaveURL(`${server.url}/`);
    await expect(taxi.getByRole('region', { name: '当前企业' })).toContainText(COMPANY_A);

    const companies = await callApi<{ total: number; list: { name: string; current: boolean }[] }>(
      server.url,
      'company/getMyCompanies',
      {},
      taxiToken,
    );
    expect(companies.list.map((company) => company.name).sort()).toEqual([COMPANY_A, COMPANY_B].sort());
    expect(companies.list.find((company) => company.current)?.name).toBe(COMPANY_A);

    // From here on, no page load: the marker must survive the switch.
    await taxi.evaluate(() => ((window as unknown as { __noReload: string }).__noReload = 'still here'));
    await navigateInApp(taxi, '/my/companies');
    await expectPage(taxi, { owner: 'my', name: 'MyCompanies', title: '我的企业' });
    await expect(currentPage(taxi).getByRole('article')).toHaveCount(2);
    await expect(currentPage(taxi).getByRole('article', { name: COMPANY_A, exact: true })).toContainText('当前');
    await expect(currentPage(taxi).getByRole('article', { name: COMPANY_B, exact: true })).not.toContainText('当前');
    await shot(taxi, 'companies-two');

    await currentPage(taxi).getByRole('article', { name: COMPANY_B, exact: true }).click();
    await expect(taxi.locator('.adm-dialog')).toContainText(`切换到“${COMPANY_B}”？`);
    await dialogButton(taxi, '切换').click();
    await expect(toast(taxi, `已切换到${COMPANY_B}`).first()).toBeVisible();
    await expect(taxi).toHaveURL(`${server.url}/`);
    await expect(taxi.getByRole('region', { name: '当前企业' })).toContainText(COMPANY_B);
    expect(await taxi.evaluate(() => (window as unknown as { __noReload?: string }).__noReload)).toBe('still here');
    await expect(taxi.locator('.adm-toast-main')).toHaveCount(0);
    await shot(taxi, 'home-after-switch');

    // 我的 shows the new company too, still without a reload.
    await navigateInApp(taxi, '/my');
    await expect(currentPage(taxi).getByRole('region', { name: '个人信息' })).toContainText(COMPANY_B);
    expect(await taxi.evaluate(() => (window as unknown as { __noReload?: string }).__noReload)).toBe('still here');
    await shot(taxi, 'my-after-switch');
  } finally {
    await taxiContext.close();
  }
});

test('a bind code’s link opened by someone not signed in: they sign in first, then see the company to join', async ({ browser }) => {
  const managerToken = await demoSignIn(server.url, '企业管理员');
  const { code } = await callApi<{ code: string }>(server.url, 'company/createBindCode', {}, managerToken);
  // Not a public link: the server leaves the address to the host's /t page, which resolves it after sign-in.
  const context = await browser.newContext({ ...wechatPhone });
  try {
    const page = await context.newPage();
    await page.goto(`${server.url}/t/${code}`);
    await expect(page).toHaveURL(/\/api\/auth\/authorize\?authType=wechat/);
    expect(new URL(page.url()).searchParams.get('returnUrl')).toMatch(new RegExp(`^/t/${code}\\?t=\\d+$`));
    await page.getByRole('button', { name: '以普通用户身份登录' }).click();
    await expectPage(page, { owner: 'my', name: 'MyCompanyBind', title: '绑定企业' });
    await expect(page).toHaveURL(new RegExp(`/my/company/bind\\?code=${code}$`));
    await expect(currentPage(page).getByRole('region', { name: '将要加入的企业' })).toContainText(COMPANY_A);
    await shot(page, 'bind-after-sign-in');
  } finally {
    await context.close();
  }
});
