/**
 * Tabs painted by the server (docs/architecture.md, "First screens from the server"), on a server of its own:
 * 企业管理员 (the tax bureau ready) issues a blue invoice; with the session's cookie 发票列表 arrives with the list's
 * first page drawn, scripts or not, and the app then shows the same rows without asking for a first page of its own.
 * 开具发票 is painted inert, so that nothing is typed into the form before the app has hydrated it. On every painted
 * page the app hydrates what the server painted: the same elements become the app's, nothing is drawn again and
 * nothing on the screen moves.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { holdBack } from '../support/app';
import { PAINTED_ROOT as PAINTED, PAINTED_ROOT_TAG } from '../support/painted-root';
import { inlineStyle, pixelsUnlikeAllStyle } from '../support/painted-style';
import { wechatPhone } from '../support/browser';
import { companyBuyer, issueBlueInvoice, saveServiceGoods } from '../support/invoices';
import { startIsolatedServer, type IsolatedServer } from '../support/isolated-server';
import { acceptAgreement, demoSignIn, keepSessionCookie } from '../support/sign-in';

test.describe.configure({ mode: 'serial' });

const MANAGER = '企业管理员';
const BUYER = companyBuyer('杭州首屏测试有限公司', '91110108MA01C2QK3D');

/** The host's entry: held back, the painted screen stays as a slow phone shows it. */
const HOST_ENTRY = /\/remotes\/host\/[^/]+\/static\/js\/index\.\w+\.js$/;
/** The pages painted for a company user. */
const PAINTED_TABS = ['/', '/ticket/index', '/payment/list', '/my', '/invoice/list', '/invoice/create'];
/** What a user's eye takes in first: the bars, the search, the filters, the sections, the first rows. */
const LANDMARKS =
  '.adm-nav-bar, .adm-search-bar, .adm-dropdown, section, [role="region"], h2, .adm-button, .app-paged-list__row, .adm-list-item, .app-tab-bar';

let server: IsolatedServer;
let token: string;

test.beforeAll(async () => {
  server = await startIsolatedServer();
  token = await demoSignIn(server.url, MANAGER);
  await acceptAgreement(server.url, token);
  await server.hook('tax-account', { label: MANAGER, loggedIn: true, faceToday: true });
  const goods = await saveServiceGoods(server.url, token);
  await issueBlueInvoice(server.url, token, BUYER, [{ goodsId: goods.id, grossFen: 10_600, rate: 60 }]);
});
test.afterAll(async () => server?.stop());

/** A phone signed in as the app leaves it: the session's cookie, and its token in the app's storage. */
async function signedInPhone(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ ...wechatPhone });
  await keepSessionCookie(context, server.url, token);
  await context.addInitScript((value) => localStorage.setItem('token', JSON.stringify(value)), token);
  return context;
}

test("the list's first page is in the page; the app hydrates it and asks for no first page", async ({ browser }) => {
  const noScript = await browser.newContext({ ...wechatPhone, javaScriptEnabled: false });
  try {
    await keepSessionCookie(noScript, server.url, token);
    const painted = await noScript.newPage();
    await painted.goto(`${server.url}/invoice/list`);
    await expect(painted.getByText('共 1 张发票')).toBeVisible();
    await expect(painted.getByRole('button', { name: /^杭州首屏测试有限公司 ¥106\.00/ })).toBeVisible();
    await expect(painted.getByRole('navigation', { name: '底部导航' })).toBeVisible();
    await painted.screenshot({ path: test.info().outputPath('invoice-list-painted.png'), animations: 'disabled', scale: 'css' });
  } finally {
    await noScript.close();
  }

  const context = await browser.newContext({ ...wechatPhone });
  try {
    await keepSessionCookie(context, server.url, token);
    await context.addInitScript((value) => localStorage.setItem('token', JSON.stringify(value)), token);
    const page = await context.newPage();
    const listed: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/invoice/list')) listed.push(request.postData() ?? '');
    });
    await page.goto(`${server.url}/invoice/list`);
    await expect(page.locator(PAINTED)).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^杭州首屏测试有限公司 ¥106\.00/ })).toBeVisible();
    await expect(page.getByText('共 1 张发票')).toBeVisible();
    // The app answers taps: the row opens the invoice's sheet.
    await page.getByRole('button', { name: /^杭州首屏测试有限公司 / }).click();
    await expect(page.getByRole('dialog')).toContainText('杭州首屏测试有限公司');
    expect(listed).toEqual([]);
  } finally {
    await context.close();
  }
});

test('a tap on the painted screen before the app is there is answered once it is', async ({ browser }) => {
  const context = await browser.newContext({ ...wechatPhone });
  try {
    await keepSessionCookie(context, server.url, token);
    await context.addInitScript((value) => localStorage.setItem('token', JSON.stringify(value)), token);
    const page = await context.newPage();
    // The host's entry held back: the painted screen stays as a slow phone shows it, its buttons not yet answering.
    const releaseEntry = await holdBack(page, HOST_ENTRY);
    await page.goto(`${server.url}/invoice/list`);
    await expect(page.locator(PAINTED)).toHaveCount(1);
    await page.getByRole('button', { name: /^杭州首屏测试有限公司 / }).click();
    await expect(page.locator(PAINTED)).toHaveCount(1);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    releaseEntry();
    await expect(page.locator(PAINTED)).toHaveCount(0);
    // The row opens the invoice's sheet, as the tap would have once the app was there.
    await expect(page.getByRole('dialog')).toContainText('杭州首屏测试有限公司');
  } finally {
    await context.close();
  }
});

for (const [path, placeholder] of [
  ['/invoice/list', '搜索购买方名称或发票号码后几位'],
  ['/ticket/index', '搜索销售方名称或发票号码后几位'],
] as const) {
  test(`${path}: what is typed into the painted search box before the app is there is searched for once it is`, async ({ browser }) => {
    const context = await signedInPhone(browser);
    try {
      const page = await context.newPage();
      const releaseEntry = await holdBack(page, HOST_ENTRY);
      await page.goto(`${server.url}${path}`);
      await expect(page.locator(PAINTED)).toHaveCount(1);
      const search = page.getByPlaceholder(placeholder);
      await search.fill('999999');
      await search.press('Enter');
      await expect(page.locator(PAINTED)).toHaveCount(1);
      releaseEntry();
      await expect(page.locator(PAINTED)).toHaveCount(0);
      await expect(page.getByText('没有符合条件的发票')).toBeVisible();
      await expect(search).toHaveValue('999999');
    } finally {
      await context.close();
    }
  });
}

test('开具发票 is painted, inert until the app has hydrated it; then the form takes what is typed', async ({ browser }) => {
  const noScript = await browser.newContext({ ...wechatPhone, javaScriptEnabled: false });
  const context = await browser.newContext({ ...wechatPhone });
  try {
    await keepSessionCookie(noScript, server.url, token);
    const painted = await noScript.newPage();
    await painted.goto(`${server.url}/invoice/create`);
    await expect(painted.getByPlaceholder('购买方单位全称')).toBeVisible();
    await painted.getByPlaceholder('购买方单位全称').click({ force: true });
    await painted.keyboard.type('杭州');
    await expect(painted.getByPlaceholder('购买方单位全称')).toHaveValue('');

    await keepSessionCookie(context, server.url, token);
    await context.addInitScript((value) => localStorage.setItem('token', JSON.stringify(value)), token);
    const page = await context.newPage();
    await page.goto(`${server.url}/invoice/create`);
    await expect(page.locator(PAINTED)).toHaveCount(0);
    await page.getByPlaceholder('购买方单位全称').fill('杭州首屏测试有限公司');
    await expect(page.getByPlaceholder('购买方单位全称')).toHaveValue('杭州首屏测试有限公司');
  } finally {
    await noScript.close();
    await context.close();
  }
});

/**
 * Where each landmark of the screen shown stands (its left, top and width), in document order. Its height is left
 * out: a part the app loads after the paint (the home's quick form) grows downwards in its place.
 */
function landmarks(page: Page): Promise<string[]> {
  return page.evaluate(
    (selector) =>
      Array.from(document.querySelectorAll<HTMLElement>(selector))
        .filter((element) => element.getClientRects().length > 0 && !element.closest('[hidden]'))
        .map((element) => {
          const { x, y, width } = element.getBoundingClientRect();
          const name = element.getAttribute('aria-label') ?? element.className.split(' ')[0];
          return `${name} ${[x, y, width].map((value) => Math.round(value)).join(',')}`;
        }),
    LANDMARKS,
  );
}

for (const path of PAINTED_TABS) {
  test(`${path} carries only the style its screen uses, and looks exactly as it does with all of it`, async ({ browser }) => {
    for (const width of [360, 390]) {
      const context = await browser.newContext({ ...wechatPhone, viewport: { width, height: 800 }, javaScriptEnabled: false });
      try {
        await keepSessionCookie(context, server.url, token);
        const page = await context.newPage();
        const response = await page.goto(`${server.url}${path}`);
        const carried = (await response?.text()) ?? '';
        // All the style there is: the host's start-up style sheet and the owner's first-screen build's.
        const hostStyle = /<link href="([^"]+\.css)" data-after-paint="preload" as="style">/.exec(carried)?.[1];
        const owner = /data-url="\/remotes\/([^/]+\/[^/]+)\/mf-manifest\.json"/.exec(carried)?.[1];
        expect(hostStyle && owner, path).toBeTruthy();
        const all = (
          await Promise.all(
            [hostStyle, `/remotes/${owner}/first-screen/index.css`].map((file) =>
              fetch(`${server.url}${file}`).then((answer) => answer.text()),
            ),
          )
        ).join('\n');
        expect(inlineStyle(carried).length, path).toBeLessThan(all.length * 0.7);
        expect(await pixelsUnlikeAllStyle(page, `${server.url}${path}`, carried, all), `${path} at ${width}px`).toBe(0);
      } finally {
        await context.close();
      }
    }
  });
}

test('the app hydrates each painted page where it stands: nothing on the screen moves', async ({ browser }) => {
  const noScript = await browser.newContext({ ...wechatPhone, javaScriptEnabled: false });
  const context = await browser.newContext({ ...wechatPhone });
  try {
    await keepSessionCookie(noScript, server.url, token);
    await keepSessionCookie(context, server.url, token);
    await context.addInitScript((value) => localStorage.setItem('token', JSON.stringify(value)), token);
    const painted = await noScript.newPage();
    const page = await context.newPage();
    for (const path of PAINTED_TABS) {
      await painted.goto(`${server.url}${path}`);
      await expect(painted.locator(PAINTED)).toHaveCount(1);
      const before = await landmarks(painted);
      expect(before.length, path).toBeGreaterThan(2);
      await page.goto(`${server.url}${path}`);
      await expect(page.locator(PAINTED)).toHaveCount(0);
      await page.waitForLoadState('networkidle');
      // Each stands where it was painted; the app may add what it loads after the paint.
      expect(await landmarks(page), path).toEqual(expect.arrayContaining(before));
    }
  } finally {
    await noScript.close();
    await context.close();
  }
});

/** The errors a page reports (React reports a screen it could not hydrate, and draws anew, as one). */
function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

test('the app hydrates each painted page: the elements the server painted become the app’s, none drawn again', async ({ browser }) => {
  const context = await signedInPhone(browser);
  try {
    for (const path of PAINTED_TABS) {
      const page = await context.newPage();
      const errors = errorsOf(page);
      // The host's entry held back, so the painted screen's elements are taken before the app starts.
      const releaseEntry = await holdBack(page, HOST_ENTRY);
      await page.goto(`${server.url}${path}`);
      await expect(page.locator(PAINTED)).toHaveCount(1);
      const painted = await page.evaluate((selector) => {
        const elements = Array.from(document.querySelectorAll(selector));
        Object.assign(window, { paintedElements: elements });
        return elements.length;
      }, LANDMARKS);
      expect(painted, path).toBeGreaterThan(2);
      releaseEntry();
      await expect(page.locator(PAINTED)).toHaveCount(0);
      await page.waitForLoadState('networkidle');
      // A list's rows stay the same too once the pull gesture's frame has taken them in.
      if (await page.locator('.app-refresh-on-pull').count()) await expect(page.locator('.adm-pull-to-refresh')).toHaveCount(1);
      const stillThere = await page.evaluate(
        () => (window as unknown as { paintedElements: Element[] }).paintedElements.filter((element) => element.isConnected).length,
      );
      expect(stillThere, path).toBe(painted);
      // React reports a screen it could not hydrate (and draws it again) as an error.
      expect(errors, path).toEqual([]);
      await page.close();
    }
  } finally {
    await context.close();
  }
});

test('a company user yet to agree: each painted tab becomes the app’s with no error, and 用户需知 opens over it', async ({ browser }) => {
  const staff = await demoSignIn(server.url, '企业员工');
  const context = await browser.newContext({ ...wechatPhone });
  try {
    await keepSessionCookie(context, server.url, staff);
    await context.addInitScript((value) => localStorage.setItem('token', JSON.stringify(value)), staff);
    for (const path of ['/', '/my']) {
      const page = await context.newPage();
      const errors = errorsOf(page);
      // The entry held back until the painted screen is there: the start-up's guard opens the agreement before the
      // app hydrates the screen.
      const releaseEntry = await holdBack(page, HOST_ENTRY);
      await page.goto(`${server.url}${path}`);
      await expect(page.locator(PAINTED)).toHaveCount(1);
      const heading = await page.locator('.adm-nav-bar').evaluate((element) => {
        Object.assign(window, { paintedBar: element });
        return element.textContent;
      });
      releaseEntry();
      await expect(page.getByRole('dialog', { name: '用户需知' })).toBeVisible();
      await expect(page.locator(PAINTED)).toHaveCount(0);
      expect(await page.evaluate(() => (window as unknown as { paintedBar: Element }).paintedBar.isConnected), path).toBe(true);
      expect(await page.locator('.adm-nav-bar').first().textContent()).toBe(heading);
      expect(errors, path).toEqual([]);
      await page.close();
    }
  } finally {
    await context.close();
  }
});

test('a page the server could not get the tax account for is not painted: the app draws the home, with no error', async ({ browser }) => {
  const context = await signedInPhone(browser);
  try {
    const page = await context.newPage();
    const errors = errorsOf(page);
    await server.hook('force-failure', { path: 'taxAccount/getTaxAccount', errorCode: 5000, message: '系统繁忙', times: 1 });
    const answer = await page.goto(`${server.url}/`);
    expect(await answer?.text()).not.toContain(PAINTED_ROOT_TAG);
    await expect(page.getByRole('region', { name: '税务局状态' })).toContainText('今日有效');
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});

/** What the compositor animates by itself: any other property is painted again by the main thread at every frame. */
const COMPOSITED = new Set(['transform', 'opacity']);

/** Every running animation on the page as `element: properties`. */
function runningAnimations(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    document.getAnimations().flatMap((animation) => {
      const effect = animation.effect as KeyframeEffect | null;
      if (!effect || animation.playState !== 'running') return [];
      const properties = new Set(
        effect
          .getKeyframes()
          .flatMap((frame) => Object.keys(frame).filter((key) => !['offset', 'computedOffset', 'easing', 'composite'].includes(key))),
      );
      const target = effect.target as Element | null;
      return [`${target?.className ?? '?'}${effect.pseudoElement ?? ''}: ${[...properties].join(',')}`];
    }),
  );
}

test("a painted screen's placeholders shimmer on the compositor, and stand still for a reader who asks for less motion", async ({
  browser,
}) => {
  for (const reducedMotion of ['no-preference', 'reduce'] as const) {
    const context = await browser.newContext({ ...wechatPhone, reducedMotion });
    try {
      await keepSessionCookie(context, server.url, token);
      const page = await context.newPage();
      // The host's entry held back: the painted home, its quick form a placeholder until the app loads it.
      await holdBack(page, HOST_ENTRY);
      await page.goto(`${server.url}/`);
      await expect(page.locator(`${PAINTED} .adm-skeleton-animated`).first()).toBeVisible();
      const running = await runningAnimations(page);
      if (reducedMotion === 'reduce') {
        expect(running).toEqual([]);
      } else {
        expect(running.length).toBeGreaterThan(0);
        for (const animation of running) {
          const properties = animation.slice(animation.lastIndexOf(': ') + 2).split(',');
          expect(
            properties.every((property) => COMPOSITED.has(property)),
            animation,
          ).toBe(true);
        }
      }
    } finally {
      await context.close();
    }
  }
});

test('the app’s files are asked for only once the painted screen is shown', async ({ browser }) => {
  const context = await signedInPhone(browser);
  try {
    for (const path of PAINTED_TABS) {
      const page = await context.newPage();
      await page.goto(`${server.url}${path}`);
      await expect(page.locator(PAINTED)).toHaveCount(0);
      const { shown, files } = await page.evaluate(() => ({
        shown: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        files: performance
          .getEntriesByType('resource')
          .filter((entry) => /\/remotes\/.+\.(?:js|css)$/.test(entry.name))
          .map((entry) => ({ file: entry.name.slice(entry.name.lastIndexOf('/') + 1), startTime: entry.startTime })),
      }));
      expect(shown, path).not.toBeNull();
      expect(files.length, path).toBeGreaterThan(0);
      expect(
        files.filter((entry) => entry.startTime < (shown ?? 0)),
        `${path}: first contentful paint at ${shown} ms`,
      ).toEqual([]);
      await page.close();
    }
  } finally {
    await context.close();
  }
});

/** A trace event of Chromium's, as the DevTools protocol reports it. */
interface TraceEvent {
  name: string;
  tid: number;
}

/**
 * The functions the renderer's main thread compiled lazily (V8's `V8.CompileCode`, one at each first call of a function
 * not compiled before) while `path` loaded, until the app had hydrated it and the network was idle.
 */
async function lazilyCompiled(context: BrowserContext, path: string): Promise<number> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (data) => events.push(...(data.value as unknown as TraceEvent[])));
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-v8.compile', transferMode: 'ReportEvents' });
  await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
  await expect(page.locator(PAINTED)).toHaveCount(0);
  await cdp.send('Tracing.end');
  await complete;
  await page.close();
  // The main thread is the one that evaluated the page's scripts.
  const main = events.find((event) => event.name === 'EvaluateScript')?.tid;
  expect(main, `${path}: no script evaluated`).toBeDefined();
  return events.filter((event) => event.tid === main && event.name === 'V8.CompileCode').length;
}

test('the app’s code is compiled as it downloads: its start-up compiles next to none of it on the main thread', async ({ browser }) => {
  const context = await signedInPhone(browser);
  try {
    // Each script starts with V8's compile hint, so Chromium compiles its functions on the thread that streams it;
    // without it the start-up compiled about 1,750 of them on the main thread, one at each first call.
    for (const path of ['/', '/invoice/create']) expect(await lazilyCompiled(context, path), path).toBeLessThan(200);
  } finally {
    await context.close();
  }
});
