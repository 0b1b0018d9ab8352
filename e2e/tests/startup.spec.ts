/** Start-up (docs/product.md, "Tasks"): the service config must load before the app mounts. */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { as } from '../support/roles';
import { callApi, demoSignIn, SESSION_COOKIE, SIGN_IN_VERIFIER_COOKIE } from '../support/sign-in';
import { wechatPhone } from '../support/browser';
import { PAINTED_ROOT as PAINTED, PAINTED_ROOT_TAG } from '../support/painted-root';

test.use(as('企业管理员'));

test('the start URL is saved in sessionStorage', async ({ page }) => {
  await page.goto('/my?from=menu');
  await expect(page.locator('.adm-nav-bar-title')).toHaveText('我的');
  // Written once the browser is idle after the start-up (startup.ts), with the address the app was opened with.
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('inputUrl'))).toMatch(/\/my\?from=menu$/);
});

test("the page's history entry is numbered by the host's entry, in a task of its own, not replaced again as the router is made", async ({
  page,
}) => {
  await page.addInitScript(() => {
    const callers: string[] = [];
    (window as unknown as { replaceCallers: string[] }).replaceCallers = callers;
    const replace = window.history.replaceState.bind(window.history);
    window.history.replaceState = (...args: Parameters<History['replaceState']>) => {
      callers.push(new Error().stack ?? '');
      replace(...args);
    };
  });
  await page.goto('/my');
  await expect(page.locator('.adm-nav-bar-title')).toHaveText('我的');
  // The painted screen is the app's: the router has been made.
  await expect(page.locator(PAINTED)).toHaveCount(0);
  const callers = await page.evaluate(() => (window as unknown as { replaceCallers: string[] }).replaceCallers);
  // router/history-entry.ts, bundled into the entry; React Router's history (lib-core) finds the number and leaves it.
  expect(callers).toHaveLength(1);
  expect(callers[0]).toMatch(/\/remotes\/host\/[^/]+\/static\/js\/index\.[0-9a-f]+\.js/);
  expect(await page.evaluate(() => window.history.state)).toMatchObject({ idx: 0 });
});

test("the start-up's calls go out from the page's early script, beside the app's scripts, and are made once", async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/')) calls.push(`${new URL(request.url()).pathname} ${request.resourceType()}`);
  });
  const listed = page.waitForResponse((response) => response.url().endsWith('/api/invoice/list'));
  await page.goto('/invoice/list');
  await listed;
  await expect(page.locator('.adm-nav-bar-title')).toHaveText('发票列表');
  // Sent by fetch() from the early script (docs/architecture.md, "One fast first load"), the list's first page too (the
  // invoice remote declares it as the page's first call); the app's own calls (axios, XHR) took their answers
  // instead of asking again.
  for (const path of ['/api/user/getOfficialAccountLoginUserInfo', '/api/invoice/list']) {
    expect(calls.filter((call) => call.startsWith(`${path} `))).toEqual([`${path} fetch`]);
  }
  // The service config is not asked at all: the page carries the answer the server gave as it wrote the page.
  expect(calls.filter((call) => call.startsWith('/api/sysConfig/get '))).toEqual([]);
  expect(calls.find((call) => call.startsWith('/api/taxAccount/getTaxAccount '))).toBe('/api/taxAccount/getTaxAccount fetch');
  // What the early answer held is what the page shows.
  await expect(page.getByText('还没有开具过发票').or(page.locator('.adm-list-item').first())).toBeVisible();
});

test('the first screen is drawn from the early answers: it never waits for axios', async ({ page }) => {
  // The API client loads axios (its own file, lib-axios) with the first call the early script did not answer, and
  // the host fetches it once the first screen is up. Held back until the list is shown, the list shows all the same.
  let shown = false;
  let requested = 0;
  const held: (() => Promise<void>)[] = [];
  await page.route(/\/lib-axios\.[0-9a-f]+\.js$/, (route) => {
    requested += 1;
    if (shown) return route.continue();
    held.push(() => route.continue());
  });
  await page.goto('/invoice/list');
  await expect(page.getByText('还没有开具过发票').or(page.locator('.adm-list-item').first())).toBeVisible();
  shown = true;
  await Promise.all(held.map((release) => release()));
  // Without a tap, the host still fetches it once the first screen has settled, so that the first tap that calls
  // the server does not wait for it.
  await expect.poll(() => requested, { timeout: 15_000 }).toBe(1);
});

test('a page whose first call is declared gets it from the early script, written into the page by the server', async ({ page }) => {
  const calls: { path: string; type: string; body: string | null }[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/payment/list'))
      calls.push({ path: new URL(request.url()).pathname, type: request.resourceType(), body: request.postData() });
  });
  const html = await (await page.request.get('/payment/list')).text();
  expect(html).toMatch(
    /<script type="application\/json" id="first-calls">\[\{"path":"payment\/list","body":\{"month":"\d{4}-\d{2}","page":1\}\}\]<\/script>/,
  );
  await page.goto('/payment/list');
  await expect(page.locator('.adm-nav-bar-title')).toHaveText('收支');
  await expect(page.getByText('本月暂无收支').or(page.locator('.adm-list-item').first())).toBeVisible();
  // This month's first page, asked once: by the early script, the page took its answer.
  expect(calls.map((call) => call.type)).toEqual(['fetch']);
});

test("我的's invitations go out from the early script, and the page takes that answer", async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/company/myInvitations')) calls.push(request.resourceType());
  });
  await page.goto('/my');
  await expect(page.locator('.adm-nav-bar-title')).toHaveText('我的');
  await expect(page.getByText('我的企业')).toBeVisible();
  await expect.poll(() => calls).toEqual(['fetch']);
});

test("a company user's home: its counts go out from the early script once the user is known, and are asked for once", async ({ page }) => {
  const summaries: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/invoice/homeSummary')) summaries.push(request.resourceType());
  });
  const html = await (await page.request.get('/')).text();
  expect(html).toContain(
    '<script type="application/json" id="first-calls">[{"path":"invoice/homeSummary","body":{},"for":"companyUser"}]</script>',
  );
  await page.goto('/');
  await expect(page.getByRole('region', { name: '当前企业' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: '常用功能' })).toBeVisible();
  // Sent by fetch() from the early script; the page took its answer.
  await expect.poll(() => summaries).toEqual(['fetch']);
});

test("a phone keeping the token without the session's cookie: the app draws that page, whose start-up sets the cookie, and the next comes painted", async ({
  page,
}) => {
  const first = await page.goto('/');
  expect(await first?.text()).not.toContain(PAINTED_ROOT_TAG);
  await expect(page.getByRole('region', { name: '当前企业' })).toBeVisible();
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('token') ?? 'null') as string | null);
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const sessionCookie = async () => (await page.context().cookies()).find((cookie) => cookie.name === SESSION_COOKIE);
  await expect.poll(async () => (await sessionCookie())?.value).toBe(token);
  expect(await sessionCookie()).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/')) asked.push(new URL(request.url()).pathname);
  });
  const second = await page.reload();
  expect(await second?.text()).toContain(PAINTED_ROOT_TAG);
  await expect(page.locator(PAINTED)).toHaveCount(0);
  await expect(page.getByRole('region', { name: '当前企业' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(asked).not.toContain('/api/user/getOfficialAccountLoginUserInfo');
});

test.describe('anyone else', () => {
  test.use(as('普通用户'));

  test("a personal home asks nothing of a company's counts, though the page declares them for a company user", async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/')) asked.push(new URL(request.url()).pathname);
    });
    const mine = page.waitForResponse((response) => response.url().endsWith('/api/invoiceApplication/mine'));
    await page.goto('/');
    await mine;
    await expect(page.locator('.adm-nav-bar-title')).toHaveText('开票');
    expect(asked).not.toContain('/api/invoice/homeSummary');
  });
});

test.describe('a returning user, whose browser keeps the session in its cookie too', () => {
  test.use({ storageState: { cookies: [], origins: [] } });
  const START_UP = [
    '/api/sysConfig/get',
    '/api/user/getOfficialAccountLoginUserInfo',
    '/api/taxAccount/getTaxAccount',
    '/api/invoice/homeSummary',
  ];

  /** Signs 企业管理员 in through the demo provider in this browser: the exchange sets the session's cookie. */
  async function signInHere(page: Page) {
    await page.goto('/');
    await expect(page).toHaveURL(/\/api\/auth\/authorize/);
    await page.getByRole('button', { name: '以企业管理员身份登录' }).click();
    // The page the sign-in returned to made the exchange (the verifier came in its cookie); the app stored the session.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    // The app's own home, not only the one painted before it had started.
    await expect(page.locator(PAINTED)).toHaveCount(0);
    await expect(page.getByRole('region', { name: '当前企业' })).toBeVisible();
    await page.waitForLoadState('networkidle');
  }

  test("the page carries the start-up's answers for the session: the home's first screen asks the server for none of them", async ({
    page,
  }) => {
    await signInHere(page);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/')) asked.push(new URL(request.url()).pathname);
    });
    await page.reload();
    await expect(page.getByRole('region', { name: '当前企业' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: '常用功能' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(asked.filter((path) => START_UP.includes(path))).toEqual([]);
  });

  test("the server paints the home's and 我的's first screens, which show before any script has run; the app then hydrates them", async ({
    page,
    browser,
    baseURL,
  }) => {
    await signInHere(page);
    const company = (await page.locator('.home-company__name').textContent()) ?? '';
    expect(company).not.toBe('');

    // Without scripts, the page as the server wrote it: the company, its standing, the shortcuts and the tab bar.
    const noScript = await browser.newContext({ ...wechatPhone, baseURL, javaScriptEnabled: false });
    try {
      await noScript.addCookies(await page.context().cookies());
      const painted = await noScript.newPage();
      await painted.goto('/');
      await expect(painted.getByRole('region', { name: '当前企业' })).toContainText(company);
      await expect(painted.getByRole('region', { name: '税务局状态' })).toBeVisible();
      await expect(painted.getByRole('navigation', { name: '常用功能' }).getByRole('link', { name: '发票列表' })).toBeVisible();
      await expect(painted.getByRole('navigation', { name: '底部导航' })).toContainText('票夹');
      // Styled as the app is, from the style the page carries: the theme's blue on the current tab, the bar at the bottom.
      await expect(painted.locator('.app-tab-bar .adm-tab-bar-item-active')).toHaveCSS('color', 'rgb(14, 95, 216)');
      await expect(painted.locator('.app-tab-bar')).toHaveCSS('position', 'fixed');
      // 我的 too: who is signed in, the company's standing, the menu and 退出登录.
      await painted.goto('/my');
      await expect(painted.getByRole('region', { name: '个人信息' })).toContainText(company);
      await expect(painted.getByRole('link', { name: /电子税务局/ })).toBeVisible();
      await expect(painted.getByText('员工管理', { exact: true })).toBeVisible();
      await expect(painted.getByRole('button', { name: '退出登录' })).toBeVisible();
    } finally {
      await noScript.close();
    }

    // With them, the app's own page takes the painted one's place: once, visible, and answering taps.
    await page.reload();
    await expect(page.locator(PAINTED)).toHaveCount(0);
    await expect(page.locator('#root')).toBeVisible();
    await expect(page.getByRole('region', { name: '当前企业' })).toHaveCount(1);
    await expect(page.getByRole('region', { name: '当前企业' })).toContainText(company);
    await expect(page.getByRole('navigation', { name: '底部导航' })).toHaveCount(1);
    await page.getByRole('navigation', { name: '底部导航' }).getByText('票夹').click();
    await expect(page).toHaveURL(/\/ticket\/index$/);
  });

  test('back from signing in, the page comes painted for the new session: the home shows before any script file has loaded, and the app hydrates it asking for none of it', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/api\/auth\/authorize/);
    // The sign-in under way keeps its verifier in a cookie too, for the page it returns to.
    expect((await page.context().cookies()).map((cookie) => cookie.name)).toContain(SIGN_IN_VERIFIER_COOKIE);
    // From here the app's script files are held back: what shows comes from the page the server wrote.
    let holding = true;
    const held: (() => Promise<void>)[] = [];
    await page.route(/\/remotes\/.+\.js$/, (route) => (holding ? held.push(() => route.continue()) : route.continue()));
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/')) asked.push(`${new URL(request.url()).pathname} ${request.resourceType()}`);
    });
    await page.getByRole('button', { name: '以企业管理员身份登录' }).click();
    const painted = page.locator(PAINTED);
    await expect(painted.getByRole('region', { name: '当前企业' })).toBeVisible();
    await expect(painted.getByRole('navigation', { name: '底部导航' })).toContainText('票夹');
    await expect(painted.locator('.app-tab-bar .adm-tab-bar-item-active')).toHaveCSS('color', 'rgb(14, 95, 216)');
    const company = (await painted.locator('.home-company__name').textContent()) ?? '';
    expect(company).not.toBe('');
    // The app asks for its files only after that paint, so the screen is there before they are even requested.
    await expect.poll(() => held.length).toBeGreaterThan(0);
    await expect(painted.getByRole('region', { name: '当前企业' })).toBeVisible();

    holding = false;
    await Promise.all(held.map((release) => release()));
    await expect(painted).toHaveCount(0);
    await expect(page.getByRole('region', { name: '当前企业' })).toHaveCount(1);
    await expect(page.getByRole('region', { name: '当前企业' })).toContainText(company);
    // The app has taken the one-time code out of the address.
    await expect(page).not.toHaveURL(/signin=/);
    await page.waitForLoadState('networkidle');
    // The server made the exchange as it wrote the page (the verifier came in its cookie) and answered the start-up's
    // calls for the new session: the app took the answers the page carries and asked for none of them.
    expect(asked.filter((call) => START_UP.includes(call.split(' ')[0] ?? '') || call.startsWith('/api/auth/exchange '))).toEqual([]);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('token') ?? 'null'))).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The verifier is used up, in the cookie as in storage.
    expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain(SIGN_IN_VERIFIER_COOKIE);
    await page.getByRole('navigation', { name: '底部导航' }).getByText('票夹').click();
    await expect(page).toHaveURL(/\/ticket\/index$/);
  });

  test('the server paints 票夹 and 收支 with their first page; the app then draws the same rows without asking for them', async ({
    page,
    browser,
    baseURL,
  }) => {
    await signInHere(page);
    // A ticket typed in, so that the folder has a row to paint.
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('token') ?? 'null') as string);
    const number = `2633200000${String(Date.now()).slice(-10)}`;
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    await callApi(baseURL as string, 'ticket/import', { source: '手动输入', number, issueDate: today, netFen: 10_000 }, token);
    const noScript = await browser.newContext({ ...wechatPhone, baseURL, javaScriptEnabled: false });
    let rows: string[] = [];
    try {
      await noScript.addCookies(await page.context().cookies());
      const painted = await noScript.newPage();
      await painted.goto('/ticket/index');
      await expect(painted.getByRole('region', { name: '票夹合计' })).toBeVisible();
      await expect(painted.getByTestId('folder-gross')).not.toHaveText('—');
      rows = await painted
        .locator('.app-paged-list__row [role="button"]')
        .evaluateAll((found) => found.map((row) => row.getAttribute('aria-label') ?? ''));
      expect(rows.length).toBeGreaterThan(0);
      await expect(painted.locator('.app-tab-bar .adm-tab-bar-item-active')).toHaveText('票夹');
      // 收支: this month's totals from the answer the page carries (rows, or 本月暂无收支).
      await painted.goto('/payment/list');
      await expect(painted.getByRole('region', { name: '本月合计' })).toBeVisible();
      await expect(painted.getByTestId('income-total')).toHaveText(/^¥/);
      await expect(painted.locator('.app-paged-list__row, .app-paged-list').first()).toBeVisible();
    } finally {
      await noScript.close();
    }

    const listed: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/ticket/list')) listed.push(request.postData() ?? '');
    });
    await page.goto('/ticket/index');
    await expect(page.locator(PAINTED)).toHaveCount(0);
    await expect(page.getByRole('region', { name: '票夹合计' })).toHaveCount(1);
    await expect(page.locator('.app-paged-list__row [role="button"]').first()).toHaveAttribute('aria-label', rows[0] ?? '');
    // Each month's totals are asked for; the rows are the page's.
    await expect(page.locator('.ticket-month__totals').first()).not.toHaveText('合计加载中');
    expect(listed.filter((body) => !body.includes('"month"'))).toEqual([]);
  });

  test('a page whose app cannot start says so on the screen shown and offers 刷新, which starts it', async ({ page }) => {
    await signInHere(page);
    const hostEntry = /\/remotes\/host\/[^/]+\/static\/js\/index\.[0-9a-f]+\.js$/;
    await page.route(hostEntry, (route) => route.abort('connectionfailed'));
    await page.goto('/');
    // On the painted home, or on the shell where the server's answers came too late to paint it.
    const failed = page.locator(`${PAINTED}, #root > .app-shell`).getByRole('alert');
    await expect(failed).toHaveText(/页面加载失败，请刷新后重试/);
    await page.unroute(hostEntry);
    await failed.getByRole('button', { name: '刷新' }).click();
    await expect(page.getByRole('region', { name: '当前企业' })).toBeVisible();
    await expect(page.locator(PAINTED)).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('back from signing in, an app that cannot start says so on the screen shown', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/api\/auth\/authorize/);
    await page.route(/\/remotes\/host\/[^/]+\/static\/js\/index\.[0-9a-f]+\.js$/, (route) => route.abort('connectionfailed'));
    await page.getByRole('button', { name: '以企业管理员身份登录' }).click();
    // The page comes painted for the new session: the message is on the painted home (or on the shell where the
    // session's answers came too late to paint it).
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('alert')).toHaveText(/页面加载失败，请刷新后重试/);
    await expect(page.getByRole('alert').getByRole('button', { name: '刷新' })).toBeVisible();
  });

  test("a page whose cookie is another session than the app's token takes none of its answers: it asks for its own user", async ({
    page,
    baseURL,
  }) => {
    await signInHere(page);
    const other = await demoSignIn(baseURL as string, '普通用户');
    await page.evaluate((token) => localStorage.setItem('token', JSON.stringify(token)), other);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/')) asked.push(`${new URL(request.url()).pathname} ${request.resourceType()}`);
    });
    await page.reload();
    // The server painted the cookie's company home; the app, with its own token's user, draws its own in its place.
    await expect(page.locator(PAINTED)).toHaveCount(0);
    await expect(page.locator('.adm-nav-bar-title')).toHaveText('开票');
    await expect(page.getByRole('region', { name: '当前企业' })).toHaveCount(0);
    expect(asked).toContain('/api/user/getOfficialAccountLoginUserInfo fetch');
  });
});

/** A page the server wrote without the service config's answer (its database away, say): the app asks for it. */
async function withoutPageAnswers(page: Page, path: string) {
  await page.route(`**${path}`, async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(/<script type="application\/json" id="page-answers">.*?<\/script>/, '');
    await route.fulfill({ response, body: html });
  });
}

test("the page carries the service config's answer, as the API gives it", async ({ page }) => {
  const html = await (await page.request.get('/my')).text();
  const block = /<script type="application\/json" id="page-answers">(.*?)<\/script>/.exec(html)?.[1];
  const api = await (await page.request.post('/api/sysConfig/get', { data: {} })).json();
  expect(JSON.parse(block ?? 'null')).toEqual([{ path: 'sysConfig/get', body: {}, answer: api }]);
});

test('when the server cannot be reached, 出错了 says so and offers a refresh', async ({ page }) => {
  await withoutPageAnswers(page, '/my');
  await page.route('**/api/sysConfig/get', (route) => route.abort('connectionrefused'));
  await page.goto('/my');
  const dialog = page.locator('.adm-dialog-body');
  await expect(dialog).toContainText('出错了');
  await expect(dialog).toContainText('连接服务器失败,请刷新后重试。');
  await expect(page.locator('.adm-nav-bar-title')).toHaveCount(0);
});

test("when the server answers with an error, 出错了 shows the server's message", async ({ page }) => {
  await withoutPageAnswers(page, '/my');
  await page.route('**/api/sysConfig/get', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, result: null, message: '服务维护中，请稍后再试', errorCode: 5000 }),
    }),
  );
  await page.goto('/my');
  await expect(page.locator('.adm-dialog-body')).toContainText('服务维护中，请稍后再试');
});
