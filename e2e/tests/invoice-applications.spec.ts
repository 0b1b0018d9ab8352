/**
 * Customers' invoice applications end to end: a customer (普通用户) applies three times through the company's code;
 * the merchant (企业管理员) approves one while the tax bureau is not ready (it waits in 待开票 with the reason),
 * rejects one with a reason (the customer sees it), gets ready and issues the waiting one with 开具全部, then
 * batch-approves the last. On a server of its own: other specs issue invoices for the same company meanwhile.
 */
import { expect, test } from '../support/test';
import type { Page } from '@playwright/test';
import { startIsolatedServer, type IsolatedServer } from '../support/isolated-server';
import { acceptAgreement, callApi, demoSignIn } from '../support/sign-in';

test.describe.configure({ mode: 'serial' });

const MERCHANT = '企业管理员';
const CUSTOMER = '普通用户';
const TAX_NUMBER = '91110108MA01C2QK3D';
const NOT_LOGGED_IN = '电子税务局未登录，请先登录后重试';
const REJECT_REASON = '非本店消费，请核对后重新申请';

/** Applied in this order; the merchant's list shows the newest first. */
const BUYERS = {
  waiting: '杭州待开票科技有限公司',
  rejected: '南京拒绝测试有限公司',
  batch: '广州批量同意有限公司',
} as const;

interface Application {
  id: string;
  status: string;
  buyer: { name: string };
  rejectReason: string | null;
}

let server: IsolatedServer;
let merchantToken: string;
let customerToken: string;

const asMerchant = <T>(path: string, body: unknown) => callApi<T>(server.url, path, body, merchantToken);
const asCustomer = <T>(path: string, body: unknown) => callApi<T>(server.url, path, body, customerToken);

async function taxBureau(ready: boolean) {
  await server.hook('tax-account', { label: MERCHANT, loggedIn: ready, faceToday: ready });
}

async function customersApplication(buyer: string): Promise<Application> {
  const { list } = await asCustomer<{ list: Application[] }>('invoiceApplication/mine', {});
  const found = list.find((item) => item.buyer.name === buyer);
  if (!found) throw new Error(`the customer has no application for ${buyer}`);
  return found;
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true, scale: 'css' });
}

const card = (page: Page, buyer: string) => page.getByRole('article', { name: buyer });
/** The dialog with that title (a closing one may still be on screen for a moment). */
const dialog = (page: Page, title: string) =>
  page.locator('.adm-dialog-body').filter({ has: page.locator('.adm-dialog-title', { hasText: title }) });

test.beforeAll(async () => {
  server = await startIsolatedServer();
  merchantToken = await demoSignIn(server.url, MERCHANT);
  customerToken = await demoSignIn(server.url, CUSTOMER);
  await acceptAgreement(server.url, merchantToken);
  const { code } = await asMerchant<{ code: string }>('company/getInvoiceQrcode', {});
  const amounts = [12_800, 56_000, 9_900];
  for (const [index, name] of Object.values(BUYERS).entries()) {
    await asCustomer('invoiceApplication/submit', {
      companyCode: code,
      buyer: { name, taxNumber: TAX_NUMBER, address: '', phone: '', bankName: '', bankAccount: '', naturalPerson: false },
      grossFen: amounts[index],
      remarks: index === 0 ? '午餐 3 人' : '',
      deliverEmail: 'finance@example.com',
    });
  }
  await taxBureau(false);
});
test.afterAll(async () => server?.stop());

test.beforeEach(async ({ context }) => {
  await context.addInitScript((value) => localStorage.setItem('token', JSON.stringify(value)), merchantToken);
});

test('approved while the tax bureau is not ready: it waits in 待开票 with the reason', async ({ page }) => {
  await page.goto(`${server.url}/invoice/applying/list`);
  await expect(page.locator('.adm-nav-bar-title')).toHaveText('开票申请');
  const waiting = card(page, BUYERS.waiting);
  await expect(waiting).toContainText(TAX_NUMBER);
  await expect(waiting).toContainText('¥128.00');
  await expect(waiting).toContainText('店铺码');
  await expect(waiting).toContainText('午餐 3 人');
  await expect(waiting).toContainText('finance@example.com');
  await expect(page.getByText('共 3 条申请待审核')).toBeVisible();
  await shot(page, 'applying-list');

  await waiting.getByRole('button', { name: '同意开票' }).click();
  const approved = dialog(page, '已同意，待开票');
  await expect(approved).toContainText(NOT_LOGGED_IN);
  await expect(approved).toContainText('该申请已移至“待开票”');
  await expect(approved.getByRole('button', { name: '去登录' })).toBeVisible();
  await shot(page, 'applying-approved-waiting');
  await page.getByRole('button', { name: '稍后处理' }).click();
  await expect(waiting).toHaveCount(0);
  expect((await customersApplication(BUYERS.waiting)).status).toBe('待开票');

  await page.goto(`${server.url}/invoice/waiting/list`);
  await expect(page.locator('.adm-nav-bar-title')).toHaveText('待开票');
  await expect(page.locator('.adm-notice-bar')).toContainText(NOT_LOGGED_IN);
  await expect(page.locator('.adm-notice-bar').getByRole('button', { name: '去登录' })).toBeVisible();
  await expect(card(page, BUYERS.waiting)).toBeVisible();
  await expect(page.getByRole('button', { name: '开具全部 (1)' })).toBeVisible();
  await shot(page, 'waiting-list-blocked');
});

test('拒绝 needs a reason; the customer sees 已拒绝 and the reason', async ({ page }) => {
  await page.goto(`${server.url}/invoice/applying/list`);
  await card(page, BUYERS.rejected).getByRole('button', { name: '拒绝' }).click();
  const reject = dialog(page, '拒绝开票申请');
  await expect(reject).toBeVisible();
  await page.getByRole('button', { name: '确认拒绝' }).click();
  await expect(reject.getByRole('alert')).toHaveText('请填写拒绝原因');
  await shot(page, 'applying-reject-required');

  await reject.getByLabel('拒绝原因').fill(REJECT_REASON);
  await expect(reject.getByRole('alert')).toHaveCount(0);
  await shot(page, 'applying-reject-dialog');
  await page.getByRole('button', { name: '确认拒绝' }).click();
  await expect(page.locator('.adm-toast-main')).toHaveText('已拒绝');
  await expect(card(page, BUYERS.rejected)).toHaveCount(0);

  const rejected = await customersApplication(BUYERS.rejected);
  expect(rejected.status).toBe('已拒绝');
  expect(rejected.rejectReason).toBe(REJECT_REASON);
});

test('once the tax bureau is ready, 开具全部 issues the waiting one and it reaches the customer', async ({ page }) => {
  await taxBureau(true);
  await page.goto(`${server.url}/invoice/waiting/list`);
  await expect(card(page, BUYERS.waiting)).toBeVisible();
  await expect(page.locator('.adm-notice-bar')).toHaveCount(0);
  await page.getByRole('button', { name: '开具全部 (1)' }).click();
  await expect(page.locator('.adm-toast-main')).toHaveText('已提交 1 张发票开具');
  await expect(page.getByText('没有待开具的发票')).toBeVisible();
  await expect(page.getByRole('button', { name: '查看开票申请' })).toBeVisible();
  await expect(page.locator('.adm-toast-main')).toHaveCount(0);
  await shot(page, 'waiting-list-empty');

  await expect.poll(async () => (await customersApplication(BUYERS.waiting)).status, { timeout: 20_000 }).toMatch(/^(已交付|已开具)$/);
});

test('batch mode approves the remaining application; then nothing is left to review', async ({ page }) => {
  await page.goto(`${server.url}/invoice/applying/list`);
  const batch = card(page, BUYERS.batch);
  await expect(batch).toBeVisible();
  await page.getByRole('button', { name: '批量处理' }).click();
  await expect(batch.getByRole('button', { name: '同意开票' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '批量同意 (0)' })).toBeDisabled();
  await batch.click();
  await expect(page.getByRole('button', { name: '批量同意 (1)' })).toBeEnabled();
  await shot(page, 'applying-batch');

  await page.getByRole('button', { name: '批量同意 (1)' }).click();
  const confirm = dialog(page, '批量同意');
  await expect(confirm).toContainText('确定同意选中的 1 条申请并开具发票吗？');
  await confirm.getByRole('button', { name: '同意开票' }).click();
  await dialog(page, '已提交开票').getByRole('button', { name: '继续审核' }).click();
  await expect(page.getByText('暂无待处理的开票申请')).toBeVisible();
  await expect(page.getByRole('button', { name: '查看开票二维码' })).toBeVisible();
  await expect(page.locator('.adm-dialog-body')).toHaveCount(0);
  await shot(page, 'applying-empty');

  await expect.poll(async () => (await customersApplication(BUYERS.batch)).status, { timeout: 20_000 }).toMatch(/^(已交付|已开具)$/);
  await page.getByRole('button', { name: '查看开票二维码' }).click();
  await expect(page).toHaveURL(/\/invoice\/qrcode$/);
});
