/** The login and face dialogs (docs/product.md, "Screens and the host") against the e-tax simulator, from the tax account page. */
import { expect, test } from '../support/test';
import type { Page } from '@playwright/test';
import { testHook } from '../support/isolated-server';
import { as } from '../support/roles';
import { latestSmsCode, pendingTaskId, scan, setFault } from '../support/tax-bureau';

test.use(as('企业管理员'));
test.describe.configure({ mode: 'serial' });

const dialog = (page: Page) =>
  page
    .locator('.adm-center-popup-body, .adm-dialog-body')
    .filter({ hasText: /登录授权|刷脸认证/ })
    .first();
const toast = (page: Page) => page.locator('.adm-toast-main');

async function openTaxAccount(page: Page, state: { loggedIn: boolean; faceToday: boolean }, baseURL: string) {
  await testHook(baseURL, 'tax-account', { label: '企业管理员', ...state });
  await page.goto('/my/taxAccount');
  await expect(page.locator('.adm-nav-bar-title')).toHaveText('税务账号');
}

test('SMS login: the code field is checked, a wrong code is refused, the right one logs in', async ({ page, baseURL }) => {
  await openTaxAccount(page, { loggedIn: false, faceToday: false }, baseURL as string);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(dialog(page)).toContainText('登录授权');
  await page.getByText('短信授权').click();
  await expect(dialog(page)).toContainText('138****1111');

  const before = new Date().toISOString();
  await page.getByRole('button', { name: '发送验证码' }).click();
  await expect(page.getByRole('button', { name: /\d+s/ })).toBeVisible();
  const code = await latestSmsCode(baseURL as string, '13800001111', before);

  const field = dialog(page).getByRole('textbox');
  await field.fill('12');
  await page.getByRole('button', { name: '提交' }).click();
  await expect(dialog(page)).toContainText('请填写验证码(6位数字)');

  await field.fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: '提交' }).click();
  await expect(dialog(page)).toContainText('短信验证码错误');

  await field.fill(code);
  await page.getByRole('button', { name: '提交' }).click();
  await expect(toast(page)).toHaveText('授权登录成功!');
  await expect(page.getByText('已登录')).toBeVisible();
});

test('QR login: the image shows, and opening its URL with the tax app logs in', async ({ page, baseURL }) => {
  await openTaxAccount(page, { loggedIn: false, faceToday: false }, baseURL as string);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.getByText('扫码授权').click();
  await expect(dialog(page)).toContainText('长按二维码保存到手机');
  await expect(dialog(page)).toContainText('登录后请等待状态刷新');
  await expect(dialog(page).locator('canvas, img').first()).toBeVisible();
  await scan(page, baseURL as string, 'qrLogin');
  await expect(toast(page)).toHaveText('登录成功!');
  await expect(page.getByText('已登录')).toBeVisible();
});

test('QR login that the bureau refuses shows the reason, and 重新登录 starts again', async ({ page, baseURL }) => {
  await openTaxAccount(page, { loggedIn: false, faceToday: false }, baseURL as string);
  await setFault(baseURL as string, 'fail', '电子税务局维护中');
  try {
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.getByText('扫码授权').click();
    await expect(dialog(page)).toContainText('电子税务局维护中', { timeout: 20_000 });
  } finally {
    await setFault(baseURL as string, 'none');
  }
  await page.getByRole('button', { name: '重新登录' }).click();
  await expect(dialog(page)).toContainText('长按二维码保存到手机');
  await scan(page, baseURL as string, 'qrLogin');
  await expect(toast(page)).toHaveText('登录成功!');
});

test('face authentication: refused before login; then the QR, the scan, and 已认证 for today', async ({ page, baseURL }) => {
  await openTaxAccount(page, { loggedIn: false, faceToday: false }, baseURL as string);
  await page.getByRole('button', { name: '刷脸', exact: true }).click();
  await expect(dialog(page)).toContainText('今日未认证');
  await page.getByRole('button', { name: '开始认证' }).click();
  await expect(toast(page)).toHaveText('请先登录税务局!');

  await openTaxAccount(page, { loggedIn: true, faceToday: false }, baseURL as string);
  await page.getByRole('button', { name: '刷脸', exact: true }).click();
  await expect(dialog(page)).toContainText('认证成功后当日有效');
  await page.getByRole('button', { name: '开始认证' }).click();
  await expect(page.getByRole('img', { name: /二维码/ }).first()).toBeVisible();
  await scan(page, baseURL as string, 'face');
  await expect(toast(page)).toHaveText('人脸认证成功!');
  await expect(page.getByText('已认证')).toBeVisible();
});

test('closing the dialog mid-login and opening it again follows the same task (2001 reuses the saved id)', async ({ page, baseURL }) => {
  await openTaxAccount(page, { loggedIn: false, faceToday: false }, baseURL as string);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.getByText('扫码授权').click();
  await expect(dialog(page)).toContainText('长按二维码保存到手机');
  const first = await pendingTaskId(page, 'qrLogin');
  expect(first).toBeTruthy();

  await page.locator('.adm-center-popup-close').click();
  await expect(dialog(page)).toHaveCount(0);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.getByText('扫码授权').click();
  await expect(dialog(page)).toContainText('长按二维码保存到手机');
  expect(await pendingTaskId(page, 'qrLogin')).toBe(first);

  await scan(page, baseURL as string, 'qrLogin');
  await expect(toast(page)).toHaveText('登录成功!');
});
