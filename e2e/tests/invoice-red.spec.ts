/**
 * 发票列表 and 红字发票 against the real server and e-tax simulator, as 企业管理员 with the tax bureau ready: a blue
 * invoice of two lines issued through the API is found in the list, its detail sheet shows the invoice and opens its
 * PDF; 红冲 reverses part of line 1 (销售折让), the list then shows 部分红冲 with what is left; the rest is reversed
 * (销货退回, 全额), the blue invoice shows 已红冲 and two red invoices are listed under 红票; 开票有误 forces 全额.
 * On a server of its own, since it sets the company's tax-bureau state.
 */
import { expect, test } from '../support/test';
import type { Page } from '@playwright/test';
import { currentPage, expectPage } from '../support/app';
import { choice, submitRed } from '../support/invoice-forms';
import { startIsolatedServer, type IsolatedServer } from '../support/isolated-server';
import { acceptAgreement, callApi, demoSignIn } from '../support/sign-in';
import { companyBuyer, chinaDay, issueBlueInvoice, type IssuedInvoice } from '../support/invoices';

test.describe.configure({ mode: 'serial' });

const LABEL = '企业管理员';
const BUYER = companyBuyer('杭州红冲测试贸易有限公司', '91110108MA01C2QK3D');
const SECOND_BUYER = { ...BUYER, name: '宁波开票有误测试有限公司' };

let server: IsolatedServer;
let token: string;
let blue: IssuedInvoice;
let second: IssuedInvoice;

const api = <T>(path: string, body: unknown) => callApi<T>(server.url, path, body, token);

async function saveGoods(name: string, taxShortName: string, taxCode: string, rate: number): Promise<string> {
  const goods = await api<{ id: string }>('goods/save', {
    name,
    taxCode,
    taxShortName,
    model: '',
    unit: '项',
    unitPriceFen: null,
    taxRatePermille: rate,
    taxFree: null,
  });
  return goods.id;
}

const issuedInvoice = (buyer: typeof BUYER, lines: { goodsId: string; grossFen: number; rate: number }[]): Promise<IssuedInvoice> =>
  issueBlueInvoice(server.url, token, buyer, lines);

/** A phone screenshot, once the masks that are closing have gone (`masks`: those of popups meant to be open). */
async function shot(page: Page, name: string, masks = 0) {
  await expect(page.locator('.adm-mask:visible')).toHaveCount(masks);
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), scale: 'css' });
}

const rowOf = (page: Page, buyer: string) => currentPage(page).getByRole('button', { name: new RegExp(`^${buyer} `) });
const sheet = (page: Page) => page.getByRole('dialog', { name: '发票详情' });
const dropdownPanel = (page: Page) => page.locator('.adm-dropdown-popup-body');

test.beforeAll(async () => {
  server = await startIsolatedServer();
  token = await demoSignIn(server.url, LABEL);
  await acceptAgreement(server.url, token);
  await server.hook('tax-account', { label: LABEL, loggedIn: true, faceToday: true });
  const service = await saveGoods('软件服务费', '信息技术服务', '3040201000000000000', 60);
  const hardware = await saveGoods('路由器', '通信设备', '1090515000000000000', 130);
  // ¥106.00 at 6 % and ¥226.00 at 13 %: ¥332.00 in all.
  blue = await issuedInvoice(BUYER, [
    { goodsId: service, grossFen: 10_600, rate: 60 },
    { goodsId: hardware, grossFen: 22_600, rate: 130 },
  ]);
  second = await issuedInvoice(SECOND_BUYER, [{ goodsId: service, grossFen: 5_300, rate: 60 }]);
});
test.afterAll(async () => server?.stop());

test.beforeEach(async ({ context }) => {
  await context.addInitScript((value) => localStorage.setItem('token', JSON.stringify(value)), token);
});

test('the list, the detail sheet and its PDF; 红冲 in part, then the rest; two red invoices under 红票', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`${server.url}/invoice/list`);
  await expectPage(page, { owner: 'invoice', name: 'InvoiceList', title: '发票列表' });
  // The blue invoice's row (its red invoices will carry the same buyer, with negative totals).
  const row = currentPage(page).getByRole('button', { name: `${BUYER.name} ¥332.00`, exact: true });
  await expect(row).toBeVisible();
  await expect(row).toContainText(`No. ${blue.number}`);
  await expect(row).toContainText(chinaDay(blue.issuedAt));
  await expect(row).toContainText('已开具');
  await shot(page, 'invoice-list');

  // The detail sheet: the invoice as printed.
  await row.click();
  await expect(sheet(page).getByRole('article')).toBeVisible();
  await expect(sheet(page)).toContainText(blue.number);
  await expect(sheet(page).getByRole('region', { name: '购买方信息' })).toContainText(BUYER.name);
  await expect(sheet(page).getByLabel('合计', { exact: true })).toContainText('¥300.00');
  await expect(sheet(page).getByLabel('合计', { exact: true })).toContainText('¥32.00');
  await expect(sheet(page).getByRole('region', { name: '价税合计' })).toContainText('¥332.00');
  await expect(sheet(page).getByRole('region', { name: '价税合计' })).toContainText('叁佰叁拾贰元整');
  await shot(page, 'invoice-sheet', 1);

  // 查看 PDF opens the signed link in a new window; it answers a PDF. 下载 PDF saves it.
  const popup = page.waitForEvent('popup');
  await sheet(page).getByRole('button', { name: '查看 PDF' }).click();
  const pdfUrl = (await popup).url();
  expect(pdfUrl).toContain(`/files/invoices/${blue.id}.pdf?`);
  const pdf = await page.request.get(pdfUrl);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  const download = page.waitForEvent('download');
  await sheet(page).getByRole('button', { name: '下载 PDF' }).click();
  expect((await download).suggestedFilename()).toBe(`发票_${blue.number}.pdf`);

  // 红冲 in part: ¥50.00 of line 1, 销售折让.
  await sheet(page).getByRole('button', { name: '红冲' }).click();
  await expectPage(page, { owner: 'invoice', name: 'InvoiceReturn', title: '红字发票' });
  await expect(page).toHaveURL(new RegExp(`/invoice/return\\?id=${blue.id}$`));
  const summary = currentPage(page).getByLabel('原蓝字发票');
  await expect(summary).toContainText(blue.number);
  await expect(summary).toContainText('¥332.00');
  await choice(page, '红冲原因', '销售折让').click();
  await choice(page, '红冲方式', '部分红冲').click();
  const line1 = currentPage(page).getByRole('region', { name: /^第 1 行/ });
  await expect(line1).toContainText('剩余可红冲 ¥106.00');
  await line1.getByLabel('本次红冲（含税）').fill('200');
  await expect(line1.getByRole('alert')).toHaveText('超出可红冲金额，最多 ¥106.00');
  await line1.evaluate((block) => block.scrollIntoView({ block: 'center' }));
  await shot(page, 'invoice-return-over-limit');
  await line1.getByLabel('本次红冲（含税）').fill('50');
  await expect(line1.getByRole('alert')).toHaveCount(0);
  await expect(line1).toContainText('红字金额 -¥47.17');
  await expect(line1).toContainText('税额 -¥2.83');
  await expect(currentPage(page).getByLabel('红字发票合计')).toContainText('（负数）伍拾元整');
  await submitRed(page, '¥50.00');

  // Back in the list (kept in the page cache, reloaded when shown again): 部分红冲 with what is left.
  await page.goBack();
  await page.goBack();
  await expectPage(page, { owner: 'invoice', name: 'InvoiceList', title: '发票列表' });
  await expect(row).toContainText('部分红冲');
  await expect(row).toContainText('剩余 ¥282.00');

  // The rest: 销货退回, 全额.
  await row.click();
  await expect(sheet(page)).toContainText('剩余可红冲 ¥282.00');
  await sheet(page).getByRole('button', { name: '红冲' }).click();
  await expectPage(page, { owner: 'invoice', name: 'InvoiceReturn', title: '红字发票' });
  await expect(currentPage(page).getByLabel('原蓝字发票')).toContainText('¥282.00');
  await choice(page, '红冲原因', '销货退回').click();
  await expect(choice(page, '红冲方式', '全额红冲')).toHaveClass(/adm-selector-item-active/);
  await submitRed(page, '¥282.00');

  await page.goto(`${server.url}/invoice/list`);
  await expect(row).toContainText('已红冲');
  await currentPage(page).getByText('全部发票').click();
  await dropdownPanel(page).getByText('红票', { exact: true }).click();
  const reds = rowOf(page, BUYER.name);
  await expect(reds).toHaveCount(2);
  await expect(reds.filter({ hasText: '-¥50.00' })).toHaveCount(1);
  await expect(reds.filter({ hasText: '-¥282.00' })).toHaveCount(1);
  await shot(page, 'invoice-list-red');

  // A red invoice's sheet: no 红冲, the blue number in its remarks.
  await reds.filter({ hasText: '-¥50.00' }).click();
  await expect(sheet(page)).toContainText(blue.number);
  await expect(sheet(page)).toContainText('销售折让');
  await expect(sheet(page).getByRole('button', { name: '红冲' })).toHaveCount(0);
});

test('the list filtered to nothing: 没有符合条件的发票, and 清除筛选', async ({ page }) => {
  await page.goto(`${server.url}/invoice/list`);
  await expect(rowOf(page, SECOND_BUYER.name)).toBeVisible();
  await currentPage(page).getByText('全部状态').click();
  await dropdownPanel(page).getByText('开具失败', { exact: true }).click();
  await expect(currentPage(page).getByText('没有符合条件的发票')).toBeVisible();
  await shot(page, 'invoice-list-empty');
  await currentPage(page).getByRole('button', { name: '清除筛选' }).click();
  await expect(rowOf(page, SECOND_BUYER.name)).toBeVisible();

  await currentPage(page).getByPlaceholder('搜索购买方名称或发票号码后几位').fill('宁波');
  await expect(rowOf(page, SECOND_BUYER.name)).toBeVisible();
  await expect(rowOf(page, BUYER.name)).toHaveCount(0);
});

test('开票有误 forces 全额; the blue invoice found by its number and issue date', async ({ page }) => {
  await page.goto(`${server.url}/invoice/return`);
  await expectPage(page, { owner: 'invoice', name: 'InvoiceReturn', title: '红字发票' });
  // The fully reversed invoice is not offered; the second one is.
  await expect(rowOf(page, SECOND_BUYER.name)).toBeVisible();
  await expect(rowOf(page, BUYER.name)).toHaveCount(0);
  await shot(page, 'invoice-return-choose');

  await currentPage(page).getByRole('tab', { name: '按号码查找' }).click();
  await currentPage(page).getByPlaceholder('20 位数电发票号码').fill(second.number);
  await currentPage(page).getByText('请选择').click();
  // The picker opens on today, the day the invoice was issued.
  await page.locator('.adm-picker-header-button', { hasText: '确定' }).click();
  await expect(currentPage(page).getByText(chinaDay(second.issuedAt))).toBeVisible();
  await currentPage(page).getByRole('button', { name: '查找发票' }).click();
  const summary = currentPage(page).getByLabel('原蓝字发票');
  await expect(summary).toContainText(SECOND_BUYER.name);
  await expect(summary).toContainText('¥53.00');

  await choice(page, '红冲方式', '部分红冲').click();
  await expect(currentPage(page).getByLabel('本次红冲（含税）')).toBeVisible();
  await choice(page, '红冲原因', '开票有误').click();
  await expect(choice(page, '红冲方式', '部分红冲')).toHaveClass(/adm-selector-item-disabled/);
  await expect(choice(page, '红冲方式', '全额红冲')).toHaveClass(/adm-selector-item-active/);
  await expect(currentPage(page).getByText('“开票有误”只能全额红冲：整张发票冲销后，再重新开具正确的发票。')).toBeVisible();
  await expect(currentPage(page).getByLabel('本次红冲（含税）')).toHaveCount(0);
  await shot(page, 'invoice-return-mistake');
  await submitRed(page, '¥53.00');
});
