/**
 * `npm run bench:bundle`: loads the app in Chromium (phone, WeChat) and prints the gzip KiB of JavaScript and CSS
 * fetched for the first load of `/`, and for the first navigation into each remote afterwards (what that navigation
 * adds: the remote's manifest, entry and routes, the host's shared modules it needs for the first time, and the page).
 * Also the cold first load of the cash desk `/shop/YST0001` — what a customer's phone fetches after scanning a shop
 * code and signing in (target: at most 120 KiB gzip JavaScript): a fresh browser coming back from the 普通用户's
 * demo sign-in with its one-time code (`?signin=`, which the start-up takes from the address and exchanges with the
 * verifier the browser kept), everything counted: the payment remote's lean page (docs/architecture.md, "Pages a phone
 * opens cold"), or the host with the payment remote's manifest, entry and page where the live payment release has
 * none. With the number of requests the load made, and whether any was Module Federation's. The same for the
 * passenger's ride page `/taxi/ride/{code}` (target: at most 120 KiB), and the taxi remote's first navigation for a
 * driver (target: at most 40 KiB of JavaScript beyond the host).
 * Builds every app from the current sources into a temporary release store (as the browser tests do), so it
 * measures the code in the work tree, not an older release.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { releaseMissing } from '@app/deploy/release-missing';
import { launchOptions, wechatPhone } from '../support/browser';
import { startServer } from '../support/server';
import { callApi, demoSignIn, demoSignInCode, SIGN_IN_VERIFIER_STORAGE_KEY } from '../support/sign-in';
import { sharedTripPath } from './shared-trip';

interface Fetched {
  url: string;
  kind: 'js' | 'css' | 'json';
  gzip: number;
}

const FIRST_PAGE_OF: Record<string, string> = {
  ticket: '/ticket/index',
  payment: '/payment/list',
  my: '/my',
  wallet: '/my/wallet',
  taxi: '/taxi/cars',
  invoice: '/invoice/list',
};

function record(page: Page): Fetched[] {
  const fetched: Fetched[] = [];
  page.on('response', async (response) => {
    const url = response.url();
    const kind = /\.js(\?|$)/.test(url) ? 'js' : /\.css(\?|$)/.test(url) ? 'css' : /\.json(\?|$)/.test(url) ? 'json' : null;
    if (!kind || response.status() >= 400) return;
    try {
      const gzip = gzipSync(await response.body(), { level: 9 }).length;
      // A file the page preloaded (a fetch) and then ran (a script) answers twice, the second time from the HTTP cache
      // (hashed files are immutable): it is one file fetched once.
      if (!fetched.some((file) => file.url === url)) fetched.push({ url, kind, gzip });
    } catch {
      // A response whose body is gone (navigation) is not counted.
    }
  });
  return fetched;
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);
const sum = (files: Fetched[], kind?: Fetched['kind']) =>
  files.filter((f) => !kind || f.kind === kind).reduce((total, f) => total + f.gzip, 0);

function describe(files: Fetched[]): string {
  return files
    .sort((a, b) => b.gzip - a.gzip)
    .slice(0, Number(process.env.TOP ?? 8))
    .map((f) => `      ${kib(f.gzip).padStart(6)} KiB  ${new URL(f.url).pathname}`)
    .join('\n');
}

const store = await mkdtemp(join(tmpdir(), 'bench-releases-'));
const dataDir = await mkdtemp(join(tmpdir(), 'bench-data-'));
await releaseMissing({ storeDir: store, log: (line) => console.log(line) });
const server = await startServer({ RELEASE_DIR: store, DATA_DIR: dataDir });
const token = await demoSignIn(server.url, '企业管理员');
const agreement = await callApi<{ id: number }>(server.url, 'taxAccount/getAgreement', {}, token);
await callApi(server.url, 'taxAccount/agreedAgreement', { id: agreement.id }, token);
// A taxi company's driver (its manager) with a trip recorded and shared: the ride page's address.
const driver = await demoSignIn(server.url, '出租车管理员');
const driverAgreement = await callApi<{ id: number }>(server.url, 'taxAccount/getAgreement', {}, driver);
await callApi(server.url, 'taxAccount/agreedAgreement', { id: driverAgreement.id }, driver);
const ridePath = await sharedTripPath(server.url, driver);
const browser = await chromium.launch(launchOptions);
try {
  // Signed in as a company user, so the first load is the real home page with its tab bar.
  const context = await browser.newContext(wechatPhone);
  await context.addInitScript((value) => localStorage.setItem('token', JSON.stringify(value)), token);
  const page = await context.newPage();
  let fetched = record(page);
  await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
  console.log('\n首次加载 / (gzip)');
  console.log(`  JS ${kib(sum(fetched, 'js'))} KiB, CSS ${kib(sum(fetched, 'css'))} KiB, JSON ${kib(sum(fetched, 'json'))} KiB`);
  console.log(describe(fetched.filter((f) => f.kind === 'js')));

  // The cash desk and the passenger's ride page opened cold as a phone comes back to them from signing in: nothing in
  // the cache, in storage only the verifier the sign-in kept (set on the origin first, from a page that loads no
  // script), and the one-time code in the address.
  async function coldLoad(title: string, path: string, shows: string) {
    const cold = await browser.newContext(wechatPhone);
    const coldPage = await cold.newPage();
    const { code, verifier } = await demoSignInCode(server.url, '普通用户', path);
    await coldPage.goto(`${server.url}/healthz`);
    await coldPage.evaluate(([key, value]) => localStorage.setItem(key, value), [SIGN_IN_VERIFIER_STORAGE_KEY, verifier] as const);
    const coldFetched = record(coldPage);
    const requests: string[] = [];
    coldPage.on('request', (request) => void requests.push(new URL(request.url()).pathname));
    await coldPage.goto(`${server.url}${path}?signin=${code}`, { waitUntil: 'networkidle' });
    await coldPage.getByText(shows).first().waitFor();
    await coldPage.waitForLoadState('networkidle');
    if (!(await coldPage.evaluate(() => localStorage.getItem('token')))?.startsWith('"'))
      throw new Error(`${path} did not sign in with its code`);
    console.log(`\n${title} (普通用户, 登录返回 ?signin= 并交换, 全部计入, gzip)`);
    console.log(
      `  JS ${kib(sum(coldFetched, 'js'))} KiB, CSS ${kib(sum(coldFetched, 'css'))} KiB, JSON ${kib(sum(coldFetched, 'json'))} KiB (目标 JS ≤ 120 KiB)`,
    );
    const federation = requests.filter((one) => one === '/remotes.json' || one.endsWith('/mf-manifest.json'));
    console.log(
      `  ${requests.length} 个请求 (API ${requests.filter((one) => one.startsWith('/api/')).length} 个)${federation.length ? `, 经宿主: ${federation.join(' ')}` : ', 精简页 (无宿主, 无 remotes.json / mf-manifest)'}`,
    );
    console.log(describe(coldFetched.filter((f) => f.kind === 'js')));
    await cold.close();
  }
  await coldLoad('收银台冷启动 /shop/YST0001', '/shop/YST0001', '杭州优税通科技有限公司');
  await coldLoad('乘客领取行程冷启动 /taxi/ride/{code}', ridePath, '领取行程');

  console.log('\n首次进入各远程模块 (在 / 之后, gzip)');
  for (const [remote, path] of Object.entries(FIRST_PAGE_OF)) {
    page.removeAllListeners('response');
    fetched = record(page);
    await page.evaluate((target) => {
      history.pushState({}, '', target);
      dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    const own = fetched.filter((f) => f.url.includes(`/remotes/${remote}/`));
    const pageCode = own.filter((f) => /static\/(js|css)\/async\//.test(f.url) && !f.url.includes('__federation_expose'));
    const overhead = fetched.filter((f) => !pageCode.includes(f));
    console.log(
      `  ${remote.padEnd(8)} ${path.padEnd(16)} 共 ${kib(sum(fetched)).padStart(5)} KiB = 页面代码 ${kib(sum(pageCode)).padStart(5)} + 额外 ${kib(sum(overhead)).padStart(5)} KiB`,
    );
    if (process.env.VERBOSE) console.log(describe(overhead));
  }

  // The invoice remote's first navigation from a host-only page (the not-found page): all it adds to what the host
  // loaded — its manifest, entry, routes, the shared modules it needs first, and the page.
  for (const path of ['/', '/invoice/create', '/invoice/list']) {
    const fresh = await browser.newContext(wechatPhone);
    await fresh.addInitScript((value) => localStorage.setItem('token', JSON.stringify(value)), token);
    const hostPage = await fresh.newPage();
    await hostPage.goto(`${server.url}/__host-only__`, { waitUntil: 'networkidle' });
    const added = record(hostPage);
    await hostPage.evaluate((target) => {
      history.pushState({}, '', target);
      dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    // Pages load their parts lazily (the home for the user's role, then its form): wait until nothing more comes.
    await hostPage.waitForLoadState('networkidle');
    await hostPage.waitForTimeout(1500);
    await hostPage.waitForLoadState('networkidle');
    if (path === '/') console.log('\n开票模块首次导航 (从仅宿主页面, gzip)');
    console.log(`  invoice  ${path.padEnd(16)} JS ${kib(sum(added, 'js')).padStart(5)} KiB, CSS ${kib(sum(added, 'css')).padStart(5)} KiB`);
    if (process.env.VERBOSE) console.log(describe(added.filter((f) => f.kind === 'js')));
    await fresh.close();
  }

  // The taxi remote's first navigation for a taxi company's driver (target: at most 40 KiB gzip of JavaScript beyond
  // what the host already loaded): the app opened at `/` (the host, the 开票 home), then the page, in a fresh browser
  // each — what that first tap adds (the remote's manifest, entry and routes, the shared modules it needs first, the page).
  console.log('\n出租车模块首次导航 (出租车管理员, 在 / 之后, gzip; 目标 JS ≤ 40 KiB)');
  for (const [path, shows] of [
    ['/taxi/trip', '记录并分享'],
    ['/taxi/cars', '企业车辆'],
    ['/invoice/taxi/create', '没有待开票的行程'],
    ['/my/taxi/trip', '企业行程'],
  ] as const) {
    const fresh = await browser.newContext(wechatPhone);
    await fresh.addInitScript((value) => localStorage.setItem('token', JSON.stringify(value)), driver);
    const driverPage = await fresh.newPage();
    await driverPage.goto(`${server.url}/`, { waitUntil: 'networkidle' });
    await driverPage.getByText('出租车发票').first().waitFor();
    await driverPage.waitForLoadState('networkidle');
    const added = record(driverPage);
    await driverPage.evaluate((target) => {
      history.pushState({}, '', target);
      dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await driverPage.locator('.app-layout__page:visible').getByText(shows).first().waitFor();
    await driverPage.waitForLoadState('networkidle');
    console.log(`  taxi     ${path.padEnd(22)} JS ${kib(sum(added, 'js')).padStart(5)} KiB, CSS ${kib(sum(added, 'css')).padStart(5)} KiB`);
    if (process.env.VERBOSE) console.log(describe(added.filter((f) => f.kind === 'js')));
    await fresh.close();
  }
} finally {
  await browser.close();
  await server.stop();
  await rm(store, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
}
