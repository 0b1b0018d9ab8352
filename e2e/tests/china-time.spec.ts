/**
 * China time on a phone elsewhere: the browser is in Los Angeles, 15 or 16 hours behind Beijing. The face dialog
 * shows the authentication time as the server decides "today" (Beijing); the month a list opens on is the China month;
 * and every date picker (开票日期 of 按号码查找 and 手动录入, the months of 发票列表 and 收支, the statistics' days,
 * the trip's times) opens on China's day, month and time and offers nothing later, at 04:00 in Beijing, while the
 * phone is still on the day before. On a server of its own: the tax account's state is set through a test hook. The
 * server's clock is real, so the browser's is set to this morning in Beijing of the server's own day (a day the
 * server issues invoices on) or, for the months, to the first of this month.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { chinaDate, chinaDateTime, chinaMonth } from '@app/domain/china-time';
import { currentPage, expectPage } from '../support/app';
import { issueBlueInvoice, saveServiceGoods } from '../support/invoices';
import { startIsolatedServer, type IsolatedServer } from '../support/isolated-server';
import { acceptAgreement, callApi } from '../support/sign-in';

/** 04:00 in Beijing today, and on the first of this month: the evening before in Los Angeles. */
function chinaMorning(now: Date) {
  const today = chinaDate(now);
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  return {
    today,
    thisMorning: new Date(`${today}T04:00:00.000+08:00`),
    firstMorning: new Date(`${chinaMonth(now)}-01T04:00:00.000+08:00`),
    year,
    month,
    day,
  };
}
// Read as each test starts, after any wait for China's midnight (support/china-day.ts).
let morning = chinaMorning(new Date());
const pad = (value: number) => String(value).padStart(2, '0');

/** The open picker with this title. */
const picker = (page: Page, title: string) =>
  page.locator('.adm-picker').filter({ has: page.locator('.adm-picker-header-title', { hasText: title }) });

/** The picker's wheels as they stand, year first (antd-mobile names each column's current item). */
async function wheels(page: Page, title: string): Promise<string[]> {
  return picker(page, title)
    .getByRole('button', { name: /^当前选择的是：/ })
    .evaluateAll((columns) => columns.map((column) => (column.getAttribute('aria-label') ?? '').replace('当前选择的是：', '')));
}

/** Every wheel stands at its latest item: the picker offers nothing later than where it opened. */
async function expectNothingLater(page: Page, title: string, columns: number) {
  await expect(picker(page, title).locator('[aria-label="没有下一项"]')).toHaveCount(columns);
}

/** The phone's own calendar day: the day before China's at these times. */
const phoneDay = (page: Page) => page.evaluate(() => new Date().getDate());

test.describe.configure({ mode: 'serial' });
test.use({ timezoneId: 'America/Los_Angeles' });

let server: IsolatedServer;

test.beforeAll(async () => {
  server = await startIsolatedServer();
});
test.beforeEach(() => {
  morning = chinaMorning(new Date());
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

test('收支 opens on the China month, and the invoice list offers it first, when the phone is still in the month before', async ({
  page,
}) => {
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

test('the month pickers of 收支 and 发票列表 open on China’s month and offer nothing later, on the first of the month', async ({
  page,
}) => {
  await page.clock.setFixedTime(morning.firstMorning);
  await server.signIn(page.context(), '企业管理员');
  const [year, month] = chinaMonth(morning.firstMorning).split('-').map(Number) as [number, number];
  await page.goto(`${server.url}/payment/list`);
  await page
    .getByRole('region', { name: '本月合计' })
    .getByRole('button', { name: new RegExp(`${year}年${month}月`) })
    .click();
  await expect.poll(() => wheels(page, '选择月份')).toEqual([`${year}年`, `${month}月`]);
  await expectNothingLater(page, '选择月份', 2);
  expect(await page.evaluate(() => new Date().getMonth() + 1)).not.toBe(month);
  await page.locator('.adm-picker-header-button', { hasText: '取消' }).click();

  await page.goto(`${server.url}/invoice/list`);
  await currentPage(page).getByText('全部月份').click();
  await page.locator('.adm-dropdown-popup-body').getByRole('button', { name: '选择更早的月份' }).click();
  await expect.poll(() => wheels(page, '选择开票月份')).toEqual([`${year}年`, `${month}月`]);
  await expectNothingLater(page, '选择开票月份', 2);
  // Confirmed as it opened: the list is of China's month.
  const listed = page.waitForRequest(
    (request) =>
      request.url().endsWith('/api/invoice/list') &&
      (request.postDataJSON() as { month?: string }).month === chinaMonth(morning.firstMorning),
  );
  await picker(page, '选择开票月份').locator('.adm-picker-header-button', { hasText: '确定' }).click();
  await listed;
  await expect(currentPage(page).locator('.adm-dropdown-item-title-text', { hasText: `${year}年${month}月` })).toBeVisible();
});

test('按号码查找: 开票日期 opens on today in China, and searching with it finds the invoice issued today', async ({ page }) => {
  const token = await server.signIn(page.context(), '企业管理员');
  await acceptAgreement(server.url, token);
  await server.hook('tax-account', { label: '企业管理员', loggedIn: true, faceToday: true });
  const goods = await saveServiceGoods(server.url, token);
  const buyer = {
    name: '杭州时区测试贸易有限公司',
    taxNumber: '91110108MA01C2QK3D',
    address: '',
    phone: '',
    bankName: '',
    bankAccount: '',
    naturalPerson: false,
  };
  const invoice = await issueBlueInvoice(server.url, token, buyer, [{ goodsId: goods.id, grossFen: 10_600, rate: 60 }]);
  expect(chinaDate(invoice.issuedAt)).toBe(morning.today);

  await page.clock.setFixedTime(morning.thisMorning);
  await page.goto(`${server.url}/invoice/return`);
  await expectPage(page, { owner: 'invoice', name: 'InvoiceReturn', title: '红字发票' });
  expect(await phoneDay(page)).not.toBe(morning.day);
  await currentPage(page).getByRole('tab', { name: '按号码查找' }).click();
  await currentPage(page).getByPlaceholder('20 位数电发票号码').fill(invoice.number);
  await currentPage(page).getByText('请选择').click();
  await expect.poll(() => wheels(page, '选择开票日期')).toEqual([`${morning.year}年`, `${morning.month}月`, `${morning.day}日`]);
  await expectNothingLater(page, '选择开票日期', 3);
  await picker(page, '选择开票日期').locator('.adm-picker-header-button', { hasText: '确定' }).click();
  await expect(currentPage(page).getByText(morning.today, { exact: true })).toBeVisible();
  await currentPage(page).getByRole('button', { name: '查找发票' }).click();
  await expect(currentPage(page).getByLabel('原蓝字发票')).toContainText(buyer.name);
  await expect(currentPage(page).getByText('未找到该发票')).toHaveCount(0);
});

test('手动录入’s 开票日期 and the statistics’ custom days open on today in China and offer nothing later', async ({ page }) => {
  await page.clock.setFixedTime(morning.thisMorning);
  await server.signIn(page.context(), '企业管理员');
  await page.goto(`${server.url}/ticket/import/input`);
  await expectPage(page, { owner: 'ticket', name: 'TicketImportInput', title: '手动录入' });
  expect(await phoneDay(page)).not.toBe(morning.day);
  await currentPage(page).getByText('请选择').click();
  await expect.poll(() => wheels(page, '选择开票日期')).toEqual([`${morning.year}年`, `${morning.month}月`, `${morning.day}日`]);
  await expectNothingLater(page, '选择开票日期', 3);
  await picker(page, '选择开票日期').locator('.adm-picker-header-button', { hasText: '确定' }).click();
  await expect(currentPage(page).getByText(morning.today, { exact: true })).toBeVisible();

  await page.goto(`${server.url}/my/statistics/invoiceStatistics`);
  await expectPage(page, { owner: 'my', name: 'InvoiceStatistics', title: '开票统计' });
  await expect(currentPage(page).getByText(`${chinaMonth(morning.thisMorning)}-01 至 ${morning.today} · 按日`)).toBeVisible();
  await currentPage(page).getByText('自定义', { exact: true }).click();
  await currentPage(page)
    .getByRole('button', { name: `结束日期 ${morning.today}` })
    .click();
  await expect.poll(() => wheels(page, '选择结束日期')).toEqual([`${morning.year}年`, `${morning.month}月`, `${morning.day}日`]);
  await expectNothingLater(page, '选择结束日期', 3);
});

test('记录行程: the trip’s times are China’s, on the button and on the wheels, up to now', async ({ page }) => {
  await page.clock.setFixedTime(morning.thisMorning);
  await acceptAgreement(server.url, await server.signIn(page.context(), '出租车管理员'));
  await page.goto(`${server.url}/taxi/trip`);
  await expectPage(page, { owner: 'taxi', name: 'TaxiTrip', title: '记录行程' });
  expect(await phoneDay(page)).not.toBe(morning.day);
  await currentPage(page)
    .getByRole('button', { name: `下车时间：${morning.today} 04:00` })
    .click();
  await expect
    .poll(() => wheels(page, '选择下车时间'))
    .toEqual([`${morning.year}年`, `${pad(morning.month)}月`, `${pad(morning.day)}日`, '04时', '00分']);
  await expectNothingLater(page, '选择下车时间', 5);
  await picker(page, '选择下车时间').locator('.adm-picker-header-button', { hasText: '取消' }).click();
  await currentPage(page)
    .getByRole('button', { name: `上车时间：${morning.today} 03:45` })
    .click();
  await expect
    .poll(() => wheels(page, '选择上车时间'))
    .toEqual([`${morning.year}年`, `${pad(morning.month)}月`, `${pad(morning.day)}日`, '03时', '45分']);
  // Confirmed as it stands, the start time is unchanged: what the wheels show is read back as China time.
  await picker(page, '选择上车时间').locator('.adm-picker-header-button', { hasText: '确定' }).click();
  await expect(currentPage(page).getByRole('button', { name: `上车时间：${morning.today} 03:45` })).toBeVisible();
});
