/**
 * 开票统计 and 收入统计 against the real server, on a server of its own: 企业管理员 (the tax bureau ready) issues two
 * blue invoices (¥106.00 at 6 %, ¥113.00 at 13 %) and reverses the second in full; a customer pays ¥88.00 at the shop
 * code. From 我的 → 统计 the manager sees this month's totals, the chart and the lines by rate; the tabs lead to
 * 收入统计 with the payment by channel. An employee sees 开票统计 without the tabs.
 */
import { expect, test } from '../support/test';
import type { Page } from '@playwright/test';
import { currentPage, expectPage } from '../support/app';
import { startIsolatedServer, type IsolatedServer } from '../support/isolated-server';
import { acceptAgreement, callApi, demoSignIn } from '../support/sign-in';
import { until } from '../support/wait';

test.describe.configure({ mode: 'serial' });

const MANAGER = '企业管理员';
const BUYER = { name: '张三', taxNumber: '', address: '', phone: '', bankName: '', bankAccount: '', naturalPerson: true };

let server: IsolatedServer;
let token: string;

const api = <T>(path: string, body: unknown) => callApi<T>(server.url, path, body, token);
const serial = () => `e2e-stats-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`;

async function finished(created: { taskId: string; invoiceId: string }) {
  const task = await until(`task ${created.taskId} to finish`, async () => {
    const detail = await api<{ taskStatus: number; failReason: string | null }>('task/getTaskDetail', { id: created.taskId });
    return detail.taskStatus === 1 || detail.taskStatus === -1 ? detail : null;
  });
  if (task.taskStatus !== 1) throw new Error(`invoice task failed: ${task.failReason}`);
  return created.invoiceId;
}

async function goods(name: string, taxCode: string, taxShortName: string, rate: number): Promise<string> {
  return (
    await api<{ id: string }>('goods/save', {
      name,
      taxCode,
      taxShortName,
      model: '',
      unit: '项',
      unitPriceFen: null,
      taxRatePermille: rate,
      taxFree: null,
    })
  ).id;
}

async function blue(goodsId: string, grossFen: number, rate: number): Promise<string> {
  const lines = [{ goodsId, quantity: null, grossFen, rate }];
  return finished(
    await api('task/createBlueInvoiceTask', {
      requestSerial: serial(),
      type: '数电普票',
      buyer: BUYER,
      lines,
      remarks: '',
      deliverPhone: '',
      deliverEmail: '',
    }),
  );
}

const card = (page: Page, label: string) =>
  currentPage(page).locator('.stats-totals__card', { has: page.getByText(label, { exact: true }) });

async function tableRows(page: Page, caption: string): Promise<string[][]> {
  const table = currentPage(page).getByRole('table', { name: caption });
  await expect(table).toBeVisible();
  return table
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent ?? '')));
}

test.beforeAll(async () => {
  server = await startIsolatedServer();
  token = await demoSignIn(server.url, MANAGER);
  await acceptAgreement(server.url, token);
  await server.hook('tax-account', { label: MANAGER, loggedIn: true, faceToday: true });
  await blue(await goods('软件服务费', '3040201000000000000', '信息技术服务', 60), 10_600, 60);
  const reversed = await blue(await goods('办公用品', '1060701000000000000', '文具', 130), 11_300, 130);
  await finished(await api('task/createRedInvoiceTask', { requestSerial: serial(), blueInvoiceId: reversed, reason: '02' }));
  const customer = await demoSignIn(server.url, '普通用户');
  await callApi(server.url, 'cash/createOrder', { code: 'YST0001', amountFen: 8800, channel: 'demo' }, customer);
});
test.afterAll(async () => server?.stop());

test('a manager reads this month’s invoices and income from 我的 → 统计', async ({ page, context }) => {
  await context.addInitScript((value) => localStorage.setItem('token', JSON.stringify(value)), token);
  await page.goto(`${server.url}/my`);
  await currentPage(page).getByText('统计', { exact: true }).click();
  await expectPage(page, { owner: 'my', name: 'InvoiceStatistics', title: '开票统计' });

  await expect(card(page, '开票张数')).toContainText('3');
  await expect(card(page, '开票张数')).toContainText('蓝票 2 张 · 红票 1 张');
  await expect(card(page, '蓝票金额')).toContainText('¥219.00');
  await expect(card(page, '红票金额')).toContainText('-¥113.00');
  await expect(card(page, '净额')).toContainText('¥106.00');
  const chart = currentPage(page).getByRole('figure', { name: '每日蓝票与红票金额' });
  await expect(chart.locator('canvas')).toBeVisible();
  await expect(chart.getByText('图表暂时无法显示')).toHaveCount(0);
  // The 13 % line issued and reversed nets to nothing; the 6 % line stays.
  const rows = await tableRows(page, '按税率');
  expect(rows).toContainEqual(['6%', '¥100.00', '¥6.00', '¥106.00']);
  expect(rows).toContainEqual(['13%', '¥0.00', '¥0.00', '¥0.00']);
  await page.screenshot({ path: test.info().outputPath('invoice-statistics.png'), fullPage: true, animations: 'disabled', scale: 'css' });

  await currentPage(page).getByRole('tab', { name: '收入统计' }).click();
  await expectPage(page, { owner: 'my', name: 'IncomeStatistics', title: '收入统计' });
  await expect(card(page, '收入金额')).toContainText('¥88.00');
  await expect(card(page, '笔数')).toContainText('1');
  await expect(currentPage(page).getByRole('figure', { name: '每日收入金额' }).locator('canvas')).toBeVisible();
  expect(await tableRows(page, '按渠道')).toEqual([['演示', '1', '¥88.00']]);
  await page.screenshot({ path: test.info().outputPath('income-statistics.png'), fullPage: true, animations: 'disabled', scale: 'css' });

  // The tabs replaced the page: 返回 leaves the statistics.
  await page.goBack();
  await expectPage(page, { owner: 'my', name: 'My', title: '我的' });
});

test('an employee sees 开票统计 without the tabs to 收入统计', async ({ page, context }) => {
  const employee = await server.signIn(context, '企业员工');
  await acceptAgreement(server.url, employee);
  await page.goto(`${server.url}/my/statistics/invoiceStatistics`);
  await expectPage(page, { owner: 'my', name: 'InvoiceStatistics', title: '开票统计' });
  await expect(card(page, '蓝票金额')).toContainText('¥219.00');
  await expect(currentPage(page).getByRole('tab')).toHaveCount(0);
});
