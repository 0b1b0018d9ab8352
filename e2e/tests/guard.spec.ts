/**
 * The route guard (docs/product.md, "Screens and the host"): what the address carries for the session (a token is
 * dropped and never stored, another browser's sign-in code signs nobody in), signing in inside and outside WeChat
 * through the handover, service availability.
 */
import { expect, test } from '../support/test';
import { currentPage, expectPage } from '../support/app';
import { wechatPhone } from '../support/browser';
import { startIsolatedServer, type IsolatedServer } from '../support/isolated-server';
import { as } from '../support/roles';
import { demoSignIn, demoSignInCode, SIGN_IN_VERIFIER_COOKIE, SIGN_IN_VERIFIER_STORAGE_KEY } from '../support/sign-in';

const PLAIN_PHONE_UA = wechatPhone.userAgent.replace(/ MicroMessenger\S*.*$/, '');
const ALIPAY_UA = `${PLAIN_PHONE_UA} AlipayClient/10.6.0`;

const storedToken = (page: import('@playwright/test').Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('token') ?? 'null') as string | null);

test.describe('with the demo provider', () => {
  test.describe('signed in as 出租车管理员 (赵强)', () => {
    test.use(as('出租车管理员'));

    test("a link with someone else's token: removed from the address and from history, never stored; the user stays themselves", async ({
      page,
      baseURL,
    }) => {
      const attacker = await demoSignIn(baseURL as string, '普通用户');
      await page.goto('/my');
      await expectPage(page, { owner: 'my', title: '我的' });
      const own = await storedToken(page);
      expect(own).toBeTruthy();

      // The page may carry its user (the first page set the session's cookie) or ask for it: never with the link's token.
      const sentTokens: string[] = [];
      page.on('request', (request) => {
        const authorization = request.headers().authorization;
        if (authorization) sentTokens.push(authorization);
      });
      await page.goto(`/my?token=${attacker}&from=share`);
      await expectPage(page, { owner: 'my', title: '我的' });
      await expect(page).toHaveURL(/\/my\?from=share$/);
      expect(await storedToken(page)).toBe(own);
      await expect(currentPage(page).getByText('赵强')).toBeVisible();
      await expect(currentPage(page).getByText('张晓')).toHaveCount(0);
      expect(sentTokens).not.toContain(`Bearer ${attacker}`);
      // The address with the token was replaced, not pushed: back goes to the page before it, never to the token.
      await page.goBack();
      await expect(page).toHaveURL(/\/my$/);
    });

    test("a link with another browser's sign-in code: 登录未完成, and the user stays themselves", async ({ page, baseURL }) => {
      const attacker = await demoSignInCode(baseURL as string, '普通用户');
      await page.goto('/my');
      await expectPage(page, { owner: 'my', title: '我的' });
      const own = await storedToken(page);
      await page.goto(`/my?signin=${attacker.code}`);
      await expect(page).toHaveURL(/\/my$/);
      await expect(page.locator('.adm-dialog')).toContainText('登录未完成');
      await page.getByRole('button', { name: '确定' }).click();
      await expectPage(page, { owner: 'my', title: '我的' });
      await expect(currentPage(page).getByText('赵强')).toBeVisible();
      expect(await storedToken(page)).toBe(own);
    });
  });

  test('signed out, a token in the address signs nobody in: it is dropped and the visitor goes to sign in', async ({ page, baseURL }) => {
    const attacker = await demoSignIn(baseURL as string, '普通用户');
    await page.goto(`/my?token=${attacker}`);
    await expect(page).toHaveURL(/\/api\/auth\/authorize\?authType=wechat/);
    expect(new URL(page.url()).searchParams.get('returnUrl')).toMatch(/^\/my\?t=\d+$/);
    expect(page.url()).not.toContain(attacker);
    expect(await storedToken(page)).toBeNull();
  });

  test('signed out inside WeChat: the demo provider, then back to the page signed in, through the handover', async ({ page }) => {
    await page.goto('/my/companies?from=share');
    await expect(page).toHaveURL(/\/api\/auth\/authorize\?authType=wechat/);
    const authorize = new URL(page.url());
    expect(authorize.searchParams.get('returnUrl')).toMatch(/^\/my\/companies\?from=share&t=\d+$/);
    // The browser keeps the verifier; the address carries only its challenge.
    const verifier = await page.evaluate((key) => localStorage.getItem(key), SIGN_IN_VERIFIER_STORAGE_KEY);
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorize.searchParams.get('challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(page.url()).not.toContain(verifier as string);

    const returned = page.waitForResponse((response) => /\/my\/companies\?.*signin=/.test(response.url()));
    const exchanged = page.waitForResponse((response) => response.url().endsWith('/api/auth/exchange'));
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/')) calls.push(`${new URL(request.url()).pathname} ${request.resourceType()}`);
    });
    // A browser that kept no cookie of the verifier (the page it returns to then cannot make the exchange): the early
    // calls make it.
    await page.context().clearCookies({ name: SIGN_IN_VERIFIER_COOKIE });
    await page.getByRole('button', { name: '以出租车管理员身份登录' }).click();
    // The sign-in came back with a one-time code, never a token; the exchange answered the token.
    expect(new URL((await returned).url()).searchParams.has('token')).toBe(false);
    expect((await exchanged).status()).toBe(200);
    await expectPage(page, { owner: 'my', title: '我的企业' });
    await expect(page).toHaveURL(/\/my\/companies\?from=share&t=\d+$/);
    await expect(page.getByLabel('演示环境')).toBeVisible();
    expect(await storedToken(page)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await page.evaluate((key) => localStorage.getItem(key), SIGN_IN_VERIFIER_STORAGE_KEY)).toBeNull();
    // The page's early script (docs/architecture.md, "One fast first load") made the exchange and the user call while
    // the app's scripts loaded, and the app took their answers: each was made once.
    expect(calls.filter((call) => call.startsWith('/api/auth/exchange'))).toEqual(['/api/auth/exchange fetch']);
    expect(calls.filter((call) => call.startsWith('/api/user/getOfficialAccountLoginUserInfo'))).toEqual([
      '/api/user/getOfficialAccountLoginUserInfo fetch',
    ]);
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

  test('open: services-close leads back to the return address, or home', async ({ page, context }) => {
    await server.signIn(context, '出租车管理员');
    await page.goto(`${server.url}/services-close?returnUrl=%2Fmy%2Fcompanies`);
    await expectPage(page, { owner: 'my', title: '我的企业' });
    await expect(page).toHaveURL(/\/my\/companies$/);
    await expect(page.getByText('服务暂停')).toHaveCount(0);
    await page.goto(`${server.url}/services-close`);
    await expectPage(page, { owner: 'invoice', title: '开票' });
    await expect(page).toHaveURL(new RegExp(`^${server.url}/$`));
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
