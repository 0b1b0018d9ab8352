/**
 * The cash desk as a phone opens it cold (docs/architecture.md, "Pages a phone opens cold"): `/shop/{code}` is the
 * payment remote's lean page, served in place of the host: the customer sees the cash desk with no host, no
 * `/remotes.json` and no Module Federation manifest, signed in through the handover (a one-time code exchanged with
 * the verifier the browser kept). A swapped poster whose link carries someone else's token (or short link `/t/{code}`
 * with one) signs nobody into that account: the customer stays themselves and pays as themselves. Rolled back to a
 * payment release without a lean page, the same address gets the host again (which loads the payment remote's route),
 * and rolled forward the lean page comes back: with the ops commands, on a server of its own.
 */
import { spawnSync } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { updateRegistry } from '@app/deploy/registry';
import { REPO_ROOT } from '@app/deploy/workspace';
import { expect, test } from '../support/test';
import { currentPage, expectPage, holdBack, navigateInApp, untilTakenOver } from '../support/app';
import { startIsolatedServer, type IsolatedServer } from '../support/isolated-server';
import { freshDataCopy } from '../support/data-template';
import { inlineStyle, pixelsUnlikeAllStyle } from '../support/painted-style';
import { startServer, type RunningServer } from '../support/server';
import { callApi, demoSignIn, demoSignInCode, SIGN_IN_VERIFIER_STORAGE_KEY } from '../support/sign-in';
import { packageVersion } from '../support/versions';

const SHOP = 'YST0001';
const SHOP_NAME = '杭州优税通科技有限公司';

/** What a page load fetched from the release store and the server, by kind. */
function watch(page: Page) {
  const urls: string[] = [];
  page.on('request', (request) => void urls.push(new URL(request.url()).pathname));
  return {
    urls,
    federation: () => urls.filter((path) => path === '/remotes.json' || path.endsWith('/mf-manifest.json')),
    apps: () => [
      ...new Set(urls.flatMap((path) => /^\/remotes\/([a-z]+)\/([^/]+)\/(shop\/)?/.exec(path)?.slice(1, 4).join(' ').trim() ?? [])),
    ],
  };
}

async function expectCashDesk(page: Page) {
  const desk = currentPage(page);
  await expect(desk.locator('.adm-nav-bar-title')).toHaveText('收银台');
  await expect(desk.getByRole('heading', { name: SHOP_NAME })).toBeVisible();
  await expect(desk.getByRole('group', { name: '金额键盘' }).getByRole('button', { name: '演示支付' })).toBeVisible();
}

const storedToken = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('token') ?? 'null') as string | null);

/** The nickname the page's user call answered (who the page believes is signed in). */
function signedInAs(page: Page): Promise<string> {
  return page
    .waitForResponse((response) => response.url().endsWith('/api/user/getOfficialAccountLoginUserInfo'))
    .then(async (response) => ((await response.json()) as { result: { nickname: string } }).result.nickname);
}

test('a cold /shop/{code} back from signing in is the lean page: the code exchanged, the cash desk with no host, no remotes.json, no federation manifest', async ({
  page,
  baseURL,
}) => {
  // The browser that started the sign-in kept its verifier (set here on the origin, before the cold load).
  const { code, verifier } = await demoSignInCode(baseURL as string, '普通用户', `/shop/${SHOP}`);
  await page.goto('/healthz');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [SIGN_IN_VERIFIER_STORAGE_KEY, verifier] as const);
  const loaded = watch(page);
  const who = signedInAs(page);
  await page.goto(`/shop/${SHOP}?signin=${code}`);
  await expectCashDesk(page);
  await expectPage(page, { owner: 'payment', name: 'ShopCash', title: '收银台' });
  await expect(page).toHaveTitle('收银台');
  // The code is taken out of the address, the token kept once the exchange has answered, the verifier used up. The
  // painted cash desk shows before the start-up has run, so the token is waited for, not read at once.
  await expect(page).toHaveURL(new RegExp(`/shop/${SHOP}$`));
  await expect.poll(() => storedToken(page)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(await page.evaluate((key) => localStorage.getItem(key), SIGN_IN_VERIFIER_STORAGE_KEY)).toBeNull();
  expect(await who).toBe('张晓');
  // The demo provider: the 演示环境 badge, as on every host page.
  await expect(page.getByText('演示环境')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(loaded.federation()).toEqual([]);
  expect(loaded.apps()).toEqual([`payment ${packageVersion('remotes/payment')} shop/`]);
  // The shop is not asked for: the server painted the cash desk from `shop/get` (below).
  expect(loaded.urls.filter((path) => path.startsWith('/api/')).sort()).toEqual([
    '/api/auth/exchange',
    '/api/sysConfig/get',
    '/api/user/getOfficialAccountLoginUserInfo',
  ]);
});

test.describe('the first screen, painted by the server (docs/architecture.md, "First screens from the server")', () => {
  test.describe('with JavaScript off', () => {
    test.use({ javaScriptEnabled: false });

    test('the customer sees the cash desk as the server painted it: the shop, the amount, the keypad and the badge', async ({ page }) => {
      await page.goto(`/shop/${SHOP}`);
      await expectCashDesk(page);
      await expect(page.getByRole('region', { name: '付款金额' })).toContainText('0.00');
      await expect(page.getByText('演示环境')).toBeVisible();
    });

    test('the page carries the rules of its style sheet the cash desk uses, and looks exactly as it does with all of them', async ({
      page,
      baseURL,
    }) => {
      for (const width of [360, 390]) {
        await page.setViewportSize({ width, height: 800 });
        const url = `${baseURL}/shop/${SHOP}`;
        const carried = (await (await page.goto(url))?.text()) ?? '';
        await expectCashDesk(page);
        // The sheet itself starts once the screen is drawn, for what the page draws afterwards.
        const sheet = /<link href="([^"]+\.css)" data-after-paint="stylesheet">/.exec(carried)?.[1];
        expect(sheet).toBeTruthy();
        expect(carried).not.toContain('rel="stylesheet"');
        const all = await (await fetch(`${baseURL}${sheet}`)).text();
        expect(inlineStyle(carried).length).toBeLessThan(all.length);
        expect(await pixelsUnlikeAllStyle(page, url, carried, all), `at ${width}px`).toBe(0);
      }
    });
  });

  test('the page takes over what the server painted, as it is: no error, the shop not asked again, the keypad answers', async ({
    page,
    baseURL,
  }) => {
    const token = await demoSignIn(baseURL as string, '普通用户');
    await page.addInitScript((value) => localStorage.setItem('token', JSON.stringify(value)), token);
    // The heading the server painted is marked as it is parsed: a page that drew it again would hold another element.
    await page.addInitScript(() => {
      const observer = new MutationObserver(() => {
        const heading = document.querySelector('.cash-desk__shop-name');
        if (!heading) return;
        Object.assign(heading, { paintedByServer: true });
        observer.disconnect();
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    const errors: string[] = [];
    page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
    page.on('pageerror', (error) => void errors.push(error.message));
    const loaded = watch(page);
    await page.goto(`/shop/${SHOP}`);
    await expectCashDesk(page);
    await untilTakenOver(page);
    const keypad = page.getByRole('group', { name: '金额键盘' });
    await keypad.getByRole('button', { name: '8', exact: true }).click();
    await keypad.getByRole('button', { name: '.', exact: true }).click();
    await keypad.getByRole('button', { name: '5', exact: true }).click();
    await expect(page.getByTestId('amount')).toHaveText('¥8.5');
    expect(await page.locator('.cash-desk__shop-name').evaluate((heading) => 'paintedByServer' in heading)).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(loaded.urls.filter((path) => path === '/api/shop/get')).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('an amount keyed in before the page’s script is there is the amount once the page has taken over', async ({ page, baseURL }) => {
    const token = await demoSignIn(baseURL as string, '普通用户');
    await page.addInitScript((value) => localStorage.setItem('token', JSON.stringify(value)), token);
    // The page's script held back, as on a slow phone: the painted keypad shows, its keys not yet answering.
    const releaseScript = await holdBack(page, /\/remotes\/payment\/[^/]+\/shop\/static\/js\/index\.\w+\.js$/);
    await page.goto(`/shop/${SHOP}`);
    await expectCashDesk(page);
    const keypad = page.getByRole('group', { name: '金额键盘' });
    for (const key of ['1', '2', '.', '5']) await keypad.getByRole('button', { name: key, exact: true }).click();
    await expect(page.getByRole('region', { name: '付款金额' })).toContainText('0.00');
    releaseScript();
    await untilTakenOver(page);
    await expect(page.getByTestId('amount')).toHaveText('¥12.5');
  });
});

test('signed out, a cold /shop/{code} goes to sign in and comes back to the cash desk signed in (the whole handover in the browser)', async ({
  page,
}) => {
  await page.goto(`/shop/${SHOP}`);
  // The demo provider's page: choose the customer.
  await expect(page).toHaveURL(/\/api\/auth\/authorize\?/);
  const who = signedInAs(page);
  await page.getByRole('button', { name: '以普通用户身份登录' }).click();
  await expectCashDesk(page);
  await expect(page).toHaveURL(new RegExp(`/shop/${SHOP}\\?t=\\d+$`));
  expect(await who).toBe('张晓');
  await expect.poll(() => storedToken(page)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(await page.evaluate((key) => localStorage.getItem(key), SIGN_IN_VERIFIER_STORAGE_KEY)).toBeNull();
});

test.describe("a swapped poster: a link that carries someone else's token", () => {
  test.describe.configure({ mode: 'serial' });
  // A server of its own: the customer pays, which changes the shop's income that other specs look at.
  let server: IsolatedServer;
  let attacker: string;
  test.beforeAll(async () => {
    server = await startIsolatedServer();
    attacker = await demoSignIn(server.url, '企业员工');
  });
  test.afterAll(async () => server?.stop());

  test('the customer signed in as themselves stays themselves on /shop and /t, and pays as themselves', async ({ page }) => {
    const customer = await demoSignIn(server.url, '普通用户');
    // Signed in once (not before every load, so nothing would hide a token the page stored).
    await page.goto(`${server.url}/healthz`);
    await page.evaluate((value) => localStorage.setItem('token', JSON.stringify(value)), customer);

    let who = signedInAs(page);
    await page.goto(`${server.url}/shop/${SHOP}?token=${attacker}&from=poster`);
    await expectCashDesk(page);
    await expect(page).toHaveURL(new RegExp(`/shop/${SHOP}\\?from=poster$`));
    expect(await who).toBe('张晓');
    expect(await storedToken(page)).toBe(customer);

    // The short link on the poster: the server's redirect carries no token, and the page keeps the customer.
    const redirects: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 302) redirects.push(response.headers().location ?? '');
    });
    who = signedInAs(page);
    await page.goto(`${server.url}/t/shop1?token=${attacker}`);
    await expectCashDesk(page);
    await expect(page).toHaveURL(new RegExp(`/shop/${SHOP}$`));
    expect(redirects).toEqual([`/shop/${SHOP}`]);
    expect(await who).toBe('张晓');
    expect(await storedToken(page)).toBe(customer);

    // The payment is the customer's: they see it, the token's owner may not.
    const keypad = currentPage(page).getByRole('group', { name: '金额键盘' });
    for (const key of ['1', '.', '2', '3']) await keypad.getByRole('button', { name: key, exact: true }).click();
    await keypad.getByRole('button', { name: '演示支付' }).click();
    await expect(page).toHaveURL(/\/cash\/return\?orderNo=/);
    await expect(currentPage(page).getByText('支付成功')).toBeVisible();
    const orderNo = new URL(page.url()).searchParams.get('orderNo') ?? '';
    expect((await callApi<{ orderNo: string }>(server.url, 'cash/getOrder', { orderNo }, customer)).orderNo).toBe(orderNo);
    await expect(callApi(server.url, 'cash/getOrder', { orderNo }, attacker)).rejects.toThrow('无权查看他人的订单');

    // The host's own /t page (a link followed inside the app) carries no token on either.
    await navigateInApp(page, `/t/shop1?token=${attacker}`);
    await expect(page).toHaveURL(new RegExp(`/shop/${SHOP}$`));
    await expectCashDesk(page);
    expect(await storedToken(page)).toBe(customer);
  });

  test('a fresh phone opening the poster is not signed in as its owner: it goes to sign in', async ({ page }) => {
    await page.goto(`${server.url}/t/shop1?token=${attacker}`);
    await expect(page).toHaveURL(/\/api\/auth\/authorize\?/);
    expect(page.url()).not.toContain(attacker);
    expect(new URL(page.url()).searchParams.get('returnUrl')).toMatch(new RegExp(`^/shop/${SHOP}\\?t=\\d+$`));
    expect(await storedToken(page)).toBeNull();
  });
});

test.describe('rolled back to a payment release without a lean page', () => {
  let store: string;
  let dataDir: string;
  let server: RunningServer;
  let token: string;
  const live = packageVersion('remotes/payment');
  /** A stand-in for an earlier payment release, from before lean pages: the live one's files without its lean-pages.json. */
  const older = `${live}-before-lean.e2e`;

  function ops(command: 'rollback', args: string[]) {
    const result = spawnSync('npm', ['run', '--silent', command, '--', ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, RELEASE_DIR: store },
      encoding: 'utf8',
    });
    expect(result.status, result.stderr).toBe(0);
    return result.stdout;
  }

  test.beforeAll(async () => {
    // A copy of the release store, so this test's rollbacks do not reach the other tests.
    store = await mkdtemp(join(tmpdir(), 'e2e-lean-'));
    dataDir = await mkdtemp(join(tmpdir(), 'e2e-lean-data-'));
    await freshDataCopy(dataDir);
    await cp(process.env.E2E_STORE as string, store, { recursive: true });
    await cp(join(store, 'payment', live), join(store, 'payment', older), {
      recursive: true,
      filter: (source) => !source.endsWith('lean-pages.json'),
    });
    await updateRegistry(store, (registry) => {
      const state = registry.apps.payment;
      if (!state) throw new Error('payment is not released in the suite store');
      const current = state.versions[live];
      state.versions[older] = {
        version: older,
        releasedAt: new Date(0).toISOString(),
        prefixes: current?.prefixes ?? [],
        sourceHash: 'e2e',
      };
    });
    server = await startServer({ RELEASE_DIR: store, DATA_DIR: dataDir });
    token = await demoSignIn(server.url, '普通用户');
  });

  test.afterAll(async () => {
    await server?.stop();
    await rm(store, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  });

  test('the host serves /shop/{code} (the federated route); rolled forward, the lean page is back', async ({ browser }) => {
    async function openCold() {
      const context = await browser.newContext();
      await context.addInitScript((value) => localStorage.setItem('token', JSON.stringify(value)), token);
      const page = await context.newPage();
      const loaded = watch(page);
      await page.goto(`${server.url}/shop/${SHOP}`);
      await expectCashDesk(page);
      await expectPage(page, { owner: 'payment', name: 'ShopCash', title: '收银台' });
      await page.waitForLoadState('networkidle');
      await context.close();
      return loaded;
    }

    expect((await openCold()).federation()).toEqual([]);

    expect(ops('rollback', ['payment', '--to', older])).toContain(older);
    const hosted = await openCold();
    // The registry and the payment remote's manifest are written into the host's page (no /remotes.json, no manifest
    // fetched), naming the version just rolled back to.
    expect(hosted.federation()).toEqual([]);
    expect(hosted.apps()).toContain(`payment ${older}`);
    expect(await (await fetch(`${server.url}/shop/${SHOP}`)).text()).toContain(
      `id="page-remote-manifest" data-url="/remotes/payment/${older}/mf-manifest.json"`,
    );
    expect(hosted.apps()).toContain(`host ${packageVersion('host')}`);

    expect(ops('rollback', ['payment', '--to', live])).toContain(live);
    const lean = await openCold();
    expect(lean.federation()).toEqual([]);
    expect(lean.apps()).toEqual([`payment ${live} shop/`]);
  });
});
