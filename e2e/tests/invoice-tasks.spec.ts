/**
 * The invoice remote's task screens and the invoicing QR code against the real server and e-tax simulator: the task
 * list with its filter, a task followed from 正在开具 to 开具成功, a failed one retried, and the QR code a phone can
 * decode. On a server of its own, since it switches the simulator's faults.
 */
import { companyBuyer, saveServiceGoods } from '../support/invoices';
import { expect, test } from '../support/test';
import type { Page } from '@playwright/test';
import { startIsolatedServer, type IsolatedServer } from '../support/isolated-server';
import { decodeQrDataUrl } from '../support/qr';
import { acceptAgreement, callApi, demoSignIn } from '../support/sign-in';
import { setFault } from '../support/tax-bureau';
import { until } from '../support/wait';

test.describe.configure({ mode: 'serial' });

const LABEL = '企业管理员';
const BUYER = companyBuyer('北京示例科技有限公司', '91110108MA01C2QK3D');

let server: IsolatedServer;
let token: string;
let goodsId: string;
let serial = 0;

const api = <T>(path: string, body: unknown) => callApi<T>(server.url, path, body, token);

async function taxReady(faceToday: boolean) {
  await server.hook('tax-account', { label: LABEL, loggedIn: true, faceToday });
}

async function createBlueTask(): Promise<string> {
  serial += 1;
  const { taskId } = await api<{ taskId: string }>('task/createBlueInvoiceTask', {
    requestSerial: `e2e-task-${Date.now()}-${serial}`,
    type: '数电普票',
    buyer: BUYER,
    lines: [{ goodsId, quantity: null, grossFen: 10_600, rate: 60 }],
    remarks: '',
    deliverPhone: '',
    deliverEmail: '',
  });
  return taskId;
}

async function finalStatus(taskId: string): Promise<number> {
  return until(`task ${taskId} to finish`, async () => {
    const { taskStatus } = await api<{ taskStatus: number }>('task/getTaskDetail', { id: taskId });
    return taskStatus === 1 || taskStatus === -1 ? taskStatus : null;
  });
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true, scale: 'css' });
}

let issuedTask: string;
let failedTask: string;

test.beforeAll(async () => {
  server = await startIsolatedServer();
  token = await demoSignIn(server.url, LABEL);
  await acceptAgreement(server.url, token);
  const goods = await saveServiceGoods(server.url, token);
  goodsId = goods.id;

  await taxReady(false);
  failedTask = await createBlueTask();
  expect(await finalStatus(failedTask)).toBe(-1);
  await taxReady(true);
  issuedTask = await createBlueTask();
  expect(await finalStatus(issuedTask)).toBe(1);
});
test.afterAll(async () => server?.stop());

test.beforeEach(async ({ context }) => {
  await context.addInitScript((value) => localStorage.setItem('token', JSON.stringify(value)), token);
});

test('the task list: a row per task with its status, the invoice number or the failure reason; filtered by status', async ({ page }) => {
  await page.goto(`${server.url}/invoice/task/list`);
  await expect(page.locator('.adm-nav-bar-title')).toHaveText('开票任务');
  const issuedRow = page.locator(`a[href="/invoice/task/detail?id=${issuedTask}"]`);
  const failedRow = page.locator(`a[href="/invoice/task/detail?id=${failedTask}"]`);
  await expect(issuedRow).toContainText('开具蓝字发票');
  await expect(issuedRow).toContainText('成功');
  await expect(issuedRow).toContainText(/发票号码 \d{20}/);
  await expect(failedRow).toContainText('失败');
  await expect(failedRow).toContainText('今日尚未完成刷脸认证');
  await shot(page, 'task-list');

  await page.getByRole('tab', { name: '失败' }).click();
  await expect(issuedRow).toHaveCount(0);
  await expect(failedRow).toBeVisible();
  await page.getByRole('tab', { name: '进行中' }).click();
  await expect(page.getByText('没有进行中的任务')).toBeVisible();
  await shot(page, 'task-list-empty');

  await page.getByRole('tab', { name: '全部' }).click();
  await issuedRow.click();
  await expect(page).toHaveURL(new RegExp(`/invoice/task/detail\\?id=${issuedTask}$`));
  await expect(page.getByText('开具成功')).toBeVisible();
});

test('an issued task: 开具成功 with the number, 查看发票 and the PDF', async ({ page }) => {
  await page.goto(`${server.url}/invoice/task/detail?id=${issuedTask}`);
  await expect(page.getByText('开具成功')).toBeVisible();
  await expect(page.getByText(/^发票号码 \d{20}$/)).toBeVisible();
  await expect(page.getByText('已开具')).toBeVisible();
  await shot(page, 'task-detail-success');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '下载 PDF' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);

  await page.getByRole('button', { name: '查看发票' }).click();
  await expect(page).toHaveURL(/\/invoice\/list\?id=[0-9a-f-]{36}$/);
});

test('a failed task shows why, and 重试 runs it again to 开具成功', async ({ page }) => {
  await taxReady(true);
  await page.goto(`${server.url}/invoice/task/detail?id=${failedTask}`);
  await expect(page.getByText('今日尚未完成刷脸认证，请先刷脸认证后重试')).toBeVisible();
  await expect(page.getByText('开具失败').first()).toBeVisible();
  await shot(page, 'task-detail-failed');

  await page.getByRole('button', { name: '重试' }).click();
  await expect(page.getByText('开具成功')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/^发票号码 \d{20}$/)).toBeVisible();
});

test('a running task is followed from 正在开具 to 开具成功', async ({ page }) => {
  // Every step of the bureau takes 6 s longer: long enough to see the task running, even on a busy machine.
  await fetch(`${server.url}/etax-sim/fault`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mode: 'slow', delayMs: 6000 }),
  });
  try {
    const running = await createBlueTask();
    await page.goto(`${server.url}/invoice/task/detail?id=${running}`);
    await expect(page.getByText('正在开具')).toBeVisible();
    await expect(page.getByText('税局处理中，请稍候')).toBeVisible();
    await shot(page, 'task-detail-running');
    await expect(page.getByText('开具成功')).toBeVisible({ timeout: 20_000 });
  } finally {
    await setFault(server.url, 'none');
  }
});

test('an unknown task id: 任务不存在', async ({ page }) => {
  await page.goto(`${server.url}/invoice/task/detail?id=00000000-0000-4000-8000-000000000000`);
  await expect(page.getByRole('heading', { name: '任务不存在' })).toBeVisible();
  await expect(page.locator('.adm-dialog')).toHaveCount(0);
  await shot(page, 'task-detail-not-found');
});

test('the invoicing QR code: company name, a large PNG to long-press that decodes to the company’s link, the hint', async ({ page }) => {
  const expected = await api<{ url: string; companyName: string; code: string }>('company/getInvoiceQrcode', {});
  await page.goto(`${server.url}/invoice/qrcode`);
  const image = page.getByRole('img', { name: `${expected.companyName}开票二维码` });
  await expect(image).toBeVisible();
  await expect(page.getByRole('heading', { name: expected.companyName })).toBeVisible();
  await expect(page.getByText('长按二维码保存到手机')).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => ({ src: img.src.slice(0, 22), width: img.naturalWidth }))).toEqual({
    src: 'data:image/png;base64,',
    width: 600,
  });
  // What a customer's phone reads: the company's shop page on this server (PUBLIC_URL), by the company's code.
  const decoded = new URL(decodeQrDataUrl((await image.getAttribute('src')) ?? '') ?? 'about:blank');
  expect([decoded.port, decoded.pathname]).toEqual([new URL(server.url).port, `/shop/${expected.code}`]);
  expect(decoded.href).toBe(expected.url);
  await shot(page, 'qrcode');
});
