/**
 * 返回 on the pages strangers open by scanning (docs/product.md, "Screens and the host"): the cash desk `/shop/{code}`
 * and the passenger's ride `/taxi/ride/{code}`, opened in a new page with nothing of the app behind them. There 返回
 * closes the page inside WeChat (WeixinJSBridge's closeWindow) and Alipay (AlipayJSBridge's popWindow) and goes home in
 * another browser — never to about:blank, and never back to the sign-in chooser after signing in on the way. With a
 * page of the app behind it (followed inside the app, kept across a reload) 返回 still goes back to it.
 * On a server of its own: the ride page needs a trip the driver shares.
 */
import { devices, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { currentPage, expectPage, untilTakenOver } from '../support/app';
import { wechatPhone } from '../support/browser';
import { startIsolatedServer, type IsolatedServer } from '../support/isolated-server';
import { demoSignIn } from '../support/sign-in';
import { sharedTripPath } from '../bench/shared-trip';

test.describe.configure({ mode: 'default' });

const SHOP = 'YST0001';
const PLAIN_PHONE = { ...wechatPhone, userAgent: devices['Pixel 7'].userAgent };
const ALIPAY_PHONE = { ...wechatPhone, userAgent: `${devices['Pixel 7'].userAgent} AlipayClient/10.6.0.8000 Language/zh-Hans` };

let server: IsolatedServer;
let ridePath: string;

test.beforeAll(async () => {
  server = await startIsolatedServer();
  ridePath = await sharedTripPath(server.url, await demoSignIn(server.url, '出租车管理员'));
});
test.afterAll(async () => server?.stop());

/** What the page asked of the in-app browser's JS bridges (stubbed as WeChat and Alipay inject them). */
const bridgeCalls = (page: Page) => page.evaluate(() => (window as unknown as { bridgeCalls?: string[] }).bridgeCalls ?? []);

async function stubBridges(context: BrowserContext) {
  await context.addInitScript(() => {
    const record = (name: string) => {
      const recorded = window as unknown as { bridgeCalls?: string[] };
      recorded.bridgeCalls ??= [];
      return recorded.bridgeCalls.push(name);
    };
    Object.assign(window, {
      WeixinJSBridge: {
        invoke: (name: string, _params: unknown, callback?: (answer: { err_msg: string }) => void) => {
          record(`WeixinJSBridge.${name}`);
          return callback?.({ err_msg: `${name}:ok` });
        },
      },
      AlipayJSBridge: { call: (name: string) => record(`AlipayJSBridge.${name}`) },
    });
  });
}

/** A new phone (a new page, no history but about:blank) of `device`, signed in as 普通用户 unless `signedIn` is false. */
async function newPhone(browser: Browser, device: typeof wechatPhone, { signedIn = true, bridges = false } = {}) {
  const context = await browser.newContext({ ...device, baseURL: server.url });
  if (signedIn) await server.signIn(context, '普通用户');
  if (bridges) await stubBridges(context);
  return { context, page: await context.newPage() };
}

const back = (page: Page) => currentPage(page).getByRole('button', { name: '返回' }).click();

async function expectCashDesk(page: Page) {
  await expectPage(page, { owner: 'payment', name: 'ShopCash', title: '收银台' });
  await expect(currentPage(page).getByRole('heading', { name: '杭州优税通科技有限公司' })).toBeVisible();
  // The server painted it: its 返回 answers once the page's script has taken it over.
  await untilTakenOver(page);
}

async function expectRide(page: Page) {
  await expectPage(page, { owner: 'taxi', title: '领取行程' });
  await expect(page.getByLabel('行程', { exact: true })).toContainText('¥46.50');
}

async function expectHome(page: Page) {
  await expect(page).toHaveURL(`${server.url}/`);
  await expectPage(page, { owner: 'invoice', name: 'InvoiceDefaultCreate', title: '开票' });
}

test('a plain browser: 返回 on a cash desk opened in a new page goes home, in place of it', async ({ browser }) => {
  const { context, page } = await newPhone(browser, PLAIN_PHONE);
  await page.goto(`/shop/${SHOP}`);
  await expectCashDesk(page);
  await back(page);
  await expectHome(page);
  // Home took the cash desk's place: the browser's own back goes to where the page was opened from, not to it.
  expect(await page.evaluate(() => history.length)).toBe(2);
  await context.close();
});

test("inside WeChat: 返回 on a cash desk opened cold closes the page (WeixinJSBridge's closeWindow)", async ({ browser }) => {
  const { context, page } = await newPhone(browser, wechatPhone, { bridges: true });
  await page.goto(`/shop/${SHOP}`);
  await expectCashDesk(page);
  await back(page);
  await expect.poll(() => bridgeCalls(page)).toEqual(['WeixinJSBridge.closeWindow']);
  await expectCashDesk(page);
  expect(new URL(page.url()).pathname).toBe(`/shop/${SHOP}`);
  await context.close();
});

test("inside Alipay: 返回 on a ride scanned in the taxi closes the page (AlipayJSBridge's popWindow)", async ({ browser }) => {
  const { context, page } = await newPhone(browser, ALIPAY_PHONE, { bridges: true });
  await page.goto(ridePath);
  await expectRide(page);
  await back(page);
  await expect.poll(() => bridgeCalls(page)).toEqual(['AlipayJSBridge.popWindow']);
  expect(new URL(page.url()).pathname).toBe(ridePath);
  await context.close();
});

test('back from signing in on the way: 返回 never shows the sign-in chooser (home in a browser, closed in WeChat)', async ({ browser }) => {
  const plain = await newPhone(browser, PLAIN_PHONE, { signedIn: false });
  await plain.page.goto(`/shop/${SHOP}`);
  await expect(plain.page).toHaveURL(/\/api\/auth\/authorize\?/);
  await plain.page.getByRole('button', { name: '以普通用户身份登录' }).click();
  await expectCashDesk(plain.page);
  await back(plain.page);
  await expectHome(plain.page);
  await plain.context.close();

  const wechat = await newPhone(browser, wechatPhone, { signedIn: false, bridges: true });
  await wechat.page.goto(ridePath);
  await expect(wechat.page).toHaveURL(/\/api\/auth\/authorize\?/);
  await wechat.page.getByRole('button', { name: '以普通用户身份登录' }).click();
  await expectRide(wechat.page);
  await back(wechat.page);
  await expect.poll(() => bridgeCalls(wechat.page)).toEqual(['WeixinJSBridge.closeWindow']);
  await expect(wechat.page).toHaveURL(new RegExp(`${ridePath}(\\?t=\\d+)?$`));
  await wechat.context.close();
});

test("with the app's page behind it, 返回 goes back to it, in WeChat too, and still after a reload", async ({ browser }) => {
  const { context, page } = await newPhone(browser, wechatPhone, { bridges: true });
  await page.goto('/');
  await expectHome(page);
  await currentPage(page).getByRole('link', { name: '我的抬头' }).click();
  await expectPage(page, { owner: 'invoice', name: 'TitlesList', title: '发票抬头' });
  await back(page);
  await expectHome(page);

  await currentPage(page).getByRole('link', { name: '我的抬头' }).click();
  await expectPage(page, { owner: 'invoice', name: 'TitlesList', title: '发票抬头' });
  await page.reload();
  await expectPage(page, { owner: 'invoice', name: 'TitlesList', title: '发票抬头' });
  await back(page);
  await expectHome(page);
  expect(await bridgeCalls(page)).toEqual([]);
  await context.close();
});
