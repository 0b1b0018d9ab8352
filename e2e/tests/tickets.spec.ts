/**
 * 票夹 (`/ticket/*`) against the real server and e-tax simulator, as 企业管理员 on a server of its own (it
 * issues invoices and switches the simulator's fault): two invoices the simulated bureau issued to a buyer outside the
 * app are the received ones. The user types the first in by hand (手动录入) and sees it verified, then in its month with
 * the month's totals; imports the second from a picture of its QR code (拍照/相册: a PNG made here with `qrcode`, read
 * in the browser), whose verification fails while the bureau does not answer (查验失败) and passes on 重新查验; marks
 * it reimbursed (报销, confirmed) and deletes the first (confirmed), the month's totals following each change.
 */
import QRCode from 'qrcode';
import type { Page } from '@playwright/test';
import { invoiceQrPayload } from '@app/domain/invoice-qr';
import { expect, test } from '../support/test';
import { shot as screenshot } from '../support/screenshot';
import { currentPage, expectPage, navigateInApp } from '../support/app';
import { startIsolatedServer, type IsolatedServer } from '../support/isolated-server';
import { acceptAgreement, callApi, demoSignIn } from '../support/sign-in';
import { setFault } from '../support/tax-bureau';
import { chinaDay, issueBlueInvoice, saveServiceGoods } from '../support/invoices';

test.describe.configure({ mode: 'serial' });

/** A screenshot once no popup's mask covers the page. */
async function shot(page: Page, name: string) {
  await expect(page.locator('.adm-mask:visible')).toHaveCount(0);
  await screenshot(page, name);
}

const LABEL = '企业管理员';
const SELLER = '杭州优税通科技有限公司';
const BUYER = {
  name: '上海票夹测试采购有限公司',
  taxNumber: '91110108MA01C2QK3D',
  address: '',
  phone: '',
  bankName: '',
  bankAccount: '',
  naturalPerson: false,
};

interface Issued {
  number: string;
  netFen: number;
  issueDate: string;
}

let server: IsolatedServer;
let token: string;
let typed: Issued;
let pictured: Issued;

const api = <T>(path: string, body: unknown) => callApi<T>(server.url, path, body, token);

async function issued(goodsId: string, grossFen: number): Promise<Issued> {
  const invoice = await issueBlueInvoice(server.url, token, BUYER, [{ goodsId, grossFen, rate: 60 }]);
  return { number: invoice.number, netFen: invoice.netFen, issueDate: chinaDay(invoice.issuedAt) };
}

const toast = (page: Page, text: string) => page.locator('.adm-toast-main', { hasText: text });
const dialog = (page: Page) => page.locator('.adm-dialog');
const region = (page: Page, name: string) => currentPage(page).getByRole('region', { name, exact: true });
const monthOf = (day: string) => day.slice(0, 7);
const monthName = (day: string) => `${day.slice(0, 4)}年${Number(day.slice(5, 7))}月`;
const monthTotals = (page: Page, day: string) => currentPage(page).getByTestId(`month-totals-${monthOf(day)}`);

test.beforeAll(async () => {
  server = await startIsolatedServer();
  token = await demoSignIn(server.url, LABEL);
  await acceptAgreement(server.url, token);
  await server.hook('tax-account', { label: LABEL, loggedIn: true, faceToday: true });
  const goods = await saveServiceGoods(server.url, token);
  // ¥1,060.00 and ¥2,120.00 at 6 %: ¥1,000.00 and ¥2,000.00 before tax.
  typed = await issued(goods.id, 106_000);
  pictured = await issued(goods.id, 212_000);
});
test.afterAll(async () => {
  await setFault(server.url, 'none');
  await server?.stop();
});

test.beforeEach(async ({ context }) => {
  await context.addInitScript((value) => localStorage.setItem('token', JSON.stringify(value)), token);
});

test('typed in and verified, then in its month with the totals; a picture imported, 重新查验 after a failure, 报销 and 删除', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await page.goto(`${server.url}/ticket/index`);
  await expectPage(page, { owner: 'ticket', name: 'TicketIndex', title: '票夹' });
  await expect(currentPage(page).getByText('票夹里还没有发票')).toBeVisible();

  // 手动录入: the number, the date (today, the picker's default), the amount before tax.
  await currentPage(page).getByRole('button', { name: '导入发票' }).click();
  await expectPage(page, { owner: 'ticket', name: 'TicketImport', title: '导入发票' });
  await shot(page, 'ticket-import');
  await currentPage(page).getByRole('button', { name: '手动输入' }).click();
  await expectPage(page, { owner: 'ticket', name: 'TicketImportInput', title: '手动录入' });
  await currentPage(page).getByPlaceholder('20 位或 8 位数字').fill(typed.number);
  await currentPage(page).getByText('请选择').click();
  await page.locator('.adm-picker-header-button', { hasText: '确定' }).click();
  await expect(currentPage(page).getByText(typed.issueDate)).toBeVisible();
  await currentPage(page).getByPlaceholder('发票上的金额').fill('1000');
  await shot(page, 'ticket-input');
  await currentPage(page).getByRole('button', { name: '加入票夹' }).click();
  await expect(toast(page, '已加入票夹')).toBeVisible();

  // Its detail, followed until the bureau's answer shows.
  await expectPage(page, { owner: 'ticket', name: 'TicketDetail', title: '票据详情' });
  await expect(region(page, '查验').getByText('查验通过', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(region(page, '发票信息')).toContainText(typed.number);
  await expect(region(page, '交易方')).toContainText(SELLER);
  await expect(currentPage(page).locator('.ticket-detail__amount')).toHaveText('¥1,060.00');

  // The folder: the month's heading with its totals, the filter's totals above.
  await navigateInApp(page, '/ticket/index');
  await expectPage(page, { owner: 'ticket', name: 'TicketIndex', title: '票夹' });
  await expect(currentPage(page).getByRole('heading', { name: monthName(typed.issueDate) })).toBeVisible();
  await expect(monthTotals(page, typed.issueDate)).toHaveText('1 张 · 价税合计 ¥1,060.00 · 税额 ¥60.00');
  await expect(currentPage(page).getByTestId('folder-gross')).toHaveText('¥1,060.00');
  const typedRow = currentPage(page).getByRole('button', { name: `${SELLER} ¥1,060.00` });
  await expect(typedRow).toContainText('查验通过');
  await expect(typedRow).toContainText(`No. ${typed.number}`);
  await shot(page, 'ticket-index');

  // 拍照/相册: a picture of the second invoice's QR code, read in the browser; the bureau does not answer meanwhile.
  await setFault(server.url, 'fail', '税务局系统繁忙');
  const payload = invoiceQrPayload({ type: '数电普票', number: pictured.number, netFen: pictured.netFen, issueDate: pictured.issueDate });
  const picture = await QRCode.toBuffer(payload, { type: 'png', margin: 4, scale: 6 });
  await currentPage(page).getByRole('button', { name: '导入', exact: true }).click();
  await expectPage(page, { owner: 'ticket', name: 'TicketImport', title: '导入发票' });
  await currentPage(page).getByRole('button', { name: '拍照/相册' }).click();
  await expectPage(page, { owner: 'ticket', name: 'TicketImportImage', title: '图片导入' });
  await currentPage(page).getByLabel('选择发票图片').setInputFiles({ name: 'invoice.png', mimeType: 'image/png', buffer: picture });
  const found = region(page, '识别结果');
  await expect(found).toContainText(pictured.number);
  await expect(found).toContainText('¥2,000.00');
  await expect(found).toContainText(pictured.issueDate);
  await shot(page, 'ticket-image');
  await currentPage(page).getByRole('button', { name: '加入票夹' }).click();
  await expectPage(page, { owner: 'ticket', name: 'TicketDetail', title: '票据详情' });
  await expect(region(page, '查验').getByText('查验失败', { exact: true })).toBeVisible({ timeout: 30_000 });

  // 重新查验 once the bureau answers again: the verified result.
  await setFault(server.url, 'none');
  await region(page, '查验').getByRole('button', { name: '重新查验' }).click();
  await expect(region(page, '查验').getByText('查验通过', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(currentPage(page).locator('.ticket-detail__amount')).toHaveText('¥2,120.00');
  await expect(region(page, '发票信息')).toContainText('数电普票');
  await shot(page, 'ticket-detail');

  // 报销, confirmed: marked with who and when.
  await currentPage(page).getByRole('button', { name: '报销', exact: true }).click();
  await expect(dialog(page)).toContainText('确定将这张发票标记为已报销吗？');
  await dialog(page).getByRole('button', { name: '确定报销' }).click();
  await expect(toast(page, '已标记为已报销')).toBeVisible();
  await expect(region(page, '报销')).toContainText('已报销');
  await expect(currentPage(page).getByRole('button', { name: '取消报销' })).toBeVisible();

  // The folder: both in the month, the second reimbursed.
  await navigateInApp(page, '/ticket/index');
  await expectPage(page, { owner: 'ticket', name: 'TicketIndex', title: '票夹' });
  await expect(monthTotals(page, typed.issueDate)).toHaveText('2 张 · 价税合计 ¥3,180.00 · 税额 ¥180.00');
  await expect(currentPage(page).getByRole('button', { name: `${SELLER} ¥2,120.00` })).toContainText('已报销');

  // 删除 the first, confirmed: back in the folder without it, the month's totals without it.
  await typedRow.click();
  await expectPage(page, { owner: 'ticket', name: 'TicketDetail', title: '票据详情' });
  await expect(region(page, '发票信息')).toContainText(typed.number);
  await currentPage(page).getByRole('button', { name: '删除' }).click();
  await expect(dialog(page)).toContainText(`确定从票夹中删除发票 ${typed.number} 吗？`);
  await dialog(page).getByRole('button', { name: '删除' }).click();
  await expect(toast(page, '已删除')).toBeVisible();
  await expectPage(page, { owner: 'ticket', name: 'TicketIndex', title: '票夹' });
  await expect(currentPage(page).getByRole('button', { name: `${SELLER} ¥1,060.00` })).toHaveCount(0);
  await expect(monthTotals(page, typed.issueDate)).toHaveText('1 张 · 价税合计 ¥2,120.00 · 税额 ¥120.00');
  const stored = await api<{ total: number; list: { number: string; reimbursed: boolean; verifyState: string }[] }>('ticket/list', {});
  expect(stored.list.map(({ number, reimbursed, verifyState }) => ({ number, reimbursed, verifyState }))).toEqual([
    { number: pictured.number, reimbursed: true, verifyState: '查验通过' },
  ]);
});
