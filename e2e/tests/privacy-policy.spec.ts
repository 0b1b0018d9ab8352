/**
 * 隐私政策: opened from the agreement dialog (over it, the dialog kept as it was) and from 我的 (the host's /privacy);
 * agreeing records the policy version, and the screens are looked at at 360 and 390 px.
 */
import { expect, test } from '../support/test';
import type { Page } from '@playwright/test';
import { PRIVACY_POLICY_VERSION } from '@app/domain/privacy-policy';
import { currentPage, expectPage } from '../support/app';
import { testHook } from '../support/isolated-server';
import { settled, wrappedButtons } from '../support/layout-check';
import { as } from '../support/roles';

test.use(as('企业员工'));
test.describe.configure({ mode: 'serial' });

const notice = (page: Page) => page.locator('.adm-center-popup-body').filter({ hasText: '用户需知' });
const policy = (page: Page) => page.getByRole('dialog', { name: '隐私政策' });

async function lookAt(page: Page, name: string) {
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await settled(page);
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}px.png`), scale: 'css' });
    expect.soft(await wrappedButtons(page), `buttons that wrap at ${width} px`).toEqual([]);
    // Nothing wider than the screen: the text wraps instead of scrolling sideways.
    expect.soft(await page.evaluate(() => document.documentElement.scrollWidth), `page width at ${width} px`).toBeLessThanOrEqual(width);
  }
}

test('from 用户需知: 《隐私政策》 opens over the notice, 返回 leaves it ticked, and 确认 records the version', async ({
  page,
  baseURL,
}) => {
  await testHook(baseURL as string, 'reset-agreement', { label: '企业员工' });
  await page.goto('/my');
  await expect(notice(page)).toBeVisible();
  await lookAt(page, 'agreement-notice');
  await notice(page).getByText('我已阅读并同意授权协议').click();

  await notice(page).getByRole('button', { name: '《隐私政策》' }).click();
  await expect(policy(page).getByRole('heading', { level: 1, name: '优税通隐私政策' })).toBeVisible();
  await expect(policy(page).getByRole('heading', { level: 2 })).toHaveCount(6);
  await expect(policy(page)).toContainText(`版本 ${PRIVACY_POLICY_VERSION}`);
  await lookAt(page, 'privacy-over-agreement');
  await policy(page).getByRole('button', { name: '返回' }).click();
  await expect(policy(page)).toHaveCount(0);

  // The box is still ticked: 确认 accepts at once, with the version shown.
  const accepted = page.waitForRequest((request) => request.url().endsWith('/api/taxAccount/agreedAgreement'));
  await notice(page).getByRole('button', { name: '确认' }).click();
  expect((await accepted).postDataJSON()).toMatchObject({ privacyPolicyVersion: PRIVACY_POLICY_VERSION });
  await expect(notice(page)).toHaveCount(0);
  await page.reload();
  await expect(currentPage(page).locator('.adm-nav-bar-title')).toHaveText('我的');
  await page.waitForLoadState('networkidle');
  await expect(notice(page)).toHaveCount(0);
  await testHook(baseURL as string, 'reset-agreement', { label: '企业员工' });
});

test.describe('from 我的', () => {
  test.use(as('企业管理员'));
  test('the 隐私政策 row opens the host’s /privacy, and back returns to 我的', async ({ page }) => {
    await page.goto('/my');
    await expectPage(page, { owner: 'my', title: '我的' });
    await currentPage(page).getByText('隐私政策', { exact: true }).click();
    await expectPage(page, { owner: 'host', name: 'PrivacyPolicy', title: '隐私政策' });
    await expect(page).toHaveURL(/\/privacy$/);
    const shown = currentPage(page);
    await expect(shown.getByRole('heading', { level: 1, name: '优税通隐私政策' })).toBeVisible();
    await expect(shown.getByRole('heading', { level: 2, name: '四、您的权利' })).toBeVisible();
    await expect(shown.getByText('注销账号', { exact: true })).toBeVisible();
    await lookAt(page, 'privacy-page');
    await page.screenshot({ path: test.info().outputPath('privacy-page-390px-full.png'), fullPage: true, scale: 'css' });
    await shown.getByRole('button', { name: '返回' }).click();
    await expectPage(page, { owner: 'my', title: '我的' });
  });
});
