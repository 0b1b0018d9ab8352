/**
 * The cash desk as a phone opens it cold (docs/architecture.md, "Pages a phone opens cold"): `/shop/{code}` is the
 * payment remote's lean page, served in place of the host: the customer sees the cash desk with no host, no
 * `/remotes.json` and no Module Federation manifest. Rolled back to a payment release without a lean page, the same
 * address gets the host again (which loads the payment remote's route), and rolled forward the lean page comes back:
 * with the ops commands, on a server of its own.
 */
import { spawnSync } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { updateRegistry } from '@app/deploy/registry';
import { REPO_ROOT } from '@app/deploy/workspace';
import { expect, test } from '../support/test';
import { currentPage, expectPage } from '../support/app';
import { startServer, type RunningServer } from '../support/server';
import { demoSignIn } from '../support/sign-in';
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
    apps: () => [...new Set(urls.flatMap((path) => /^\/remotes\/([a-z]+)\/([^/]+)\/(shop\/)?/.exec(path)?.slice(1, 4).join(' ').trim() ?? []))],
  };
}

async function expectCashDesk(page: Page) {
  const desk = currentPage(page);
  await expect(desk.locator('.adm-nav-bar-title')).toHaveText('收银台');
  await expect(desk.getByRole('heading', { name: SHOP_NAME })).toBeVisible();
  await expect(desk.getByRole('group', { name: '金额键盘' }).getByRole('button', { name: '演示支付' })).toBeVisible();
}

test('a cold /shop/{code} is the lean page: the cash desk with no host, no remotes.json, no federation manifest', async ({ page, baseURL }) => {
  const token = await demoSignIn(baseURL as string, '普通用户');
  const loaded = watch(page);
  await page.goto(`/shop/${SHOP}?token=${encodeURIComponent(token)}`);
  await expectCashDesk(page);
  await expectPage(page, { owner: 'payment', name: 'ShopCash', title: '收银台' });
  await expect(page).toHaveTitle('收银台');
  // The token is kept and taken out of the address, as the host's guard does.
  await expect(page).toHaveURL(new RegExp(`/shop/${SHOP}$`));
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('token') ?? 'null'))).toBe(token);
  // The demo provider: the 演示环境 badge, as on every host page.
  await expect(page.getByText('演示环境')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(loaded.federation()).toEqual([]);
  expect(loaded.apps()).toEqual([`payment ${packageVersion('remotes/payment')} shop/`]);
  expect(loaded.urls.filter((path) => path.startsWith('/api/')).sort()).toEqual(['/api/shop/get', '/api/sysConfig/get', '/api/user/getOfficialAccountLoginUserInfo']);
});

test('signed out, a cold /shop/{code} goes to sign in and comes back to the cash desk', async ({ page }) => {
  await page.goto(`/shop/${SHOP}`);
  // The demo provider's page: choose the customer.
  await page.getByRole('button', { name: '以普通用户身份登录' }).click();
  await expectCashDesk(page);
  await expect(page).toHaveURL(new RegExp(`/shop/${SHOP}\\?t=\\d+$`));
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
    const result = spawnSync('npm', ['run', '--silent', command, '--', ...args], { cwd: REPO_ROOT, env: { ...process.env, RELEASE_DIR: store }, encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
    return result.stdout;
  }

  test.beforeAll(async () => {
    // A copy of the release store, so this test's rollbacks do not reach the other tests.
    store = await mkdtemp(join(tmpdir(), 'e2e-lean-'));
    dataDir = await mkdtemp(join(tmpdir(), 'e2e-lean-data-'));
    await cp(process.env.E2E_STORE as string, store, { recursive: true });
    await cp(join(store, 'payment', live), join(store, 'payment', older), { recursive: true, filter: (source) => !source.endsWith('lean-pages.json') });
    await updateRegistry(store, (registry) => {
      const state = registry.apps.payment;
      if (!state) throw new Error('payment is not released in the suite store');
      const current = state.versions[live];
      state.versions[older] = { version: older, releasedAt: new Date(0).toISOString(), prefixes: current?.prefixes ?? [], sourceHash: 'e2e' };
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
    expect(hosted.federation()).toEqual(['/remotes.json', `/remotes/payment/${older}/mf-manifest.json`]);
    expect(hosted.apps()).toContain(`host ${packageVersion('host')}`);

    expect(ops('rollback', ['payment', '--to', live])).toContain(live);
    const lean = await openCold();
    expect(lean.federation()).toEqual([]);
    expect(lean.apps()).toEqual([`payment ${live} shop/`]);
  });
});
