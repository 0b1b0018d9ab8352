/**
 * The error catalogue of docs/product.md, "Errors" in the browser: the server is made to answer each code (a test-only hook) to the
 * login dialog's call, as the user opens it from the tax account page.
 */
import { expect, test } from '../support/test';
import type { Page } from '@playwright/test';
import { testHook } from '../support/isolated-server';
import { as } from '../support/roles';
import { demoSignIn } from '../support/sign-in';

test.use(as('出租车管理员'));
test.describe.configure({ mode: 'serial' });

const alert = (page: Page) => page.locator('.adm-dialog-body').last();

async function failNextLogin(page: Page, baseURL: string, errorCode: number, message: string) {
  await testHook(baseURL, 'tax-account', { label: '出租车管理员', loggedIn: false });
  await testHook(baseURL, 'force-failure', { path: 'task/createLoginTask', errorCode, message });
  await page.goto('/my/taxAccount');
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

test.afterEach(async ({ baseURL }) => testHook(baseURL as string, 'clear-failures', { path: 'task/createLoginTask' }));

for (const code of [1001, 1002]) {
  test(`${code}: 登录已失效, confirm signs in again`, async ({ page, baseURL }) => {
    await failNextLogin(page, baseURL as string, code, '登录已过期，请重新登录');
    await expect(alert(page)).toContainText('登录已失效');
    await expect(alert(page)).toContainText('请点击确定重新登录');
    await alert(page).getByRole('button', { name: '确定' }).click();
    await expect(page).toHaveURL(/\/api\/auth\/authorize/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBe('null');
  });
}

for (const code of [1003, 1004]) {
  test(`${code}: 权限不足 with the server's message, then home, still signed in`, async ({ page, baseURL }) => {
    await failNextLogin(page, baseURL as string, code, '您没有此操作的权限');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await expect(alert(page)).toContainText('权限不足');
    await expect(alert(page)).toContainText('您没有此操作的权限');
    await alert(page).getByRole('button', { name: '确定' }).click();
    await expect(page).not.toHaveURL(/\/my\/taxAccount/);
    // The user and company state is read afresh; the session is the user's and stays (docs/product.md, "Errors").
    await expect(page.locator('.adm-tab-bar')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(token);
  });
}

test('2003: 服务已过期 with 联系客服, which opens the contact page, and it opens the WeChat Work contact at once', async ({
  page,
  baseURL,
}) => {
  // The contact page goes straight on to the service's WeChat Work address, which this machine cannot reach: it is
  // answered here, and every address the page passes through is kept (the contact page may be left within moments).
  await page.route('https://work.weixin.qq.com/**', (route) =>
    route.fulfill({ contentType: 'text/html; charset=utf-8', body: '<p>企业微信客服</p>' }),
  );
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(frame.url());
  });
  await failNextLogin(page, baseURL as string, 2003, '服务已于 2026-01-01 到期，请联系客服续费');
  await expect(alert(page)).toContainText('服务已过期');
  await expect(alert(page)).toContainText('请联系客服续费');
  await alert(page).getByRole('button', { name: '联系客服' }).click();
  await expect(page).toHaveURL(/^https:\/\/work\.weixin\.qq\.com\/kfid\//);
  await expect(page.getByText('企业微信客服')).toBeVisible();
  expect(visited.some((url) => /\/my\/contactUs\?auto=workWechat$/.test(url))).toBe(true);
});

test('2007: acting at the tax bureau without the accepted agreement opens 用户需知', async ({ page, baseURL }) => {
  await failNextLogin(page, baseURL as string, 2007, '请先阅读并同意《用户授权协议》，优税通才能代您办理税务事项');
  const notice = page.locator('.adm-center-popup-body').filter({ hasText: '用户需知' });
  await expect(notice).toBeVisible();
  await notice.getByText('我已阅读并同意授权协议').click();
  await notice.getByRole('button', { name: '确认' }).click();
  await expect(notice).toHaveCount(0);
});

test('a network error is a warning toast that goes after about a second', async ({ page, baseURL }) => {
  await testHook(baseURL as string, 'tax-account', { label: '出租车管理员', loggedIn: false });
  await page.route('**/api/task/createLoginTask', (route) => route.abort('connectionreset'));
  await page.goto('/my/taxAccount');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  const toast = page.locator('.adm-toast-main');
  await expect(toast).toBeVisible();
  await expect(toast).toBeHidden({ timeout: 2500 });
});

test('an expired session: 错误 / 登录信息失效, then sign in again', async ({ page, context, baseURL }) => {
  // A session of its own, so the stored one other tests use stays valid.
  const token = await demoSignIn(baseURL as string, '出租车管理员');
  await context.addInitScript((value) => localStorage.setItem('token', JSON.stringify(value)), token);
  await page.goto('/my');
  await expect(page.locator('.adm-nav-bar-title')).toHaveText('我的');
  await testHook(baseURL as string, 'expire-session', { token });
  await page.reload();
  await expect(alert(page)).toContainText('错误');
  await expect(alert(page)).toContainText('登录信息失效');
  await alert(page).getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(/\/api\/auth\/authorize/);
});
