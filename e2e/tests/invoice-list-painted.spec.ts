/**
 * 发票列表 (`/invoice/list`) painted by the server, on a server of its own: 企业管理员 (the tax bureau ready) issues a
 * blue invoice; with the session's cookie the page arrives with the list's first page drawn, scripts or not, and the
 * app then shows the same rows without asking for a first page of its own.
 */
import { expect, test } from '../support/test';
import { wechatPhone } from '../support/browser';
import { companyBuyer, issueBlueInvoice, saveServiceGoods } from '../support/invoices';
import { startIsolatedServer, type IsolatedServer } from '../support/isolated-server';
import { acceptAgreement, demoSignIn, keepSessionCookie } from '../support/sign-in';

const MANAGER = '企业管理员';
const BUYER = companyBuyer('杭州首屏测试有限公司', '91110108MA01C2QK3D');

let server: IsolatedServer;
let token: string;

test.beforeAll(async () => {
  server = await startIsolatedServer();
  token = await demoSignIn(server.url, MANAGER);
  await acceptAgreement(server.url, token);
  await server.hook('tax-account', { label: MANAGER, loggedIn: true, faceToday: true });
  const goods = await saveServiceGoods(server.url, token);
  await issueBlueInvoice(server.url, token, BUYER, [{ goodsId: goods.id, grossFen: 10_600, rate: 60 }]);
});
test.afterAll(async () => server?.stop());

test("the list's first page is in the page; the app takes its place and asks for no first page", async ({ browser }) => {
  const noScript = await browser.newContext({ ...wechatPhone, javaScriptEnabled: false });
  try {
    await keepSessionCookie(noScript, server.url, token);
    const painted = await noScript.newPage();
    await painted.goto(`${server.url}/invoice/list`);
    await expect(painted.getByText('共 1 张发票')).toBeVisible();
    await expect(painted.getByRole('button', { name: /^杭州首屏测试有限公司 ¥106\.00/ })).toBeVisible();
    await expect(painted.getByRole('navigation', { name: '底部导航' })).toBeVisible();
    await painted.screenshot({ path: test.info().outputPath('invoice-list-painted.png'), animations: 'disabled', scale: 'css' });
  } finally {
    await noScript.close();
  }

  const context = await browser.newContext({ ...wechatPhone });
  try {
    await keepSessionCookie(context, server.url, token);
    await context.addInitScript((value) => localStorage.setItem('token', JSON.stringify(value)), token);
    const page = await context.newPage();
    const listed: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/invoice/list')) listed.push(request.postData() ?? '');
    });
    await page.goto(`${server.url}/invoice/list`);
    await expect(page.locator('#painted-screen')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^杭州首屏测试有限公司 ¥106\.00/ })).toBeVisible();
    await expect(page.getByText('共 1 张发票')).toBeVisible();
    // The app answers taps: the row opens the invoice's sheet.
    await page.getByRole('button', { name: /^杭州首屏测试有限公司 / }).click();
    await expect(page.getByRole('dialog')).toContainText('杭州首屏测试有限公司');
    expect(listed).toEqual([]);
  } finally {
    await context.close();
  }
});
