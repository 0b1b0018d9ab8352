/**
 * The demo history (issue 21, item 5) as a newcomer meets it, on a server of its own started with DEMO_HISTORY=true
 * (every other server of the browser tests starts without it): 企业管理员 opens 开票统计 and sees the last 30 days'
 * invoices with their chart, the invoice list has the history's invoices, and the wallet has 可提现 and 冻结 income.
 */
import { expect, test } from '../support/test';
import { currentPage, expectPage } from '../support/app';
import { startIsolatedServer, type IsolatedServer } from '../support/isolated-server';
import { acceptAgreement, callApi } from '../support/sign-in';

test.describe.configure({ mode: 'serial' });

const MANAGER = '企业管理员';

let server: IsolatedServer;

/** Today in China, `YYYY-MM-DD`, and the day `days` before it. */
const chinaDay = (days = 0) => new Date(Date.now() + 8 * 3600_000 - days * 86_400_000).toISOString().slice(0, 10);
const yuan = (fen: number) => `¥${(fen / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test.beforeAll(async () => {
  server = await startIsolatedServer({ DEMO_HISTORY: 'true' });
});
test.afterAll(async () => server?.stop());

test('a fresh demo: 开票统计 shows a chart with data, the invoice list is full, the wallet shows 可提现', async ({ page, context }) => {
  test.setTimeout(120_000);
  const token = await server.signIn(context, MANAGER);
  await acceptAgreement(server.url, token);
  const api = <T>(path: string, body: unknown) => callApi<T>(server.url, path, body, token);

  await page.goto(`${server.url}/my/statistics/invoiceStatistics`);
  await expectPage(page, { owner: 'my', name: 'InvoiceStatistics', title: '开票统计' });
  await currentPage(page).getByText('近 30 天', { exact: true }).click();
  const expected = await api<{ totals: { blueCount: number; redCount: number; blueFen: number } }>('statistics/invoice', { from: chinaDay(29), to: chinaDay(), by: 'day' });
  expect(expected.totals.blueCount).toBeGreaterThan(0);
  const card = (label: string) => currentPage(page).locator('.stats-totals__card', { has: page.getByText(label, { exact: true }) });
  await expect(card('开票张数')).toContainText(`蓝票 ${expected.totals.blueCount} 张 · 红票 ${expected.totals.redCount} 张`);
  await expect(card('蓝票金额')).toContainText(yuan(expected.totals.blueFen));
  const chart = currentPage(page).getByRole('figure', { name: '每日蓝票与红票金额' });
  await expect(chart.locator('canvas')).toBeVisible();
  await expect(chart.getByText('图表暂时无法显示')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('demo-history-statistics.png'), fullPage: true, animations: 'disabled' });

  const invoices = await api<{ total: number }>('invoice/list', {});
  expect(invoices.total).toBeGreaterThan(30);

  await page.goto(`${server.url}/my/wallet`);
  await expectPage(page, { owner: 'wallet', name: 'Wallet', title: '钱包' });
  const wallet = await api<{ availableFen: number; frozenFen: number }>('wallet/get', {});
  expect(wallet.availableFen).toBeGreaterThan(0);
  expect(wallet.frozenFen).toBeGreaterThan(0);
  await expect(currentPage(page).getByLabel('可提现', { exact: true })).toHaveText(yuan(wallet.availableFen));
  await expect(currentPage(page).getByLabel('冻结', { exact: true })).toHaveText(yuan(wallet.frozenFen));
  await page.screenshot({ path: test.info().outputPath('demo-history-wallet.png'), fullPage: true, animations: 'disabled' });
});
