/**
 * 票夹 (`/ticket/*`) between the two demo companies, on a server of the spec's own: 杭州优税通 (企业管理员)
 * and 杭州顺达出租 (出租车管理员) both logged in at the simulated bureau, so each can issue.
 *
 * - 手动录入 with a check code: the taxi manager types a real invoice of 优税通's (number, date, amount) and a
 *   校验码后6位. The invoices issued here are 数电 ones, which have no check code, so any code typed is a wrong one:
 *   the page refuses it under the field and the ticket is not in the taxi company's folder; left empty, it is added.
 * - 自动归集: the taxi company issues an invoice to 优税通's tax number; 企业管理员 opens the folder and finds it in
 *   this month, the month's totals counting it, its detail saying where it came from.
 * - 拍照/相册 from the app's own PDF: an invoice of 优税通's, its PDF rendered (pdf.js), turned a few degrees and
 *   shrunk as a hand-held photo; the taxi manager imports it and confirms the fields read from its QR code, then
 *   sees them on the ticket's detail.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { currentPage, expectPage } from '../support/app';
import { startIsolatedServer, type IsolatedServer } from '../support/isolated-server';
import { invoicePhoto } from '../support/invoice-photo';
import { acceptAgreement, callApi, demoSignIn, type DemoUser } from '../support/sign-in';
import { chinaDay, issueBlueInvoice } from '../support/invoices';
import { until } from '../support/wait';
import type { InvoiceParty } from '@app/domain/invoice-document';

test.describe.configure({ mode: 'serial' });

const TRADING = '企业管理员';
const TAXI = '出租车管理员';
const TRADING_NAME = '杭州优税通科技有限公司';
const TAXI_NAME = '杭州顺达出租汽车有限公司';
const OUTSIDE_BUYER: InvoiceParty = {
  name: '上海票夹测试采购有限公司',
  taxNumber: '91110108MA01C2QK3D',
  address: '',
  phone: '',
  bankName: '',
  bankAccount: '',
  naturalPerson: false,
};

interface Issued {
  id: string;
  number: string;
  netFen: number;
  issueDate: string;
}

interface Signed {
  token: string;
  api<T>(path: string, body: unknown): Promise<T>;
}

let server: IsolatedServer;
const users = {} as Record<typeof TRADING | typeof TAXI, Signed>;
const goodsOf = {} as Record<typeof TRADING | typeof TAXI, string>;

async function companyUser(label: DemoUser): Promise<Signed> {
  const token = await demoSignIn(server.url, label);
  await acceptAgreement(server.url, token);
  await server.hook('tax-account', { label, loggedIn: true, faceToday: true });
  return { token, api: (path, body) => callApi(server.url, path, body, token) };
}

async function issue(label: typeof TRADING | typeof TAXI, buyer: InvoiceParty, grossFen: number, rate: number): Promise<Issued> {
  const invoice = await issueBlueInvoice(server.url, users[label].token, buyer, [{ goodsId: goodsOf[label], grossFen, rate }]);
  return { id: invoice.id, number: invoice.number, netFen: invoice.netFen, issueDate: chinaDay(invoice.issuedAt) };
}

async function shot(page: Page, name: string) {
  await expect(page.locator('.adm-mask:visible')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), scale: 'css' });
}

const toast = (page: Page, text: string) => page.locator('.adm-toast-main', { hasText: text });
const region = (page: Page, name: string) => currentPage(page).getByRole('region', { name, exact: true });
/** A `DetailRow` of a card: its label and value, e.g. `发票号码` and the number. */
const detailRow = (card: ReturnType<typeof region>, label: string) =>
  card
    .locator('div')
    .filter({ has: card.page().getByText(label, { exact: true }) })
    .last();
const monthName = (day: string) => `${day.slice(0, 4)}年${Number(day.slice(5, 7))}月`;
const monthTotals = (page: Page, day: string) => currentPage(page).getByTestId(`month-totals-${day.slice(0, 7)}`);
const yuan = (fen: number) => `¥${(fen / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function folderNumbers(label: typeof TRADING | typeof TAXI): Promise<string[]> {
  const folder = await users[label].api<{ list: { number: string }[] }>('ticket/list', {});
  return folder.list.map((ticket) => ticket.number);
}

test.beforeAll(async () => {
  server = await startIsolatedServer();
  users[TRADING] = await companyUser(TRADING);
  users[TAXI] = await companyUser(TAXI);
  const saveGoods = (label: typeof TRADING | typeof TAXI, name: string, taxCode: string, taxShortName: string, rate: number) =>
    users[label].api<{ id: string }>('goods/save', {
      name,
      taxCode,
      taxShortName,
      model: '',
      unit: '次',
      unitPriceFen: null,
      taxRatePermille: rate,
      taxFree: null,
    });
  goodsOf[TRADING] = (await saveGoods(TRADING, '软件服务费', '3040201000000000000', '信息技术服务', 60)).id;
  goodsOf[TAXI] = (await saveGoods(TAXI, '客运服务费', '3010101020000000000', '陆路旅客运输服务', 30)).id;
});
test.afterAll(async () => {
  await server?.stop();
});

async function openAs(page: Page, label: typeof TRADING | typeof TAXI, path: string) {
  await page.context().addInitScript((value) => localStorage.setItem('token', JSON.stringify(value)), users[label].token);
  await page.goto(`${server.url}${path}`);
}

test('手动录入 of a real 数电 invoice with a 校验码后6位 typed (it has none): refused under the field, not in the folder', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // ¥530.00 at 6 %: ¥500.00 before tax.
  const invoice = await issue(TRADING, OUTSIDE_BUYER, 53_000, 60);
  await openAs(page, TAXI, '/ticket/import/input');
  await expectPage(page, { owner: 'ticket', name: 'TicketImportInput', title: '手动录入' });
  await currentPage(page).getByPlaceholder('20 位或 8 位数字').fill(invoice.number);
  await currentPage(page).getByText('请选择').click();
  await page.locator('.adm-picker-header-button', { hasText: '确定' }).click();
  await expect(currentPage(page).getByText(invoice.issueDate)).toBeVisible();
  await currentPage(page).getByPlaceholder('发票上的金额').fill('500');
  await currentPage(page).getByPlaceholder('6 位数字或字母').fill('A1B2C3');
  await currentPage(page).getByRole('button', { name: '加入票夹' }).click();

  // The refusal under the field (the domain's rule, the server's too); the form stays, nothing was added.
  const checkCodeItem = currentPage(page).locator('.adm-form-item', { hasText: '校验码后6位' });
  await expect(checkCodeItem.locator('.adm-form-item-feedback-error')).toHaveText('数电发票没有校验码，请留空');
  await expectPage(page, { owner: 'ticket', name: 'TicketImportInput', title: '手动录入' });
  await expect(toast(page, '已加入票夹')).toHaveCount(0);
  expect(await folderNumbers(TAXI)).not.toContain(invoice.number);
  await shot(page, 'ticket-input-check-code-refused');

  // Left empty, the same invoice is added and verified.
  await currentPage(page).getByPlaceholder('6 位数字或字母').clear();
  await expect(checkCodeItem.locator('.adm-form-item-feedback-error')).toHaveCount(0);
  await currentPage(page).getByRole('button', { name: '加入票夹' }).click();
  await expect(toast(page, '已加入票夹')).toBeVisible();
  await expectPage(page, { owner: 'ticket', name: 'TicketDetail', title: '票据详情' });
  await expect(region(page, '查验').getByText('查验通过', { exact: true })).toBeVisible({ timeout: 30_000 });
  expect(await folderNumbers(TAXI)).toContain(invoice.number);
});

test('自动归集: an invoice the taxi company issues to 优税通 is in 优税通’s folder, in this month with its totals', async ({ page }) => {
  test.setTimeout(120_000);
  const companies = await users[TRADING].api<{ list: { name: string; xsfNsrsbh: string; current: boolean }[] }>(
    'company/getMyCompanies',
    {},
  );
  const trading = companies.list.find((company) => company.current);
  expect(trading?.name).toBe(TRADING_NAME);
  expect(await folderNumbers(TRADING)).toEqual([]);

  // ¥515.00 at 3 %: ¥500.00 before tax, ¥15.00 tax.
  const buyer: InvoiceParty = {
    name: TRADING_NAME,
    taxNumber: trading?.xsfNsrsbh ?? '',
    address: '',
    phone: '',
    bankName: '',
    bankAccount: '',
    naturalPerson: false,
  };
  const invoice = await issue(TAXI, buyer, 51_500, 30);
  expect(invoice.netFen).toBe(50_000);

  await openAs(page, TRADING, '/ticket/index');
  await expectPage(page, { owner: 'ticket', name: 'TicketIndex', title: '票夹' });
  await expect(currentPage(page).getByRole('heading', { name: monthName(invoice.issueDate) })).toBeVisible();
  await expect(monthTotals(page, invoice.issueDate)).toHaveText('1 张 · 价税合计 ¥515.00 · 税额 ¥15.00');
  await expect(currentPage(page).getByTestId('folder-gross')).toHaveText('¥515.00');
  const row = currentPage(page).getByRole('button', { name: `${TAXI_NAME} ¥515.00` });
  await expect(row).toContainText('查验通过');
  await expect(row).toContainText(invoice.issueDate);
  await expect(row).toContainText(`No. ${invoice.number}`);
  // The row is under this month's heading: the heading comes first in the list.
  const order = await currentPage(page)
    .locator(`h2[aria-label="${monthName(invoice.issueDate)}"], [aria-label="${TAXI_NAME} ¥515.00"]`)
    .evaluateAll((elements) => elements.map((element) => (element.tagName === 'H2' ? 'heading' : 'row')));
  expect(order).toEqual(['heading', 'row']);

  await row.click();
  await expectPage(page, { owner: 'ticket', name: 'TicketDetail', title: '票据详情' });
  const facts = region(page, '发票信息');
  await expect(detailRow(facts, '发票号码')).toHaveText(`发票号码${invoice.number}`);
  await expect(detailRow(facts, '来源')).toHaveText('来源自动归集');
  await expect(detailRow(region(page, '交易方'), '销售方')).toHaveText(`销售方${TAXI_NAME}`);
  await expect(region(page, '查验').getByText('查验通过', { exact: true })).toBeVisible();
  await expect(currentPage(page).locator('.ticket-detail__amount')).toHaveText('¥515.00');
});

test('拍照/相册: a photo of the app’s own invoice PDF, turned 6° and shrunk, is read, confirmed and added', async ({ page }) => {
  test.setTimeout(150_000);
  // ¥1,590.00 at 6 %: ¥1,500.00 before tax.
  const invoice = await issue(TRADING, OUTSIDE_BUYER, 159_000, 60);
  const link = await users[TRADING].api<{ url: string }>('invoice/pdfLink', { id: invoice.id });
  const pdf = await until('the invoice PDF', async () => {
    const response = await fetch(new URL(link.url, server.url));
    return response.ok ? new Uint8Array(await response.arrayBuffer()) : null;
  });
  const photo = await invoicePhoto(pdf, { renderScale: 2, degrees: 6, photoScale: 0.85 });
  await test.info().attach('invoice-photo.png', { body: photo, contentType: 'image/png' });

  await openAs(page, TAXI, '/ticket/import/image');
  await expectPage(page, { owner: 'ticket', name: 'TicketImportImage', title: '图片导入' });
  await currentPage(page)
    .getByLabel('选择发票图片')
    .setInputFiles({ name: 'IMG_20260315_101500.png', mimeType: 'image/png', buffer: photo });
  const found = region(page, '识别结果');
  await expect(detailRow(found, '发票号码')).toHaveText(`发票号码${invoice.number}`, { timeout: 30_000 });
  await expect(detailRow(found, '开票日期')).toHaveText(`开票日期${invoice.issueDate}`);
  await expect(detailRow(found, '不含税金额')).toHaveText(`不含税金额${yuan(invoice.netFen)}`);
  expect(yuan(invoice.netFen)).toBe('¥1,500.00');

  await currentPage(page).getByRole('button', { name: '加入票夹' }).click();
  await expectPage(page, { owner: 'ticket', name: 'TicketDetail', title: '票据详情' });
  const facts = region(page, '发票信息');
  await expect(detailRow(facts, '发票号码')).toHaveText(`发票号码${invoice.number}`);
  await expect(detailRow(facts, '开票日期')).toHaveText(`开票日期${invoice.issueDate}`);
  await expect(detailRow(facts, '不含税金额')).toHaveText('不含税金额¥1,500.00');
  await expect(detailRow(facts, '来源')).toHaveText('来源拍照');
  await expect(region(page, '查验').getByText('查验通过', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(detailRow(region(page, '交易方'), '销售方')).toHaveText(`销售方${TRADING_NAME}`);
  await expect(currentPage(page).locator('.ticket-detail__amount')).toHaveText('¥1,590.00');
  expect(await folderNumbers(TAXI)).toContain(invoice.number);
});
