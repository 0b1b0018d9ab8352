/** The route guard (docs/product.md, "Screens and the host"): token in the address, signing in inside and outside WeChat, service availability. */
import { expect, test } from '../support/test';
import { expectPage } from '../support/app';
import { wechatPhone } from '../support/browser';
import { startIsolatedServer, type IsolatedServer } from '../support/isolated-server';
import { demoSignIn } from '../support/sign-in';

const PLAIN_PHONE_UA = wechatPhone.userAgent.replace(/ MicroMessenger\S*.*$/, '');
const ALIPAY_UA = `${PLAIN_PHONE_UA} AlipayClient/10.6.0`;

test.describe('with the demo provider', () => {
  test('a token in the query is kept, removed from the address and from history', async ({ page, baseURL }) => {
    const token = await demoSignIn(baseURL as string, '出租车管理员');
    await page.goto(`/my?token=${token}`);
    await expectPage(page, { owner: 'my', title: '我的' });
    await expect(page).toHaveURL(/\/my$/);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('token') ?? 'null'))).toBe(token);
    // The address with the token was replaced, not pushed: back leaves the app.
    await page.goBack();
    expect(page.url()).toBe('about:blank');
  });

  test('signed out inside WeChat: the demo provider, then back to the page signed in', async ({ page }) => {
    await page.goto('/my/companies?from=share');
    await expect(page).toHaveURL(/\/api\/auth\/authorize\?authType=wechat/);
    expect(new URL(page.url()).searchParams.get('returnUrl')).toMatch(/^\/my\/companies\?from=share&t=\d+$/);
    await page.getByRole('button', { name: '以出租车管理员身份登录' }).click();
    await expectPage(page, { owner: 'my', title: '我的企业' });
    await expect(page).toHaveURL(/\/my\/companies\?from=share&t=\d+$/);
    await expect(page.getByLabel('演示环境')).toBeVisible();
  });

  test.describe('outside WeChat', () => {
    test.use({ userAgent: PLAIN_PHONE_UA });
    test('any browser may sign in, with the 演示环境 badge', async ({ page }) => {
      await page.goto('/my');
      await expect(page).toHaveURL(/\/api\/auth\/authorize/);
      await expect(page.getByText('演示环境')).toBeVisible();
    });
  });
});

test.describe('with a real provider (WeChat and Alipay credentials configured)', () => {
  let server: IsolatedServer;
  test.beforeAll(async () => {
    server = await startIsolatedServer({
      WECHAT_APP_ID: 'wx-test',
      WECHAT_APP_SECRET: 'secret',
      WECHAT_AUTHORIZE_URL: 'http://127.0.0.1:9/wechat/authorize',
      ALIPAY_APP_ID: 'ali-test',
      ALIPAY_APP_SECRET: 'secret',
      ALIPAY_AUTHORIZE_URL: 'http://127.0.0.1:9/alipay/authorize',
    });
  });
  test.afterAll(async () => server.stop());

  test('inside WeChat, signing in goes to WeChat with an unguessable state', async ({ page }) => {
    const request = page.waitForRequest((r) => r.url().startsWith('http://127.0.0.1:9/wechat/authorize'));
    await page.goto(`${server.url}/my`).catch(() => undefined);
    const url = new URL((await request).url());
    expect(url.searchParams.get('appid')).toBe('wx-test');
    expect(url.searchParams.get('state')?.length).toBeGreaterThanOrEqual(20);
  });

  test.describe('in Alipay', () => {
    test.use({ userAgent: ALIPAY_UA });
    test('signing in goes to Alipay', async ({ page }) => {
      const request = page.waitForRequest((r) => r.url().startsWith('http://127.0.0.1:9/alipay/authorize'));
      await page.goto(`${server.url}/my`).catch(() => undefined);
      expect(new URL((await request).url()).searchParams.get('app_id')).toBe('ali-test');
    });
  });

  test.describe('in another browser', () => {
    test.use({ userAgent: PLAIN_PHONE_UA });
    test('an alert asks to open the page in WeChat or Alipay, and the login page shows', async ({ page }) => {
      await page.goto(`${server.url}/my`);
      await expect(page.locator('.adm-dialog-body')).toContainText('请在微信或支付宝中打开此页面');
      await expect(page).toHaveURL(/\/login\?returnUrl=%2Fmy$/);
      await expect(page.getByText('演示环境')).toHaveCount(0);
    });
  });
});

test.describe('service availability', () => {
  test.describe.configure({ mode: 'serial' });
  let server: IsolatedServer;
  test.beforeAll(async () => {
    server = await startIsolatedServer();
  });
  test.afterAll(async () => server.stop());

  test('closed: every page goes to services-close with the reason, the hotline and the way back', async ({ page, context }) => {
    await server.signIn(context, '出租车管理员');
    await server.hook('service-config', { available: 'none', closeReason: '系统升级中，预计 22:00 恢复' });
    await page.goto(`${server.url}/my/companies`);
    await expect(page).toHaveURL(/\/services-close\?returnUrl=%2Fmy%2Fcompanies$/);
    await expect(page.getByText('系统升级中，预计 22:00 恢复')).toBeVisible();
    await expect(page.getByRole('link', { name: /客服热线/ })).toHaveAttribute('href', 'tel:4008001234');
    await server.hook('service-config', { available: 'all' });
    await page.getByRole('button', { name: '重试' }).click();
    await expectPage(page, { owner: 'my', title: '我的企业' });
  });

  test('testers only: without _test_ the service is closed; with ?_test_=true the session gets in', async ({ page, context }) => {
    await server.signIn(context, '出租车管理员');
    await server.hook('service-config', { available: 'self', closeReason: '内测中' });
    await page.goto(`${server.url}/my`);
    await expect(page).toHaveURL(/\/services-close/);
    await expect(page.getByText('内测中')).toBeVisible();
    await page.goto(`${server.url}/my?_test_=true`);
    await expectPage(page, { owner: 'my', title: '我的' });
    await expect(page).toHaveURL(/\/my$/);
    await page.goto(`${server.url}/my/companies`);
    await expectPage(page, { owner: 'my', title: '我的企业' });
    await server.hook('service-config', { available: 'all' });
  });
});
