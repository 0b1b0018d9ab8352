/**
 * Discount lines (折扣行) from the screens, against the real server and the e-tax simulator, as 企业管理员 with the tax
 * bureau ready: /invoice/create with two lines, the first discounted by 10 % (totals and capitals on the form, the
 * discount line's negative figures under its line); the issued invoice's sheet shows the discount line under its line,
 * and its PDF prints it with the same totals and capitals. Then 红冲 of the discounted line: the pair is offered whole
 * only (its discount line never alone), and the red invoice reverses both. On a server of its own, since it sets the
 * company's tax-bureau state.
 */
import { expect, test } from '../support/test';
import type { Page } from '@playwright/test';
import { currentPage, expectPage } from '../support/app';
import { choice, expectIssued, field, input, pickGoods, pickTitle, submitRed, totalRow } from '../support/invoice-forms';
import { invoicePdf, pdfText } from '../support/invoice-pdf';
import { startIsolatedServer, type IsolatedServer } from '../support/isolated-server';
import { acceptAgreement, callApi, demoSignIn } from '../support/sign-in';

test.describe.configure({ mode: 'serial' });

const MERCHANT = '企业管理员';
const TITLE_NAME = '杭州西湖文化传媒有限公司';

interface InvoiceLine {
  lineNo: number;
  itemName: string;
  netFen: number;
  taxFen: number;
  grossFen: number;
  discountOf: number | null;
}
interface Invoice {
  id: string;
  number: string;
  status: string;
  netFen: number;
  taxFen: number;
  grossFen: number;
  leftFen: number;
  lines: InvoiceLine[];
}

let server: IsolatedServer;
let token: string;
/** The blue invoice the first test issues, the second reverses in part. */
let blue: Invoice;

const api = <T>(path: string, body: unknown) => callApi<T>(server.url, path, body, token);
const sheet = (page: Page) => page.getByRole('dialog', { name: '发票详情' });
/** The sheet's goods lines (on a phone the table's head row is hidden). */
const lineRows = (page: Page) => sheet(page).getByRole('table', { name: '项目明细' }).getByRole('row');

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true, scale: 'css' });
}

/** A screenshot of the open sheet, its goods lines in view. */
async function sheetShot(page: Page, name: string) {
  await sheet(page)
    .getByRole('table', { name: '项目明细' })
    .evaluate((table) => table.scrollIntoView({ block: 'center' }));
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), scale: 'css' });
}

/** The invoice the task on the page issued, as `invoice/get` answers it. */
async function issuedInvoice(page: Page): Promise<Invoice> {
  const taskId = new URL(page.url()).searchParams.get('id') ?? '';
  const task = await api<{ invoiceId: string }>('task/getTaskDetail', { id: taskId });
  return api<Invoice>('invoice/get', { id: task.invoiceId });
}

/** 查看发票 on the task's page: the invoice list with the invoice's sheet open. */
async function openIssuedSheet(page: Page) {
  await currentPage(page).getByRole('button', { name: '查看发票' }).click();
  await expect(sheet(page).getByRole('article')).toBeVisible();
}

test.beforeAll(async () => {
  server = await startIsolatedServer();
  token = await demoSignIn(server.url, MERCHANT);
  await acceptAgreement(server.url, token);
  await server.hook('tax-account', { label: MERCHANT, loggedIn: true, faceToday: true });
});
test.afterAll(async () => server?.stop());

test.beforeEach(async ({ context }) => {
  await context.addInitScript((value) => localStorage.setItem('token', JSON.stringify(value)), token);
});

test('/invoice/create with a 10 % discount on a line: totals and capitals on the form, the sheet and the PDF', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`${server.url}/invoice/create`);
  await expect(page.locator('.adm-nav-bar-title')).toHaveText('开具发票');
  await pickTitle(page, TITLE_NAME);

  // ¥2,000.00 at 6 %, 10 % off: a discount line of -¥200.00 (-¥188.68 and -¥11.32 of tax).
  await pickGoods(page, '软件技术服务');
  await input(page, '数量', 0).fill('2');
  await expect(input(page, '含税金额', 0)).toHaveValue('2000.00');
  await page.getByRole('button', { name: '+ 添加折扣' }).first().click();
  await field(page, '折扣方式').getByText('按比例').click();
  await input(page, '折扣比例').fill('10');
  const discountFigures = page.getByLabel('折扣行金额');
  await expect(discountFigures).toContainText('折扣');
  await expect(discountFigures).toContainText('金额 -¥188.68');
  await expect(discountFigures).toContainText('税额 -¥11.32');

  // ¥474.00 at 13 %, not discounted.
  await page.getByText('+ 添加商品行').click();
  await pickGoods(page, '办公用品');
  await input(page, '数量', 1).fill('3');
  await expect(input(page, '含税金额', 1)).toHaveValue('474.00');

  await expect(totalRow(page, '合计金额')).toContainText('¥2,117.58');
  await expect(totalRow(page, '合计税额')).toContainText('¥156.42');
  await expect(totalRow(page, '价税合计')).toContainText('¥2,274.00');
  await expect(totalRow(page, '价税合计')).toContainText('（大写）贰仟贰佰柒拾肆元整');
  await expect(page.locator('.adm-form-item-feedback-error')).toHaveCount(0);
  await shot(page, 'discount-form');

  await page.getByRole('button', { name: '开具发票' }).click();
  const number = await expectIssued(page);
  blue = await issuedInvoice(page);
  expect(blue).toMatchObject({ number, netFen: 211_758, taxFen: 15_642, grossFen: 227_400 });
  const [discounted, discount] = blue.lines;
  expect(blue.lines.map((line) => [line.lineNo, line.grossFen, line.discountOf])).toEqual([
    [1, 200_000, null],
    [2, -20_000, 1],
    [3, 47_400, null],
  ]);
  expect(discount).toMatchObject({ itemName: discounted?.itemName, netFen: -18_868, taxFen: -1_132 });

  // The sheet: the discount line right under its line, marked 折扣.
  await openIssuedSheet(page);
  await expect(lineRows(page)).toHaveCount(3);
  await expect(lineRows(page).nth(0)).not.toContainText('折扣');
  await expect(lineRows(page).nth(1).locator('.adm-tag')).toHaveText('折扣');
  await expect(lineRows(page).nth(1)).toContainText(discounted?.itemName ?? '?');
  await expect(lineRows(page).nth(1)).toContainText('-188.68');
  await expect(lineRows(page).nth(1)).toContainText('-11.32');
  await expect(lineRows(page).nth(2)).not.toContainText('折扣');
  await expect(sheet(page).getByLabel('合计', { exact: true })).toContainText('¥2,117.58');
  await expect(sheet(page).getByLabel('合计', { exact: true })).toContainText('¥156.42');
  await expect(sheet(page).getByRole('region', { name: '价税合计' })).toContainText('贰仟贰佰柒拾肆元整');
  await expect(sheet(page).getByRole('region', { name: '价税合计' })).toContainText('¥2,274.00');
  await sheetShot(page, 'discount-sheet');

  // The PDF: the item printed twice, the discount's row with its negative amount and tax; the same totals.
  const text = await pdfText(await invoicePdf(server.url, token, blue.id));
  expect(text.split(discounted?.itemName ?? '?')).toHaveLength(3);
  for (const expected of ['-188.68', '-11.32', '¥2,117.58', '¥156.42', '价税合计（大写）', '贰仟贰佰柒拾肆元整', '（小写）¥2,274.00'])
    expect(text).toContain(expected);
});

test('红冲 of the discounted line: the pair whole, its discount line never alone; the red invoice reverses both', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`${server.url}/invoice/return?id=${blue.id}`);
  await expectPage(page, { owner: 'invoice', name: 'InvoiceReturn', title: '红字发票' });
  await expect(currentPage(page).getByLabel('原蓝字发票')).toContainText('¥2,274.00');
  await choice(page, '红冲原因', '销货退回').click();
  await choice(page, '红冲方式', '部分红冲').click();

  const lines = currentPage(page).getByRole('region', { name: /^第 \d+ 行/ });
  await expect(lines).toHaveCount(2);
  await expect(currentPage(page).getByRole('region', { name: /^第 2 行/ })).toHaveCount(0);
  const pair = currentPage(page).getByRole('region', { name: /^第 1 行/ });
  await expect(pair).toContainText('原价税合计 ¥1,800.00（含折扣 -¥200.00）');
  await expect(pair).toContainText('剩余可红冲 ¥1,800.00');
  await expect(pair).toContainText('含折扣，整行红冲');
  // Its amount is fixed: no field to type in, a box to tick.
  await expect(pair.getByRole('textbox')).toHaveCount(0);
  await pair.locator('.adm-checkbox').click();
  await expect(pair.locator('.adm-checkbox')).toHaveClass(/adm-checkbox-checked/);
  await expect(pair).toContainText('红字金额 -¥1,698.11');
  await expect(pair).toContainText('税额 -¥101.89');
  const totals = currentPage(page).getByLabel('红字发票合计');
  await expect(totals).toContainText('-¥1,800.00');
  await expect(totals).toContainText('（负数）壹仟捌佰元整');
  await pair.evaluate((block) => block.scrollIntoView({ block: 'center' }));
  await shot(page, 'discount-red-form');
  await submitRed(page, '¥1,800.00');

  // The red invoice: the line and its discount line reversed, the discount's now positive.
  const red = await issuedInvoice(page);
  expect(red).toMatchObject({ netFen: -169_811, taxFen: -10_189, grossFen: -180_000 });
  expect(red.lines.map((line) => [line.lineNo, line.netFen, line.taxFen, line.discountOf])).toEqual([
    [1, -188_679, -11_321, null],
    [2, 18_868, 1_132, 1],
  ]);
  await openIssuedSheet(page);
  await expect(sheet(page)).toContainText('红字发票 · 销项负数');
  await expect(lineRows(page)).toHaveCount(2);
  await expect(lineRows(page).nth(0)).toContainText('-1,886.79');
  await expect(lineRows(page).nth(1).locator('.adm-tag')).toHaveText('折扣');
  await expect(lineRows(page).nth(1)).toContainText('188.68');
  await expect(sheet(page).getByRole('region', { name: '价税合计' })).toContainText('（负数）壹仟捌佰元整');
  await expect(sheet(page).getByRole('region', { name: '价税合计' })).toContainText('-¥1,800.00');
  await sheetShot(page, 'discount-red-sheet');
  const text = await pdfText(await invoicePdf(server.url, token, red.id));
  for (const expected of ['红字发票·销项负数', '-1,886.79', '188.68', '（负数）壹仟捌佰元整', '（小写）-¥1,800.00', blue.number])
    expect(text).toContain(expected);

  // What is left of the blue invoice: the line that was not reversed.
  expect(await api<Invoice>('invoice/get', { id: blue.id })).toMatchObject({ status: '部分红冲', leftFen: 47_400 });
});
