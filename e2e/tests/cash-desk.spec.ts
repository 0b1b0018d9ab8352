/**
 * The cash desk end to end: a customer (普通用户) opens the company's shop code `/shop/YST0001`, types
 * ¥88.00 on the keypad and pays with the demo provider (the e2e server signs in through the demo provider, so it pays
 * through the demo provider too, even in WeChat), sees 支付成功 ¥88.00 and applies for an invoice with a typed personal
 * buyer; the merchant (企业管理员) finds it in 开票申请 with ¥88.00 and approves it with the tax bureau ready, the
 * invoice is issued, and 收支 shows the payment, ¥88.00, 已开票. On a server of its own: a payment changes the
 * company's income, wallet and applications, which other specs look at.
 */
import { expect, test } from '../support/test';
import { shot } from '../support/screenshot';
import type { Page } from '@playwright/test';
import { currentPage, untilTakenOver } from '../support/app';
import { startIsolatedServer, type IsolatedServer } from '../support/isolated-server';
import { acceptAgreement, callApi, demoSignIn } from '../support/sign-in';

test.describe.configure({ mode: 'serial' });

const MERCHANT = '企业管理员';
const CUSTOMER = '普通用户';
const SHOP = 'YST0001';
const BUYER = '王小明';
interface Application {
  id: string;
  status: string;
  buyer: { name: string };
}

let server: IsolatedServer;
let merchantToken: string;
let customerToken: string;
let orderNo: string;

async function signInAs(page: Page, token: string) {
  await page.context().addInitScript((value) => localStorage.setItem('token', JSON.stringify(value)), token);
}

test.beforeAll(async () => {
  server = await startIsolatedServer();
  merchantToken = await demoSignIn(server.url, MERCHANT);
  customerToken = await demoSignIn(server.url, CUSTOMER);
  await acceptAgreement(server.url, merchantToken);
});
test.afterAll(async () => server?.stop());

test('the customer pays ¥88.00 at the shop code with the demo provider and applies for an invoice', async ({ page }) => {
  await signInAs(page, customerToken);
  await page.goto(`${server.url}/shop/${SHOP}`);
  const desk = currentPage(page);
  await expect(desk.locator('.adm-nav-bar-title')).toHaveText('收银台');
  await expect(desk.getByRole('heading', { level: 2 })).toBeVisible();
  // The server painted the desk: its keys answer once the page's script has taken it over.
  await untilTakenOver(page);
  const keypad = desk.getByRole('group', { name: '金额键盘' });
  await expect(keypad.getByRole('button', { name: '演示支付' })).toBeDisabled();
  await shot(page, '01-cash-desk');

  for (const key of ['8', '8', '.', '0', '0']) await keypad.getByRole('button', { name: key, exact: true }).click();
  await expect(desk.getByTestId('amount')).toHaveText('¥88.00');
  await shot(page, '02-cash-desk-amount');

  await keypad.getByRole('button', { name: '演示支付' }).click();
  await expect(page).toHaveURL(/\/cash\/return\?orderNo=/);
  orderNo = new URL(page.url()).searchParams.get('orderNo') ?? '';
  const result = currentPage(page);
  await expect(result.getByText('支付成功')).toBeVisible();
  await expect(result.getByText('¥88.00')).toBeVisible();
  await shot(page, '03-cash-return-paid');

  await result.getByRole('button', { name: '申请开票' }).click();
  await result.getByRole('button', { name: '提交申请' }).click();
  await expect(result.getByText('请填写购买方名称')).toBeVisible();
  await result.getByPlaceholder('购买方姓名').fill(BUYER);
  await result.getByPlaceholder('开具后发送至邮箱').fill('wang@example.com');
  await shot(page, '04-cash-return-apply');
  await result.getByRole('button', { name: '提交申请' }).click();
  await expect(result.getByText('已提交开票申请，等待商户开具')).toBeVisible();
  await expect(result.getByText('待审核', { exact: true })).toBeVisible();
  await shot(page, '05-cash-return-applied');

  const order = await callApi<{ state: string; applicationStatus: string | null }>(server.url, 'cash/getOrder', { orderNo }, customerToken);
  expect(order).toMatchObject({ state: '已支付', applicationStatus: '待审核' });
});

test('the merchant approves the application with the tax bureau ready; 收支 shows the payment 已开票', async ({ page }) => {
  await server.hook('tax-account', { label: MERCHANT, loggedIn: true, faceToday: true });
  await signInAs(page, merchantToken);
  await page.goto(`${server.url}/invoice/applying/list`);
  const card = currentPage(page).getByRole('article', { name: BUYER });
  await expect(card).toContainText('¥88.00');
  await shot(page, '06-applying-list');
  await card.getByRole('button', { name: '同意开票' }).click();
  await expect(page.locator('.adm-dialog-body')).toContainText('已提交开票');
  await page.getByRole('button', { name: '继续审核' }).click();

  await expect
    .poll(
      async () => {
        const { list } = await callApi<{ list: Application[] }>(server.url, 'invoiceApplication/mine', {}, customerToken);
        return list.find((item) => item.buyer.name === BUYER)?.status;
      },
      { timeout: 30_000 },
    )
    .toMatch(/^(已开具|已交付)$/);

  await page.goto(`${server.url}/payment/list`);
  const list = currentPage(page);
  await expect(list.locator('.adm-nav-bar-title')).toHaveText('收支');
  const row = list.getByRole('button', { name: /\+¥88\.00$/ });
  await expect(row).toBeVisible();
  await expect(row).toContainText('已开票');
  await expect(list.getByTestId('income-total')).toHaveText('¥88.00');
  await shot(page, '07-payment-list');

  await row.click();
  const detail = currentPage(page);
  await expect(detail.locator('.adm-nav-bar-title')).toHaveText('收支详情');
  await expect(detail.getByText('+¥88.00')).toBeVisible();
  await expect(detail.getByText(orderNo, { exact: true })).toBeVisible();
  await expect(detail.getByText('已开票')).toBeVisible();
  await shot(page, '08-payment-detail');
});
