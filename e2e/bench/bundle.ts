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
 * measures the code in the work tree, not an older release. `--markdown` writes the table into docs/benchmarks.md
 * (scripts/bench-table.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { releaseMissing } from '@app/deploy/release-missing';
import { benchStarted, markdownSection, markdownTable, writeBenchSection } from '../../scripts/bench-table';
import { launchOptions, wechatPhone } from '../support/browser';
import { PAINTED_ROOT } from '../support/painted-root';
import { startServer } from '../support/server';
import { callApi, demoSignIn, demoSignInCode, keepVerifier } from '../support/sign-in';
import { pageSettled, requestsInFlight } from './page-settled';
import { sharedTripPath } from './shared-trip';
import { PRIVACY_POLICY_VERSION } from '@app/domain/privacy-policy';

const started = benchStarted();
const section = markdownSection('bundle');

interface Fetched {
  url: string;
  kind: 'js' | 'css' | 'json';
  gzip: number;
}

/** Each remote's first page after `/`, with its page name (the route's meta). */
const FIRST_PAGE_OF: Record<string, { path: string; pageName: string }> = {
  ticket: { path: '/ticket/index', pageName: 'TicketIndex' },
  payment: { path: '/payment/list', pageName: 'payment_list' },
  my: { path: '/my', pageName: 'My' },
  wallet: { path: '/my/wallet', pageName: 'Wallet' },
  taxi: { path: '/taxi/cars', pageName: 'TaxiCars' },
  invoice: { path: '/invoice/list', pageName: 'InvoiceList' },
};

/** The invoice remote's pages as a first navigation from a host-only page, and what shows once each has all its parts. */
const INVOICE_FROM_HOST: { path: string; pageName: string; shows?: string }[] = [
  // The home's quick form is a part of its own, asked for once the first screen is painted.
  { path: '/', pageName: 'InvoiceDefaultCreate', shows: '开具发票' },
  { path: '/invoice/create', pageName: 'InvoiceCreate', shows: '开具发票' },
  { path: '/invoice/list', pageName: 'InvoiceList' },
];

/** One row of the markdown table: what a load fetched, gzip. */
interface Row {
  load: string;
  files: Fetched[];
  requests?: number;
}
const rows: Row[] = [];

/** The files a page fetches from now on; `read()` resolves with them once every answer's body has been weighed. */
interface Recording {
  read(): Promise<Fetched[]>;
}

function record(page: Page): Recording {
  const files: Fetched[] = [];
  const weighing: Promise<void>[] = [];
  page.on('response', (response) => {
    const url = response.url();
    const kind = /\.js(\?|$)/.test(url) ? 'js' : /\.css(\?|$)/.test(url) ? 'css' : /\.json(\?|$)/.test(url) ? 'json' : null;
    if (!kind || response.status() >= 400) return;
    const weighed = response.body().then(
      (body) => {
        const gzip = gzipSync(body, { level: 9 }).length;
        // A file the page preloaded (a fetch) and then ran (a script) answers twice, the second time from the HTTP
        // cache (hashed files are immutable): it is one file fetched once.
        if (!files.some((file) => file.url === url)) files.push({ url, kind, gzip });
      },
      // A response whose body is gone (navigation) is not counted.
      () => undefined,
    );
    weighing.push(weighed);
  });
  return {
    read: async () => {
      await Promise.all(weighing);
      // What came so far: a part the app fetches later, once idle, is no part of this load.
      return [...files];
    },
  };
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);
const sum = (files: Fetched[], kind?: Fetched['kind']) =>
  files.filter((f) => !kind || f.kind === kind).reduce((total, f) => total + f.gzip, 0);

function largest(files: Fetched[]): string {
  return files
    .sort((a, b) => b.gzip - a.gzip)
    .slice(0, Number(process.env.TOP ?? 8))
    .map((f) => `      ${kib(f.gzip).padStart(6)} KiB  ${new URL(f.url).pathname}`)
    .join('\n');
}

/** What shows that `/`'s first screen is there: the company's name, its largest content. */
const FIRST_SCREEN = '.home-company__name';

/** Notes in the page when the first screen's content enters it (`__firstScreenAt`, the page's own clock). */
function noteFirstScreen(selector: string): void {
  const observer = new MutationObserver(() => {
    if (!document.querySelector(selector)) return;
    Object.assign(window, { __firstScreenAt: performance.now() });
    observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
}

/**
 * What a load asked for before its first screen: the resources whose requests started before that screen's content
 * entered the page (what came after it, that screen did not wait for), by the page's own timings; the requests with
 * the document's.
 */
async function beforeFirstScreen(page: Page): Promise<{ urls: Set<string>; requests: number; at: number }> {
  const { at, resources } = await page.evaluate(() => ({
    at: (window as { __firstScreenAt?: number }).__firstScreenAt ?? 0,
    resources: performance.getEntriesByType('resource').map((entry) => ({ url: entry.name, startTime: entry.startTime })),
  }));
  if (!at) throw new Error('the first screen was never noted');
  const before = resources.filter((resource) => resource.startTime < at);
  return { urls: new Set(before.map((resource) => resource.url)), requests: before.length + 1, at: Math.round(at) };
}

async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    history.pushState({}, '', target);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

const store = await mkdtemp(join(tmpdir(), 'bench-releases-'));
const dataDir = await mkdtemp(join(tmpdir(), 'bench-data-'));
await releaseMissing({ storeDir: store, log: (line) => console.log(line) });
const server = await startServer({ RELEASE_DIR: store, DATA_DIR: dataDir });
const token = await demoSignIn(server.url, '企业管理员');
const agreement = await callApi<{ id: number }>(server.url, 'taxAccount/getAgreement', {}, token);
await callApi(server.url, 'taxAccount/agreedAgreement', { id: agreement.id, privacyPolicyVersion: PRIVACY_POLICY_VERSION }, token);
// A taxi company's driver (its manager) with a trip recorded and shared: the ride page's address.
const driver = await demoSignIn(server.url, '出租车管理员');
const driverAgreement = await callApi<{ id: number }>(server.url, 'taxAccount/getAgreement', {}, driver);
await callApi(server.url, 'taxAccount/agreedAgreement', { id: driverAgreement.id, privacyPolicyVersion: PRIVACY_POLICY_VERSION }, driver);
const ridePath = await sharedTripPath(server.url, driver);
const browser = await chromium.launch(launchOptions);
try {
  // Signed in as a company user, so the first load is the real home page with its tab bar.
  const context = await browser.newContext(wechatPhone);
  await context.addInitScript((value) => localStorage.setItem('token', JSON.stringify(value)), token);
  await context.addInitScript(noteFirstScreen, FIRST_SCREEN);
  const page = await context.newPage();
  const inFlight = requestsInFlight(page);
  let requests = 0;
  page.on('request', () => {
    requests += 1;
  });
  const firstLoad = record(page);
  await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
  await pageSettled(page, inFlight, 'InvoiceDefaultCreate', '开具发票');
  const fetched = await firstLoad.read();
  rows.push({ load: 'the first load of `/` (企业管理员)', files: fetched, requests });
  console.log('\n首次加载 / (gzip)');
  console.log(`  JS ${kib(sum(fetched, 'js'))} KiB, CSS ${kib(sum(fetched, 'css'))} KiB, JSON ${kib(sum(fetched, 'json'))} KiB`);
  console.log(largest(fetched.filter((f) => f.kind === 'js')));
  const firstScreen = await beforeFirstScreen(page);
  const firstScreenFiles = fetched.filter((file) => firstScreen.urls.has(file.url));
  rows.push({
    load: '… of which asked for before its first screen (the company’s name)',
    files: firstScreenFiles,
    requests: firstScreen.requests,
  });
  console.log(`  首屏 (企业名称, ${firstScreen.at} ms) 之前: JS ${kib(sum(firstScreenFiles, 'js'))} KiB, ${firstScreen.requests} 个请求`);

  // The cash desk and the passenger's ride page opened cold as a phone comes back to them from signing in: nothing in
  // the cache, in storage only the verifier the sign-in kept (set on the origin first, from a page that loads no
  // script), and the one-time code in the address.
  async function coldLoad(title: string, row: string, path: string, shows: string) {
    const cold = await browser.newContext(wechatPhone);
    const coldPage = await cold.newPage();
    const { code, verifier } = await demoSignInCode(server.url, '普通用户', path);
    await coldPage.goto(`${server.url}/healthz`);
    await keepVerifier(coldPage, server.url, verifier);
    const recording = record(coldPage);
    const requests: string[] = [];
    coldPage.on('request', (request) => void requests.push(new URL(request.url()).pathname));
    await coldPage.goto(`${server.url}${path}?signin=${code}`, { waitUntil: 'networkidle' });
    await coldPage.getByText(shows).first().waitFor();
    await coldPage.waitForLoadState('networkidle');
    if (!(await coldPage.evaluate(() => localStorage.getItem('token')))?.startsWith('"'))
      throw new Error(`${path} did not sign in with its code`);
    const coldFetched = await recording.read();
    rows.push({ load: row, files: coldFetched, requests: requests.length });
    console.log(`\n${title} (普通用户, 登录返回 ?signin= 并交换, 全部计入, gzip)`);
    console.log(
      `  JS ${kib(sum(coldFetched, 'js'))} KiB, CSS ${kib(sum(coldFetched, 'css'))} KiB, JSON ${kib(sum(coldFetched, 'json'))} KiB (目标 JS ≤ 120 KiB)`,
    );
    const federation = requests.filter((one) => one === '/remotes.json' || one.endsWith('/mf-manifest.json'));
    console.log(
      `  ${requests.length} 个请求 (API ${requests.filter((one) => one.startsWith('/api/')).length} 个)${federation.length ? `, 经宿主: ${federation.join(' ')}` : ', 精简页 (无宿主, 无 remotes.json / mf-manifest)'}`,
    );
    console.log(largest(coldFetched.filter((f) => f.kind === 'js')));
    await cold.close();
  }
  await coldLoad(
    '收银台冷启动 /shop/YST0001',
    '`/shop/YST0001`, the cash desk, cold (the payment remote’s lean page)',
    '/shop/YST0001',
    '杭州优税通科技有限公司',
  );
  await coldLoad(
    '乘客领取行程冷启动 /taxi/ride/{code}',
    '`/taxi/ride/{code}`, the ride page, cold (the taxi remote’s lean page)',
    ridePath,
    '领取行程',
  );

  // `/` back from signing in (企业管理员): the server makes the exchange as it writes the page (the verifier in its
  // cookie) and paints the home for the new session (docs/architecture.md, "First screens from the server"). Every
  // script file held back, what that first screen needed: the page alone (its inline script and style counted).
  {
    const cold = await browser.newContext(wechatPhone);
    const coldPage = await cold.newPage();
    const { code, verifier } = await demoSignInCode(server.url, '企业管理员', '/');
    await coldPage.goto(`${server.url}/healthz`);
    await keepVerifier(coldPage, server.url, verifier);
    let held = 0;
    // Never answered: the context's close ends them.
    await coldPage.route(/\.js(\?|$)/, () => {
      held += 1;
    });
    let requests = 0;
    coldPage.on('requestfinished', () => {
      requests += 1;
    });
    await coldPage.goto(`${server.url}/?signin=${code}`, { waitUntil: 'commit' });
    await coldPage.locator(`${PAINTED_ROOT} .home-company__name`).waitFor();
    const inline = await coldPage.evaluate(() => ({
      script: Array.from(document.querySelectorAll('script:not([src]):not([type="application/json"])'), (one) => one.textContent).join(
        '\n',
      ),
      style: Array.from(document.querySelectorAll('style'), (one) => one.textContent).join('\n'),
    }));
    const files: Fetched[] = [
      { url: 'the page’s inline script', kind: 'js', gzip: gzipSync(inline.script, { level: 9 }).length },
      { url: 'the page’s inline style', kind: 'css', gzip: gzipSync(inline.style, { level: 9 }).length },
    ];
    rows.push({ load: '`/` back from signing in: what its painted first screen needed (every script file held back)', files, requests });
    console.log(
      `\n登录返回 / 的首屏 (脚本文件全部扣住, ${held} 个): 内联脚本 JS ${kib(sum(files, 'js'))} KiB, 内联样式 ${kib(sum(files, 'css'))} KiB, ${requests} 个请求完成`,
    );
    await cold.close();
  }

  console.log('\n首次进入各远程模块 (在 / 之后, gzip)');
  for (const [remote, { path, pageName }] of Object.entries(FIRST_PAGE_OF)) {
    page.removeAllListeners('response');
    const recording = record(page);
    const before = requests;
    await navigateInApp(page, path);
    await pageSettled(page, inFlight, pageName);
    const fetched = await recording.read();
    const own = fetched.filter((f) => f.url.includes(`/remotes/${remote}/`));
    const pageCode = own.filter((f) => /static\/(js|css)\/async\//.test(f.url) && !f.url.includes('__federation_expose'));
    const overhead = fetched.filter((f) => !pageCode.includes(f));
    rows.push({ load: `first visit of ${remote} after \`/\` (\`${path}\`)`, files: fetched, requests: requests - before });
    console.log(
      `  ${remote.padEnd(8)} ${path.padEnd(16)} 共 ${kib(sum(fetched)).padStart(5)} KiB = 页面代码 ${kib(sum(pageCode)).padStart(5)} + 额外 ${kib(sum(overhead)).padStart(5)} KiB`,
    );
    if (process.env.VERBOSE) console.log(largest(overhead));
  }

  // The invoice remote's first navigation from a host-only page (the not-found page): all it adds to what the host
  // loaded — its manifest, entry, routes, the shared modules it needs first, and the page.
  for (const { path, pageName, shows } of INVOICE_FROM_HOST) {
    const fresh = await browser.newContext(wechatPhone);
    await fresh.addInitScript((value) => localStorage.setItem('token', JSON.stringify(value)), token);
    const hostPage = await fresh.newPage();
    await hostPage.goto(`${server.url}/__host-only__`, { waitUntil: 'networkidle' });
    const hostInFlight = requestsInFlight(hostPage);
    let hostRequests = 0;
    hostPage.on('request', () => {
      hostRequests += 1;
    });
    const recording = record(hostPage);
    await navigateInApp(hostPage, path);
    // Pages load their parts lazily (the home's quick form once its first screen is painted): wait for the last one.
    await pageSettled(hostPage, hostInFlight, pageName, shows);
    const added = await recording.read();
    rows.push({ load: `the invoice remote's \`${path}\` from a host-only page`, files: added, requests: hostRequests });
    if (path === '/') console.log('\n开票模块首次导航 (从仅宿主页面, gzip)');
    console.log(`  invoice  ${path.padEnd(16)} JS ${kib(sum(added, 'js')).padStart(5)} KiB, CSS ${kib(sum(added, 'css')).padStart(5)} KiB`);
    if (process.env.VERBOSE) console.log(largest(added.filter((f) => f.kind === 'js')));
    await fresh.close();
  }

  // The taxi remote's first navigation for a taxi company's driver (target: at most 40 KiB gzip of JavaScript beyond
  // what the host already loaded): the app opened at `/` (the host, the 开票 home) and its first screen over (the host
  // has fetched, at idle, the API client that no first screen waits for), then the page, in a fresh browser each — what
  // that first tap adds (the remote's manifest, entry and routes, the shared modules it needs first, the page).
  console.log('\n出租车模块首次导航 (出租车管理员, 在 / 之后, gzip; 目标 JS ≤ 40 KiB)');
  for (const [path, pageName, shows] of [
    ['/taxi/trip', 'TaxiTrip', '记录并分享'],
    ['/taxi/cars', 'TaxiCars', '企业车辆'],
    ['/invoice/taxi/create', 'TaxiInvoiceCreate', '没有待开票的行程'],
    ['/my/taxi/trip', 'MyTaxiTrip', '企业行程'],
  ] as const) {
    const fresh = await browser.newContext(wechatPhone);
    await fresh.addInitScript((value) => localStorage.setItem('token', JSON.stringify(value)), driver);
    const driverPage = await fresh.newPage();
    const driverInFlight = requestsInFlight(driverPage);
    const apiClientFetched = driverPage.waitForResponse((response) => /\/lib-axios\.[0-9a-f]+\.js$/.test(response.url()));
    await driverPage.goto(`${server.url}/`, { waitUntil: 'networkidle' });
    await apiClientFetched;
    await pageSettled(driverPage, driverInFlight, 'InvoiceDefaultCreate', '出租车发票');
    let driverRequests = 0;
    driverPage.on('request', () => {
      driverRequests += 1;
    });
    const recording = record(driverPage);
    await navigateInApp(driverPage, path);
    await pageSettled(driverPage, driverInFlight, pageName, shows);
    const added = await recording.read();
    rows.push({ load: `a driver's first tap into \`${path}\` after \`/\``, files: added, requests: driverRequests });
    console.log(`  taxi     ${path.padEnd(22)} JS ${kib(sum(added, 'js')).padStart(5)} KiB, CSS ${kib(sum(added, 'css')).padStart(5)} KiB`);
    if (process.env.VERBOSE) console.log(largest(added.filter((f) => f.kind === 'js')));
    await fresh.close();
  }
} finally {
  await browser.close();
  await server.stop();
  await rm(store, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
}

if (section) {
  const table = markdownTable(
    ['load', 'gzip JavaScript', 'gzip CSS', 'gzip JSON', 'requests'],
    rows.map(({ load, files, requests }) => [
      load,
      `${kib(sum(files, 'js'))} KiB`,
      `${kib(sum(files, 'css'))} KiB`,
      `${kib(sum(files, 'json'))} KiB`,
      String(requests ?? ''),
    ]),
  );
  writeBenchSection(section, started, [table]);
}
