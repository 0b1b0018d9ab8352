/** The agreement gate (docs/product.md, "Screens and the host") for a company user with a username who has not agreed yet. */
import { expect, test } from '../support/test';
import type { Page } from '@playwright/test';
import { testHook } from '../support/isolated-server';
import { as } from '../support/roles';

test.use(as('企业员工'));
test.describe.configure({ mode: 'serial' });

const notice = (page: Page) => page.locator('.adm-center-popup-body').filter({ hasText: '用户需知' });

test('用户需知 opens on load; the agreement shows as rich text; confirm needs the tick; then the gate is gone', async ({
  page,
  baseURL,
}) => {
  await testHook(baseURL as string, 'reset-agreement', { label: '企业员工' });
  await page.goto('/my');
  await expect(notice(page)).toBeVisible();
  const width = await notice(page).evaluate((element) => element.closest('.adm-center-popup-wrap')?.getBoundingClientRect().width ?? 0);
  expect(width / (page.viewportSize()?.width ?? 1)).toBeCloseTo(0.9, 1);

  await page.getByText('《用户授权协议》').click();
  const agreement = page.locator('.adm-center-popup-body, .adm-dialog-body').filter({ hasText: '授权范围' }).last();
  await expect(agreement).toContainText('用户授权协议');
  await expect(agreement.locator('strong', { hasText: '优税通' })).toBeVisible();
  expect(await agreement.locator('script').count()).toBe(0);
  await agreement
    .getByRole('button', { name: /关闭|我知道了|确定/ })
    .first()
    .click();

  await notice(page).getByRole('button', { name: '确认' }).click();
  await expect(notice(page)).toContainText('请阅读协议内容');
  await expect(notice(page)).toContainText('您需要同意授权协议后才能继续使用优税通');

  await notice(page).getByText('我已阅读并同意授权协议').click();
  await notice(page).getByRole('button', { name: '确认' }).click();
  await expect(notice(page)).toHaveCount(0);

  await page.reload();
  await expect(page.locator('.adm-nav-bar-title')).toHaveText('我的');
  // Had the gate opened, its dialog's code would have loaded by now.
  await page.waitForLoadState('networkidle');
  await expect(notice(page)).toHaveCount(0);
  await testHook(baseURL as string, 'reset-agreement', { label: '企业员工' });
});

test('a failure to record the agreement shows its message and keeps the gate', async ({ page, baseURL }) => {
  await testHook(baseURL as string, 'reset-agreement', { label: '企业员工' });
  await testHook(baseURL as string, 'force-failure', {
    path: 'taxAccount/agreedAgreement',
    errorCode: 5000,
    message: '更新授权协议状态失败!',
  });
  await page.goto('/my');
  await notice(page).getByText('我已阅读并同意授权协议').click();
  await notice(page).getByRole('button', { name: '确认' }).click();
  await expect(page.locator('.adm-toast-main')).toHaveText('更新授权协议状态失败!');
  await expect(notice(page)).toBeVisible();
  await testHook(baseURL as string, 'clear-failures', { path: 'taxAccount/agreedAgreement' });
});

test.describe('users the gate does not apply to', () => {
  test.use(as('普通用户'));
  test('an ordinary user is never asked', async ({ page }) => {
    await page.goto('/my');
    await expect(page.locator('.adm-nav-bar-title')).toHaveText('我的');
    await page.waitForLoadState('networkidle');
    await expect(notice(page)).toHaveCount(0);
  });
});
