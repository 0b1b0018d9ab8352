/**
 * 操作日志 against the real server and e-tax simulator, as 企业管理员 with the tax bureau ready: a blue invoice issued
 * and then reversed in full (红冲, 开票有误) shows on /my/audit under its day, with who reversed it, their role, the
 * invoice's number and the red amount; filtered to 红冲发票 it is the only kind listed. On a server of its own, since it sets the
 * company's tax-bureau state.
 */
import { expect, test } from '../support/test';
import { currentPage, expectPage } from '../support/app';
import { choice, submitRed } from '../support/invoice-forms';
import { startIsolatedServer, type IsolatedServer } from '../support/isolated-server';
import { acceptAgreement, demoSignIn } from '../support/sign-in';
import { companyBuyer, issueBlueInvoice, saveServiceGoods, type IssuedInvoice } from '../support/invoices';

const LABEL = '企业管理员';
const BUYER = companyBuyer('杭州审计测试贸易有限公司', '91110108MA01C2QK3D');

let server: IsolatedServer;
let token: string;
let blue: IssuedInvoice;

test.beforeAll(async () => {
  server = await startIsolatedServer();
  token = await demoSignIn(server.url, LABEL);
  await acceptAgreement(server.url, token);
  await server.hook('tax-account', { label: LABEL, loggedIn: true, faceToday: true });
  const goods = await saveServiceGoods(server.url, token);
  blue = await issueBlueInvoice(server.url, token, BUYER, [{ goodsId: goods.id, grossFen: 10_600, rate: 60 }]);
});
test.afterAll(async () => server?.stop());

test.beforeEach(async ({ context }) => {
  await context.addInitScript((value) => localStorage.setItem('token', JSON.stringify(value)), token);
});

test('a manager reverses an invoice, and finds on 操作日志 who reversed it', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`${server.url}/invoice/return?id=${blue.id}`);
  await expectPage(page, { owner: 'invoice', name: 'InvoiceReturn', title: '红字发票' });
  await expect(currentPage(page).getByLabel('原蓝字发票')).toContainText(blue.number);
  await choice(page, '红冲原因', '开票有误').click();
  await submitRed(page, '¥106.00');

  // 我的 → 操作日志.
  await page.goto(`${server.url}/my`);
  await currentPage(page).getByText('操作日志').click();
  await expectPage(page, { owner: 'my', name: 'MyAudit', title: '操作日志' });
  const reversed = currentPage(page).getByRole('article', { name: '李明 红冲发票' });
  await expect(reversed).toBeVisible();
  await expect(reversed).toContainText('管理员');
  await expect(reversed).toContainText(blue.number);
  await expect(reversed).toContainText('红字金额 -¥106.00');
  await expect(currentPage(page).getByRole('article', { name: '李明 开具发票' })).toBeVisible();
  await expect(currentPage(page).getByRole('heading', { level: 2 }).first()).toContainText(/\d{4}年\d{1,2}月\d{1,2}日/);

  // Filtered to 红冲发票: the reversal only.
  await currentPage(page).getByText('全部操作').click();
  await page.locator('.adm-dropdown-popup-body').getByText('红冲发票', { exact: true }).click();
  await expect(currentPage(page).getByRole('article')).toHaveCount(1);
  await expect(currentPage(page).getByRole('article', { name: '李明 红冲发票' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('audit-trail.png'), scale: 'css' });
});
