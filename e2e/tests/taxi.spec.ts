/**
 * The taxi flow across two phones, against the real server and e-tax simulator. The driver (出租车管理员) adds a car,
 * makes it the default, records a trip and shares it; the passenger (普通用户) opens the share link cold, as scanning
 * it in the taxi does, receives the trip and asks for an invoice to their title; a second passenger is told the trip
 * is taken. The company issues the taxi invoice from `/invoice/taxi/create` (the passenger's title filled in), the
 * invoice shows the trip as its line (客运服务, the plate as the model) and is sent to the title's e-mail (已发送, and in
 * the outbox), the passenger sees 已开票, and the invoice is
 * reversed in full from `/invoice/taxi/return`, which gives the trip back to the passenger's 待开票.
 * On a server of its own, since it sets the taxi company's tax-bureau state.
 */
import { expect, test } from '../support/test';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { currentPage, expectPage, holdBack } from '../support/app';
import { brokenNumbers, settled, wrappedButtons } from '../support/layout-check';
import { wechatPhone } from '../support/browser';
import { startIsolatedServer, type IsolatedServer } from '../support/isolated-server';
import { acceptAgreement, callApi, demoSignIn, keepSessionCookie } from '../support/sign-in';
import { inlineStyle, pixelsUnlikeAllStyle } from '../support/painted-style';

test.describe.configure({ mode: 'serial' });

const DRIVER = '出租车管理员';
const PLATE = '浙A·T2468';
const FROM = '杭州东站';
const TO = '西湖文化广场';
const PASSENGER_TITLE = {
  kind: '企业',
  name: '杭州乘客科技有限公司',
  taxNumber: '91110108MA01C2QK3D',
  email: 'rider@taxi-e2e.test',
} as const;

let server: IsolatedServer;
let driverToken: string;
let passengerToken: string;
/** The share link the driver's page shows (`origin/t/{code}`). */
let shareLink: string;
let invoiceNumber: string;

async function phoneSignedInAs(browser: Browser, token: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...wechatPhone });
  await context.addInitScript((value) => localStorage.setItem('token', JSON.stringify(value)), token);
  return { context, page: await context.newPage() };
}

/** A phone screenshot once the masks that are closing have gone (`masks`: those of popups meant to be open). */
async function shot(page: Page, name: string, masks = 0) {
  await expect(page.locator('.adm-mask:visible')).toHaveCount(masks);
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), scale: 'css' });
}

const tripState = (scope: ReturnType<Page['locator']> | Page, state: string) => scope.getByLabel(`行程状态 ${state}`);

test.beforeAll(async () => {
  server = await startIsolatedServer();
  driverToken = await demoSignIn(server.url, DRIVER);
  await acceptAgreement(server.url, driverToken);
  await server.hook('tax-account', { label: DRIVER, loggedIn: true, faceToday: true });
  passengerToken = await demoSignIn(server.url, '普通用户');
  await callApi(server.url, 'title/save', { ...PASSENGER_TITLE, isDefault: true }, passengerToken);
});
test.afterAll(async () => server?.stop());

test('the driver adds a car, makes it the default, records a trip and shares it', async ({ browser }) => {
  test.setTimeout(90_000);
  const { context, page } = await phoneSignedInAs(browser, driverToken);
  await page.goto(`${server.url}/taxi/cars`);
  await expectPage(page, { owner: 'taxi', name: 'TaxiCars', title: '车辆管理' });
  const plate = currentPage(page).getByLabel('车牌号');
  // A plate the domain refuses is said under the field, and nothing is added.
  await plate.fill('京O12345');
  await plate.blur();
  await expect(currentPage(page).locator('.adm-form-item-feedback-error')).toBeVisible();
  await plate.fill('浙AT2468');
  await currentPage(page).getByRole('button', { name: '添加车辆' }).click();
  await expect(page.getByText(`已添加 ${PLATE}`)).toBeVisible();
  const car = currentPage(page).getByLabel('企业车辆').getByLabel(PLATE, { exact: true });
  await expect(car).toBeVisible();
  await car.getByRole('button', { name: '设为默认' }).click();
  await expect(car.getByText('默认车辆')).toBeVisible();
  await shot(page, 'taxi-cars');

  await page.goto(`${server.url}/taxi/trip`);
  await expectPage(page, { owner: 'taxi', name: 'TaxiTrip', title: '记录行程' });
  await expect(currentPage(page).getByLabel('记录车辆')).toContainText(PLATE);
  const form = currentPage(page);
  // A fare of nothing is refused under its field before anything is sent.
  await form.getByLabel('上车地点').fill(FROM);
  await form.getByLabel('下车地点').fill(TO);
  await form.getByLabel('里程（公里）').fill('12.5');
  await form.getByLabel('车费（元）').fill('0');
  await form.getByRole('button', { name: '记录并分享' }).click();
  await expect(form.locator('.adm-form-item-feedback-error')).toBeVisible();
  await form.getByLabel('车费（元）').fill('46.50');
  await shot(page, 'taxi-trip');
  await form.getByRole('button', { name: '记录并分享' }).click();

  await expectPage(page, { owner: 'taxi', name: 'TaxiTripShare', title: '分享行程' });
  const share = currentPage(page);
  await expect(share.getByRole('img', { name: '行程二维码' })).toBeVisible();
  await expect(tripState(share, '待领取')).toBeVisible();
  shareLink = (await share.getByLabel('分享链接').textContent())?.trim() ?? '';
  expect(shareLink).toMatch(new RegExp(`^${server.url}/t/[A-Za-z0-9]+$`));
  await expect(share.getByLabel('行程信息')).toContainText(`${FROM}`);
  await expect(share.getByLabel('行程信息')).toContainText('¥46.50');
  await shot(page, 'taxi-trip-share');
  await context.close();
});

test('the passenger opens the link cold, signs in, receives the trip and asks for an invoice; a second passenger is told it is taken', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  // A phone that never opened the app: the link leads to the ride page, which sends it to sign in and back.
  const context = await browser.newContext({ ...wechatPhone });
  const page = await context.newPage();
  await page.goto(shareLink);
  await expect(page).toHaveURL(/\/api\/auth\/authorize\?/);
  // Back from signing in, the server makes the exchange and paints the trip for the new session; the page takes it
  // over with the answers it carries (docs/architecture.md, "First screens from the server").
  const asked: string[] = [];
  page.on('request', (request) => void asked.push(new URL(request.url()).pathname));
  // The page's script held back, as on a slow phone: the painted trip shows, its button not yet answering.
  const releaseScript = await holdBack(page, /\/remotes\/taxi\/[^/]+\/ride\/static\/js\/index\.\w+\.js$/);
  const ridePage = page.waitForResponse(
    (response) => response.request().resourceType() === 'document' && response.url().includes('signin='),
  );
  await page.getByRole('button', { name: '以普通用户身份登录' }).click();
  expect(await (await ridePage).text()).toContain('<div id="root" data-first-screen>');
  const trip = page.getByLabel('行程', { exact: true });
  await expect(trip).toContainText('杭州');
  await expect(trip).toContainText(PLATE);
  await expect(trip).toContainText('¥46.50');
  await expect(tripState(trip, '待领取')).toBeVisible();
  // Tapped before the script is there: the page makes the tap once it has taken the screen over.
  await page.getByRole('button', { name: '领取行程' }).click();
  await expect(tripState(trip, '待领取')).toBeVisible();
  releaseScript();
  await expect(page).toHaveURL(/\/taxi\/ride\/[A-Za-z0-9]+(\?t=\d+)?$/);
  await expect(tripState(trip, '已领取')).toBeVisible();
  // Signed in on the way: no 登录已失效 (the trip's call waited for the new session).
  await expect(page.locator('.adm-dialog')).toHaveCount(0);
  expect(
    asked.filter((path) => ['/api/auth/exchange', '/api/user/getOfficialAccountLoginUserInfo', '/api/taxiTrip/get'].includes(path)),
  ).toEqual([]);
  await page.getByRole('button', { name: '申请开票' }).click();
  const picker = page.getByRole('dialog', { name: '选择抬头' });
  await picker.getByText(PASSENGER_TITLE.name).click();
  await expect(page.getByText('已申请开票', { exact: true })).toBeVisible();
  await expect(tripState(trip, '待开票')).toBeVisible();
  await shot(page, 'taxi-ride-applied');
  await context.close();

  // Someone else scanning the same code afterwards: the trip is not theirs to take.
  const other = await demoSignIn(server.url, '企业员工');
  const second = await phoneSignedInAs(browser, other);
  await second.page.goto(shareLink);
  await expect(second.page.getByRole('alert')).toHaveText('该行程已被其他乘客领取');
  await expect(second.page.getByRole('button', { name: '领取行程' })).toHaveCount(0);
  await second.context.close();
});

test('the ride page carries the rules of its style sheet the trip uses, and looks exactly as it does with all of them', async ({
  browser,
}) => {
  for (const width of [360, 390]) {
    const context = await browser.newContext({ ...wechatPhone, viewport: { width, height: 800 }, javaScriptEnabled: false });
    try {
      await keepSessionCookie(context, server.url, passengerToken);
      const page = await context.newPage();
      await page.goto(shareLink);
      const url = page.url();
      const carried = (await (await page.goto(url))?.text()) ?? '';
      await expect(page.getByLabel('行程', { exact: true })).toContainText(PLATE);
      // The sheet itself starts once the screen is drawn, for what the page draws afterwards.
      const sheet = /<link href="([^"]+\.css)" data-after-paint="stylesheet">/.exec(carried)?.[1];
      expect(sheet).toBeTruthy();
      expect(carried).not.toContain('rel="stylesheet"');
      const all = await (await fetch(`${server.url}${sheet}`)).text();
      expect(inlineStyle(carried).length).toBeLessThan(all.length);
      expect(await pixelsUnlikeAllStyle(page, url, carried, all), `at ${width}px`).toBe(0);
    } finally {
      await context.close();
    }
  }
});

test('the company issues the taxi invoice to the title the passenger asked for; it shows the trip as its line and is sent to the title’s e-mail', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { context, page } = await phoneSignedInAs(browser, driverToken);
  await page.goto(`${server.url}/taxi/share/list`);
  await expect(tripState(currentPage(page), '待开票').first()).toBeVisible();

  await page.goto(`${server.url}/invoice/taxi/create`);
  await expectPage(page, { owner: 'taxi', name: 'TaxiInvoiceCreate', title: '出租车发票' });
  const form = currentPage(page);
  await form.getByLabel(`选择 ${FROM} → ${TO}`).click();
  await expect(form.getByLabel('名称')).toHaveValue(PASSENGER_TITLE.name);
  await expect(form.getByLabel('税号')).toHaveValue(PASSENGER_TITLE.taxNumber);
  const lines = form.getByLabel('开票明细');
  await expect(lines).toContainText(`客运服务费 ${PLATE}`);
  await expect(lines).toContainText('12.5 公里');
  await expect(lines).toContainText('¥46.50');
  await expect(form.getByText(`开具后发送至邮箱 ${PASSENGER_TITLE.email}`)).toBeVisible();
  await shot(page, 'taxi-invoice-create');
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await settled(page);
    await page.screenshot({ path: test.info().outputPath(`taxi-invoice-create-${width}px.png`), scale: 'css', fullPage: true });
    expect.soft(await wrappedButtons(page), `buttons that wrap at ${width} px`).toEqual([]);
    expect.soft(await brokenNumbers(page), `numbers broken at ${width} px`).toEqual([]);
  }
  await form.getByRole('button', { name: '开具发票' }).click();
  await expectPage(page, { owner: 'invoice', name: 'InvoiceTaskDetail', title: '任务详情' });
  await expect(currentPage(page).getByText('开具成功')).toBeVisible({ timeout: 60_000 });

  // Issued: the invoice as printed carries the trip (客运服务, the plate as its model, the fare).
  const invoices = await callApi<{
    list: { invoice: { number: string | null; buyerName: string; grossFen: number; status: string }; trips: { fromPlace: string }[] }[];
  }>(server.url, 'taxiInvoice/list', {}, driverToken);
  const issued = invoices.list.find((one) => one.invoice.buyerName === PASSENGER_TITLE.name);
  expect(issued).toMatchObject({ invoice: { grossFen: 4650, status: '已开具' }, trips: [{ fromPlace: FROM }] });
  invoiceNumber = issued?.invoice.number ?? '';
  await page.goto(`${server.url}/invoice/list`);
  await currentPage(page)
    .getByRole('button', { name: new RegExp(`^${PASSENGER_TITLE.name} ¥46.50`) })
    .click();
  const sheet = page.getByRole('dialog', { name: '发票详情' });
  await expect(sheet).toContainText(invoiceNumber);
  await expect(sheet).toContainText('客运服务');
  await expect(sheet).toContainText(PLATE);
  await expect(sheet.getByRole('region', { name: '价税合计' })).toContainText('¥46.50');
  const sent = sheet.getByRole('region', { name: '发送记录' }).getByRole('listitem', { name: `邮箱 ${PASSENGER_TITLE.email} 已发送` });
  await expect(sent).toBeVisible();
  await shot(page, 'taxi-invoice-document', 1);
  // The e-mail is in the outbox (no SMTP_URL: nothing leaves the server).
  await page.goto(`${server.url}/etax-sim/outbox`);
  const mail = page.locator('.card').filter({ hasText: `收件人 ${PASSENGER_TITLE.email}` });
  await expect(mail).toHaveCount(1);
  await expect(mail.getByRole('link', { name: `下载附件 发票_${invoiceNumber}.pdf` })).toBeVisible();
  await context.close();

  // The passenger sees it invoiced in 我的行程.
  const passenger = await phoneSignedInAs(browser, passengerToken);
  await passenger.page.goto(`${server.url}/my/trip`);
  await expectPage(passenger.page, { owner: 'taxi', name: 'MyTrip', title: '我的行程' });
  await expect(tripState(currentPage(passenger.page), '已开票')).toBeVisible();
  await passenger.context.close();
});

test('the taxi invoice is reversed in full from /invoice/taxi/return; the trip goes back to 待开票', async ({ browser }) => {
  test.setTimeout(120_000);
  const { context, page } = await phoneSignedInAs(browser, driverToken);
  await page.goto(`${server.url}/invoice/taxi/return`);
  await expectPage(page, { owner: 'taxi', name: 'TaxiInvoiceReturn', title: '出租车发票红冲' });
  await currentPage(page).getByLabel(`发票 ${invoiceNumber}`).click();
  const original = currentPage(page).getByLabel('原发票');
  await expect(original).toContainText(PASSENGER_TITLE.name);
  await expect(currentPage(page).getByLabel('包含的行程')).toContainText(FROM);
  await currentPage(page).getByLabel('红冲原因').getByText('销货退回').click();
  await shot(page, 'taxi-invoice-return');
  await currentPage(page).getByRole('button', { name: '提交红冲' }).click();
  const dialog = page.locator('.adm-dialog');
  await expect(dialog).toContainText('全额红冲 ¥46.50，确认提交？');
  await dialog.getByRole('button', { name: '提交' }).click();
  await expectPage(page, { owner: 'invoice', name: 'InvoiceTaskDetail', title: '任务详情' });
  await expect(currentPage(page).getByText('开具成功')).toBeVisible({ timeout: 60_000 });

  await page.goto(`${server.url}/taxi/share/list`);
  await expect(tripState(currentPage(page), '待开票').first()).toBeVisible();
  await context.close();
});
