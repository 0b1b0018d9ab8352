/**
 * Delivery you can see, against the real server, its task worker and the outbox (no SMTP_URL): a blue invoice issued
 * with an e-mail address shows 已发送 to it in its detail sheet and the message is in the outbox; 重新发送 to another
 * address adds a delivery to that address that turns 已发送, and that message arrives too; the sixth send within the
 * hour is refused with the server's words in the form. The list's 发送失败 filter finds none of these. The sheet and the
 * list are looked at (screenshots, wrapped buttons, broken numbers) at 360 and 390 px. On a server of its own, since
 * it sets the company's tax-bureau state.
 */
import { expect, test } from '../support/test';
import type { Page } from '@playwright/test';
import { companyBuyer, issueBlueInvoice, type IssuedInvoice } from '../support/invoices';
import { startIsolatedServer, type IsolatedServer } from '../support/isolated-server';
import { brokenNumbers, settled, wrappedButtons } from '../support/layout-check';
import { acceptAgreement, callApi, demoSignIn } from '../support/sign-in';
import { until } from '../support/wait';

test.describe.configure({ mode: 'serial' });

const LABEL = '企业管理员';
const BUYER = companyBuyer('杭州发送测试文化传媒有限公司', '91110108MA01C2QK3D');
const FIRST_EMAIL = 'finance@delivery-e2e.test';
const OTHER_EMAIL = 'boss@delivery-e2e.test';

let server: IsolatedServer;
let token: string;
let invoice: IssuedInvoice;

interface OutboxMessage {
  channel: string;
  recipient: string;
  subject: string;
  attachmentName: string | null;
}

/** The messages the outbox holds for an address (the simulator's JSON, on where test hooks are). */
async function outboxFor(address: string): Promise<OutboxMessage[]> {
  const response = await fetch(`${server.url}/etax-sim/api/outbox?to=${encodeURIComponent(address)}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { list: OutboxMessage[] }).list;
}

const sheet = (page: Page) => page.getByRole('dialog', { name: '发票详情' });
const records = (page: Page) => sheet(page).getByRole('region', { name: '发送记录' });
const delivery = (page: Page, address: string, state: string) =>
  records(page).getByRole('listitem', { name: `邮箱 ${address} ${state}`, exact: true });

/** The open sheet at `width`: a screenshot into the test's folder, and no wrapped button or broken number. */
async function lookAt(page: Page, name: string, width: number) {
  await page.setViewportSize({ width, height: 800 });
  await settled(page);
  await page.screenshot({ path: test.info().outputPath(`${name}-${width}px.png`), scale: 'css' });
  // The sheet's own scroller: the delivery list is below the invoice.
  await records(page).scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath(`${name}-${width}px-records.png`), scale: 'css' });
  expect.soft(await wrappedButtons(page), `buttons that wrap at ${width} px`).toEqual([]);
  expect.soft(await brokenNumbers(page, ['.delivery-item__time']), `numbers broken at ${width} px`).toEqual([]);
}

test.beforeAll(async () => {
  server = await startIsolatedServer();
  token = await demoSignIn(server.url, LABEL);
  await acceptAgreement(server.url, token);
  await server.hook('tax-account', { label: LABEL, loggedIn: true, faceToday: true });
  const goods = await callApi<{ list: { id: string }[] }>(server.url, 'goods/list', { page: 1 }, token);
  const goodsId = goods.list[0]?.id;
  if (!goodsId) throw new Error('the demo company has no goods');
  invoice = await issueBlueInvoice(server.url, token, BUYER, [{ goodsId, grossFen: 10_600, rate: 60 }], { deliverEmail: FIRST_EMAIL });
});
test.afterAll(async () => server?.stop());

test('issued with an e-mail: 已发送 in the sheet and in the outbox; 重新发送 elsewhere adds a delivery that turns 已发送', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await context.addInitScript((value) => localStorage.setItem('token', JSON.stringify(value)), token);
  await page.goto(`${server.url}/invoice/list?id=${invoice.id}`);
  await expect(sheet(page)).toContainText(invoice.number);

  // Sent as it was issued (the list reads itself again while it is 待发送), and the message is in the outbox.
  await expect(delivery(page, FIRST_EMAIL, '已发送')).toBeVisible();
  await expect(delivery(page, FIRST_EMAIL, '已发送')).toContainText(/发送于 \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
  const first = await until(`the e-mail to ${FIRST_EMAIL}`, async () => (await outboxFor(FIRST_EMAIL))[0] ?? null);
  expect(first).toMatchObject({ channel: 'email', attachmentName: `发票_${invoice.number}.pdf` });
  expect(first.subject).toContain(invoice.number);
  for (const width of [360, 390]) await lookAt(page, 'sheet-sent', width);

  // 重新发送 to another address: a new delivery on top at once (待发送, or already 已发送: the outbox is quick), then 已发送.
  await sheet(page).getByRole('button', { name: '重新发送' }).click();
  const email = page.getByPlaceholder('接收发票的邮箱');
  await expect(email).toHaveValue(FIRST_EMAIL);
  await email.fill(OTHER_EMAIL);
  await page.getByRole('button', { name: '发送', exact: true }).click();
  await expect(page.locator('.adm-toast-main')).toHaveText(`正在发送至 ${OTHER_EMAIL}`);
  await expect(records(page).getByRole('listitem', { name: new RegExp(`^邮箱 ${OTHER_EMAIL} (待发送|已发送)$`) })).toBeVisible();
  await expect(delivery(page, OTHER_EMAIL, '已发送')).toBeVisible();
  await expect(delivery(page, FIRST_EMAIL, '已发送')).toBeVisible();
  await expect(records(page).getByRole('listitem')).toHaveCount(2);
  await expect(records(page).getByRole('listitem').first()).toHaveAccessibleName(`邮箱 ${OTHER_EMAIL} 已发送`);
  const resent = await until(`the e-mail to ${OTHER_EMAIL}`, async () => (await outboxFor(OTHER_EMAIL))[0] ?? null);
  expect(resent.subject).toContain(invoice.number);
  expect(await outboxFor(FIRST_EMAIL)).toHaveLength(1);
  await expect(page.locator('.adm-mask:visible')).toHaveCount(1);
  for (const width of [360, 390]) await lookAt(page, 'sheet-resent', width);
});

test('the sixth send within the hour is refused in the form; 发送失败 lists none of the delivered invoices', async ({ page, context }) => {
  test.setTimeout(90_000);
  // One resend so far (the sending as issued does not count): four more through the API reach five an hour.
  for (let sent = 0; sent < 4; sent += 1) await callApi(server.url, 'invoice/resend', { id: invoice.id, email: OTHER_EMAIL }, token);
  await context.addInitScript((value) => localStorage.setItem('token', JSON.stringify(value)), token);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(`${server.url}/invoice/list?id=${invoice.id}`);
  await sheet(page).getByRole('button', { name: '重新发送' }).click();
  await page.getByRole('button', { name: '发送', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('同一张发票 1 小时内最多重新发送 5 次，请稍后再试');
  await settled(page);
  await page.screenshot({ path: test.info().outputPath('resend-refused-360px.png'), scale: 'css' });
  expect.soft(await wrappedButtons(page), 'buttons that wrap in the resend form').toEqual([]);
  await page.locator('.adm-popup-close-icon').click();
  await sheet(page).getByRole('button', { name: '关闭' }).click();
  await expect(page.locator('.adm-mask:visible')).toHaveCount(0);

  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await settled(page);
    await page.screenshot({ path: test.info().outputPath(`list-${width}px.png`), scale: 'css' });
    expect.soft(await wrappedButtons(page), `buttons that wrap on the list at ${width} px`).toEqual([]);
  }
  await page.getByRole('button', { name: '发送状态' }).click();
  await page.locator('.adm-dropdown-popup-body').getByText('发送失败', { exact: true }).click();
  await expect(page.getByText('没有符合条件的发票')).toBeVisible();
});
