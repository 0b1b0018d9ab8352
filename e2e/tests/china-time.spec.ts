/**
 * China time on a phone elsewhere: the browser is in Los Angeles, 16 hours behind Beijing. The face dialog
 * shows the authentication time as the server decides "today" (Beijing), and the month a list opens on is the China
 * month. On a server of its own: the tax account's face state is set through a test hook.
 */
import { expect, test } from '../support/test';
import { chinaDateTime } from '@app/domain/china-time';
import { currentPage } from '../support/app';
import { startIsolatedServer, type IsolatedServer } from '../support/isolated-server';
import { acceptAgreement, callApi } from '../support/sign-in';

test.describe.configure({ mode: 'serial' });
test.use({ timezoneId: 'America/Los_Angeles' });

let server: IsolatedServer;

test.beforeAll(async () => {
  server = await startIsolatedServer();
});
test.afterAll(async () => {
  await server?.stop();
});

test('the face dialog shows the authentication time in Beijing time, not the phone’s', async ({ page }) => {
  const token = await server.signIn(page.context(), '企业管理员');
  await acceptAgreement(server.url, token);
  await server.hook('tax-account', { label: '企业管理员', loggedIn: true, faceToday: true });
  const account = await callApi<{ scanFaceTime: string }>(server.url, 'taxAccount/getTaxAccount', {}, token);
  const beijing = chinaDateTime(account.scanFaceTime);

  await page.goto(`${server.url}/my/taxAccount`);
  await page.getByRole('button', { name: '刷脸', exact: true }).click();
  const dialog = page.locator('.adm-center-popup-body, .adm-dialog-body').filter({ hasText: '刷脸认证' }).first();
  await expect(dialog).toContainText('今日已认证');
  await expect(dialog).toContainText(`认证时间 ${beijing}`);
  // The phone really is elsewhere: its own clock reads another time.
  const local = await page.evaluate((at) => {
    const date = new Date(at);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
  }, account.scanFaceTime);
  expect(local).not.toBe(beijing);
});

test('收支 opens on the China month, and the invoice list offers it first, when the phone is still in the month before', async ({ page }) => {
  // 1 November, 01:00 in Beijing; still 31 October, 10:00, in Los Angeles.
  await page.clock.setFixedTime(new Date('2026-10-31T17:00:00Z'));
  await server.signIn(page.context(), '企业管理员');
  await page.goto(`${server.url}/payment/list`);
  const totals = page.getByRole('region', { name: '本月合计' });
  await expect(totals.getByRole('button', { name: /2026年11月/ })).toBeVisible();
  expect(await page.evaluate(() => new Date().getMonth() + 1)).toBe(10);

  await page.goto(`${server.url}/invoice/list`);
  await currentPage(page).getByText('全部月份').click();
  const months = page.locator('.adm-dropdown-popup-body');
  await expect(months.getByText('2026年11月', { exact: true })).toBeVisible();
  await expect(months.getByText('2026年10月', { exact: true })).toBeVisible();
  // Newest first: November (China's month) comes before October.
  const text = (await months.textContent()) ?? '';
  expect(text.indexOf('2026年11月')).toBeLessThan(text.indexOf('2026年10月'));
});
