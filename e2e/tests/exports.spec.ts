/**
 * 导出 against the real server, as 企业管理员 on a server of its own with the demo history (four months of invoices,
 * tickets and 收支). In a phone's browser: last month's invoices as an Excel file, read back with exceljs, hold the
 * rows the list shows and its totals; a buyer's invoices as a ZIP of their PDFs, one per invoice. In WeChat (the
 * tests' default browser): the sheet offers no download but the link to copy and 发送到邮箱, and the e-mail arrives
 * in the simulator's outbox; the sheet looks right at 360 and 390 px.
 */
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import { formatYuan } from '@app/domain/money';
import { devices, type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { shot } from '../support/screenshot';
import { currentPage, expectPage } from '../support/app';
import { startIsolatedServer, type IsolatedServer } from '../support/isolated-server';
import { clippedPlaceholders, settled, wrappedButtons } from '../support/layout-check';
import { acceptAgreement, callApi, demoSignIn } from '../support/sign-in';
import { until } from '../support/wait';

test.describe.configure({ mode: 'serial' });

const LABEL = '企业管理员';

let server: IsolatedServer;
let token: string;

const api = <T>(path: string, body: unknown) => callApi<T>(server.url, path, body, token);

interface ListedInvoice {
  id: string;
  kind: 'blue' | 'red';
  status: string;
  number: string | null;
  buyerName: string;
  grossFen: number;
}

/** The China month before this one, `YYYY-MM`, and its label in the list (2026年11月). */
function lastChinaMonth(): { month: string; label: string } {
  const now = new Date(Date.now() + 8 * 3600_000);
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const month = first.toISOString().slice(0, 7);
  return { month, label: `${month.slice(0, 4)}年${Number(month.slice(5))}月` };
}

/** Every invoice the list shows for the query, page after page as it scrolls (what the user would see). */
async function listed(query: Record<string, unknown>): Promise<ListedInvoice[]> {
  const rows: ListedInvoice[] = [];
  for (let page = 1; ; page++) {
    const answer = await api<{ total: number; list: ListedInvoice[] }>('invoice/list', { ...query, page });
    rows.push(...answer.list);
    if (answer.list.length === 0 || rows.length >= answer.total) return rows;
  }
}

const sheet = (page: Page, name: string) => page.getByRole('dialog', { name });

async function openInvoiceMonth(page: Page, label: string): Promise<number> {
  await page.goto(`${server.url}/invoice/list`);
  await expectPage(page, { owner: 'invoice', title: '发票列表' });
  await currentPage(page).getByText('全部月份').click();
  await page.getByRole('option', { name: label, exact: true }).click();
  const count = currentPage(page).locator('.invoice-list__count');
  await expect(count).toHaveText(/^共 \d+ 张发票$/);
  return Number((await count.textContent())?.replace(/\D/g, ''));
}

/** The signed link of the made file, fetched without the session as the system browser would. */
async function fetchFile(request: APIRequestContext, href: string): Promise<Buffer> {
  const response = await request.get(new URL(href, server.url).href);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-disposition']).toContain('attachment');
  return response.body();
}

async function readSheet(file: Buffer): Promise<{ header: string[]; rows: ExcelJS.CellValue[][]; totals: ExcelJS.CellValue[] }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const worksheet = workbook.worksheets[0];
  if (!worksheet) throw new Error('the file has no sheet');
  const all: ExcelJS.CellValue[][] = [];
  worksheet.eachRow((row) => all.push((row.values as ExcelJS.CellValue[]).slice(1)));
  const [header, ...rest] = all;
  return { header: (header ?? []).map(String), rows: rest.slice(0, -1), totals: rest.at(-1) ?? [] };
}

function zipEntries(file: Buffer): Promise<{ name: string; size: number }[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(file, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries: { name: string; size: number }[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        entries.push({ name: entry.fileName, size: entry.uncompressedSize });
        zip.readEntry();
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** A made file's link, once the sheet shows it (生成中 first, polled every 2 s). */
async function madeDownload(page: Page, name: string) {
  const link = sheet(page, name).getByRole('link', { name: '下载文件' });
  await expect(link).toBeVisible({ timeout: 60_000 });
  return link;
}

test.beforeAll(async () => {
  server = await startIsolatedServer({ DEMO_HISTORY: 'true' });
  token = await demoSignIn(server.url, LABEL);
  await acceptAgreement(server.url, token);
});
test.afterAll(async () => server?.stop());
test.beforeEach(async ({ context }) => {
  await context.addInitScript((value) => localStorage.setItem('token', JSON.stringify(value)), token);
});

test.describe('in a phone browser', () => {
  test.use({ userAgent: devices['Pixel 7'].userAgent });

  test("last month's invoices as Excel: the rows and the totals the list shows", async ({ page, request }) => {
    test.setTimeout(150_000);
    const { month, label } = lastChinaMonth();
    const shown = await openInvoiceMonth(page, label);
    const invoices = await listed({ month });
    expect(invoices.length).toBe(shown);
    expect(shown).toBeGreaterThan(0);

    await currentPage(page).getByRole('button', { name: '导出' }).click();
    const exportSheet = sheet(page, '导出发票');
    await expect(exportSheet.getByText(`导出范围：${label}`)).toBeVisible();
    await expect(exportSheet.getByText('筛选条件：无（全部记录）')).toBeVisible();
    await expect(exportSheet.getByRole('option', { name: 'PDF 压缩包' })).toBeVisible();
    for (const width of [360, 390]) {
      await page.setViewportSize({ width, height: 780 });
      await settled(page);
      expect(await wrappedButtons(page)).toEqual([]);
      await shot(page, `export-sheet-invoices-${width}`);
    }
    await exportSheet.getByRole('button', { name: '生成 Excel' }).click();
    const download = await madeDownload(page, '导出发票');
    await expect(download).toHaveAttribute('download', /\.xlsx$/);
    await expect(exportSheet.getByText(`共 ${shown} 条`, { exact: false })).toBeVisible();

    const { header, rows, totals } = await readSheet(await fetchFile(request, (await download.getAttribute('href')) ?? ''));
    const column = (name: string) => {
      const index = header.indexOf(name);
      expect(index, `column ${name}`).toBeGreaterThanOrEqual(0);
      return index;
    };
    expect(rows).toHaveLength(shown);
    // Row by row, in the list's order: the buyer, the number and 价税合计.
    expect(rows.map((row) => [row[column('购买方名称')], row[column('发票号码')] ?? null, row[column('价税合计')]])).toEqual(
      invoices.map((invoice) => [invoice.buyerName, invoice.number, invoice.grossFen / 100]),
    );
    // The list's first row is the file's first.
    const [first] = invoices as [ListedInvoice];
    await expect(
      currentPage(page)
        .getByRole('button', { name: `${first.buyerName} ${formatYuan(first.grossFen)}` })
        .first(),
    ).toBeVisible();
    const counted = invoices.filter((invoice) => ['已开具', '已红冲', '部分红冲'].includes(invoice.status));
    const grossFen = counted.reduce((sum, invoice) => sum + invoice.grossFen, 0);
    expect(String(totals[column('发票号码')])).toContain(`已开具 ${counted.length} 张`);
    expect(Math.round(Number(totals[column('价税合计')]) * 100)).toBe(grossFen);
  });

  test("a buyer's invoices of the month as a ZIP: one PDF per issued invoice, named by its number", async ({ page, request }) => {
    test.setTimeout(150_000);
    const { month, label } = lastChinaMonth();
    await openInvoiceMonth(page, label);
    const buyer = (await listed({ month })).find((invoice) => invoice.number)?.buyerName ?? '';
    await currentPage(page).getByPlaceholder('搜索购买方名称或发票号码后几位').fill(buyer);
    const invoices = await listed({ month, keyword: buyer });
    await expect(currentPage(page).locator('.invoice-list__count')).toHaveText(`共 ${invoices.length} 张发票`);

    await currentPage(page).getByRole('button', { name: '导出' }).click();
    const exportSheet = sheet(page, '导出发票');
    await expect(exportSheet.getByText(`筛选条件：“${buyer}”`)).toBeVisible();
    await exportSheet.getByRole('option', { name: 'PDF 压缩包' }).click();
    await exportSheet.getByRole('button', { name: '生成 PDF 压缩包' }).click();
    const download = await madeDownload(page, '导出发票');
    await expect(download).toHaveAttribute('download', /\.zip$/);

    const entries = await zipEntries(await fetchFile(request, (await download.getAttribute('href')) ?? ''));
    const expected = invoices
      .filter((invoice) => invoice.number)
      .map((invoice) => `${invoice.kind === 'red' ? '红字发票' : '发票'}_${invoice.number}.pdf`)
      .sort();
    expect(expected.length).toBeGreaterThan(0);
    expect(entries.map((entry) => entry.name).sort()).toEqual(expected);
    for (const entry of entries) expect(entry.size).toBeGreaterThan(1000);
  });
});

test.describe('in WeChat', () => {
  test('收支 of this month: no download, the link to copy and 发送到邮箱, which reaches the outbox; the sheet at 360 and 390 px', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto(`${server.url}/payment/list`);
    await expectPage(page, { owner: 'payment', title: '收支' });
    await expect(currentPage(page).getByTestId('income-total')).not.toHaveText('—');
    await currentPage(page).getByRole('button', { name: '导出' }).click();
    const exportSheet = sheet(page, '导出收支');
    await expect(exportSheet.getByRole('button', { name: '生成 Excel' })).toBeVisible();
    await exportSheet.getByRole('option', { name: '按日期' }).click();
    await expect(exportSheet.getByRole('button', { name: '开始日期 未选择' })).toBeVisible();
    for (const width of [360, 390]) {
      await page.setViewportSize({ width, height: 780 });
      await settled(page);
      expect(await wrappedButtons(page)).toEqual([]);
      await shot(page, `export-sheet-choose-${width}`);
    }
    await exportSheet.getByRole('option', { name: '本月' }).click();
    await exportSheet.getByRole('button', { name: '生成 Excel' }).click();

    const link = exportSheet.getByRole('textbox', { name: '下载链接' });
    await expect(link).toBeVisible({ timeout: 60_000 });
    await expect(link).toHaveValue(new RegExp(`^${server.url}/`));
    await expect(exportSheet.getByText('请在浏览器中打开，10 分钟内有效')).toBeVisible();
    await expect(exportSheet.getByRole('button', { name: '复制链接' })).toBeVisible();
    await expect(exportSheet.getByRole('link', { name: '下载文件' })).toHaveCount(0);
    await expect(page.locator('a[download]')).toHaveCount(0);
    for (const width of [360, 390]) {
      await page.setViewportSize({ width, height: 780 });
      await settled(page);
      expect(await wrappedButtons(page)).toEqual([]);
      expect(await clippedPlaceholders(page)).toEqual([]);
      await shot(page, `export-sheet-ready-wechat-${width}`);
    }

    const address = `exports-${Date.now()}@example.com`;
    await exportSheet.getByRole('textbox', { name: '接收邮箱' }).fill('boss@example');
    await exportSheet.getByRole('button', { name: '发送', exact: true }).click();
    await expect(exportSheet.getByRole('alert')).toHaveText('接收邮箱格式不正确');
    await exportSheet.getByRole('textbox', { name: '接收邮箱' }).fill(address);
    await exportSheet.getByRole('button', { name: '发送', exact: true }).click();
    // Queued: 发送中 until the sheet's next poll finds it sent.
    await expect(exportSheet.getByText(`发送中：${address}`).or(exportSheet.getByText(`已发送至 ${address}`))).toBeVisible();
    const mail = await until('the export e-mail in the outbox', async () => {
      const outbox = (await (await fetch(`${server.url}/etax-sim/api/outbox?to=${encodeURIComponent(address)}`)).json()) as {
        list: { subject: string; body: string; attachmentName: string | null }[];
      };
      return outbox.list[0];
    });
    expect(mail.attachmentName).toMatch(/\.xlsx$/);
    expect(mail.body).toContain(mail.attachmentName ?? '');
    await expect(exportSheet.getByText(`已发送至 ${address}`)).toBeVisible();
    await mailStateShots(page, 'sent');

    // 发送失败 as the server would report a refused address, with 重试: the send's answer says so.
    const bounced = `bounce-${Date.now()}@example.com`;
    await page.route('**/api/export/send', async (route) => {
      const answer = await route.fetch();
      const body = (await answer.json()) as { result?: Record<string, unknown> };
      if (body.result) Object.assign(body.result, { mailState: '发送失败', failReason: '收件人地址不存在' });
      await route.fulfill({ response: answer, json: body });
    });
    await exportSheet.getByRole('textbox', { name: '接收邮箱' }).fill(bounced);
    await exportSheet.getByRole('button', { name: '发送', exact: true }).click();
    await expect(exportSheet.getByText('发送失败：收件人地址不存在')).toBeVisible();
    await expect(exportSheet.getByRole('button', { name: '重试' })).toBeVisible();
    await mailStateShots(page, 'failed');
    await page.unroute('**/api/export/send');
  });
});

/** The sheet with an e-mail's state under its address field, at 360 and 390 px: no wrapped button, nothing cut. */
async function mailStateShots(page: Page, state: string): Promise<void> {
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 780 });
    await settled(page);
    expect(await wrappedButtons(page)).toEqual([]);
    expect(await clippedPlaceholders(page)).toEqual([]);
    await shot(page, `export-sheet-mail-${state}-${width}`);
  }
}
