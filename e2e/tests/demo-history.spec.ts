/**
 * The demo history as a newcomer meets it, on a server of its own started with DEMO_HISTORY=true
 * (every other server of the browser tests starts without it): 企业管理员 opens 开票统计 and sees the last 30 days'
 * invoices with their chart, the invoice list has the history's invoices, and the wallet has 可提现 and 冻结 income.
 * Their 票夹 holds what the company received: the taxi company's invoices collected automatically, an employee's scanned
 * in (verified) and a paper receipt typed in that the bureau does not know (未知销售方, left out of the totals), some
 * reimbursed.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { currentPage, expectPage } from '../support/app';
import { startIsolatedServer, type IsolatedServer } from '../support/isolated-server';
import { acceptAgreement, callApi } from '../support/sign-in';

test.describe.configure({ mode: 'serial' });

const MANAGER = '企业管理员';

let server: IsolatedServer;

/** What ticket/list answers, as far as the folder's test reads it. */
interface Folder {
  list: { id: string; source: string; number: string; issueDate: string; netFen: number; grossFen: number | null; reimbursed: boolean }[];
  totals: { count: number; counted: number; grossFen: number };
}

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
  const expected = await api<{ totals: { blueCount: number; redCount: number; blueFen: number } }>('statistics/invoice', {
    from: chinaDay(29),
    to: chinaDay(),
    by: 'day',
  });
  expect(expected.totals.blueCount).toBeGreaterThan(0);
  const card = (label: string) => currentPage(page).locator('.stats-totals__card', { has: page.getByText(label, { exact: true }) });
  await expect(card('开票张数')).toContainText(`蓝票 ${expected.totals.blueCount} 张 · 红票 ${expected.totals.redCount} 张`);
  await expect(card('蓝票金额')).toContainText(yuan(expected.totals.blueFen));
  const chart = currentPage(page).getByRole('figure', { name: '每日蓝票与红票金额' });
  await expect(chart.locator('canvas')).toBeVisible();
  await expect(chart.getByText('图表暂时无法显示')).toHaveCount(0);
  await page.screenshot({
    path: test.info().outputPath('demo-history-statistics.png'),
    fullPage: true,
    animations: 'disabled',
    scale: 'css',
  });

  const invoices = await api<{ total: number }>('invoice/list', {});
  expect(invoices.total).toBeGreaterThan(30);

  await page.goto(`${server.url}/my/wallet`);
  await expectPage(page, { owner: 'wallet', name: 'Wallet', title: '钱包' });
  const wallet = await api<{ availableFen: number; frozenFen: number }>('wallet/get', {});
  expect(wallet.availableFen).toBeGreaterThan(0);
  expect(wallet.frozenFen).toBeGreaterThan(0);
  await expect(currentPage(page).getByLabel('可提现', { exact: true })).toHaveText(yuan(wallet.availableFen));
  await expect(currentPage(page).getByLabel('冻结', { exact: true })).toHaveText(yuan(wallet.frozenFen));
  await page.screenshot({ path: test.info().outputPath('demo-history-wallet.png'), fullPage: true, animations: 'disabled', scale: 'css' });
});

test('a fresh demo: 票夹 holds the invoices the company received, collected and added by hand, some reimbursed', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const token = await server.signIn(context, MANAGER);
  await acceptAgreement(server.url, token);
  const api = <T>(path: string, body: unknown) => callApi<T>(server.url, path, body, token);
  const folder = await api<Folder>('ticket/list', { pageSize: 100 });
  const bySource = (source: string) => folder.list.filter((ticket) => ticket.source === source);
  expect(bySource('自动归集').length).toBeGreaterThanOrEqual(4);
  expect(bySource('扫码').length).toBeGreaterThanOrEqual(2);
  expect(bySource('手动输入')).toHaveLength(1);
  expect(folder.list.filter((ticket) => ticket.reimbursed).length).toBeGreaterThanOrEqual(3);

  await page.goto(`${server.url}/ticket/index`);
  await expectPage(page, { owner: 'ticket', name: 'TicketIndex', title: '票夹' });
  const screen = currentPage(page);
  const totals = screen.getByRole('region', { name: '票夹合计' });
  await expect(totals.getByTestId('folder-gross')).toHaveText(yuan(folder.totals.grossFen));
  await expect(totals).toContainText(`共 ${folder.totals.count} 张`);
  await expect(totals).toContainText(`其中 ${folder.totals.count - folder.totals.counted} 张未查验通过，不计入金额`);
  // The newest month first, with its totals; the taxi company's invoices, some of them reimbursed.
  const newest = folder.list[0]!.issueDate.slice(0, 7);
  await expect(screen.getByTestId(`month-totals-${newest}`)).toContainText('价税合计');
  const collected = bySource('自动归集')[0]!;
  await expect(screen.getByRole('button', { name: `杭州顺达出租汽车有限公司 ${yuan(collected.grossFen ?? 0)}` }).first()).toBeVisible();
  await shots(page, 'demo-history-tickets');
  await expect(screen.getByText('已报销', { exact: true }).first()).toBeAttached();

  // The paper receipt the bureau does not know: 未知销售方, its amount left out.
  const receipt = bySource('手动输入')[0]!;
  const unknown = screen.getByRole('button', { name: `未知销售方 ${yuan(receipt.netFen)} 不计入合计` });
  await unknown.scrollIntoViewIfNeeded();
  await expect(unknown).toContainText('查无此票');
  await expect(unknown).not.toContainText('发票 · 发票');
  await shots(page, 'demo-history-tickets-unknown');

  // A ride the employee scanned in: verified at the bureau, with who reimbursed it.
  const scanned = bySource('扫码').find((ticket) => ticket.reimbursed) ?? bySource('扫码')[0]!;
  await screen.getByText(`No. ${scanned.number}`).click();
  await expectPage(page, { owner: 'ticket', name: 'TicketDetail', title: '票据详情' });
  const shown = await api<{ buyerName: string }>('ticket/get', { id: scanned.id });
  const detail = currentPage(page);
  await expect(detail.getByRole('region', { name: '查验' })).toContainText('查验通过');
  await expect(detail.getByRole('region', { name: '发票信息' })).toContainText('扫码');
  await expect(detail.getByRole('region', { name: '交易方' })).toContainText(shown.buyerName);
  await shots(page, 'demo-history-ticket-detail');
});

/** The page at both phone widths the app is checked at (360 and 390 px), back at the test's own afterwards. */
async function shots(page: Page, name: string) {
  const own = page.viewportSize();
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: own?.height ?? 800 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), animations: 'disabled', scale: 'css' });
  }
  if (own) await page.setViewportSize(own);
}
