/**
 * Each tab and the forms where text used to be cut or broken, at 360 and 390 px wide (the narrow phones most users
 * have), as the role that sees them: a screenshot of each under the test's output folder, and in the DOM what the eye
 * checks there (support/layout-check.ts): no button label on two lines, no placeholder wider than its field, no
 * number broken across lines, no chart legend waiting for a tap, and one look per tax-bureau state tag on every page
 * that shows it. On a server of its own: the company is logged in at the tax bureau and not yet face-authenticated,
 * so both kinds of state tag show.
 */
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from '../support/test';
import { currentPage, navigateInApp } from '../support/app';
import {
  brokenNumbers,
  clippedPlaceholders,
  legendTexts,
  settled,
  shownNumbers,
  tagLooks,
  wrappedButtons,
  type TagLook,
} from '../support/layout-check';
import { startIsolatedServer, type IsolatedServer } from '../support/isolated-server';
import { acceptAgreement, demoSignIn, type DemoUser } from '../support/sign-in';

test.describe.configure({ mode: 'serial' });

const MANAGER = '企业管理员';
const TAXI_MANAGER = '出租车管理员';

interface Screen {
  path: string;
  title: string;
  /** What to do on it before it is looked at (open a dialog), and to leave it as it was afterwards. */
  open?: (page: Page) => Promise<void>;
  close?: (page: Page) => Promise<void>;
  /** It shows numbers marked to stay on one line, which must be found. */
  numbers?: boolean;
  /** It shows a chart whose legend is checked. */
  chart?: boolean;
}

/** The tabs, the forms, and the pages with numbers, charts and state tags, as a company manager sees them. */
const MANAGER_SCREENS: Screen[] = [
  { path: '/', title: '开票' },
  { path: '/ticket/index', title: '票夹' },
  { path: '/payment/list', title: '收支' },
  { path: '/my', title: '我的' },
  { path: '/invoice/list', title: '发票列表' },
  { path: '/my/taxAccount', title: '税务账号' },
  { path: '/my/taxAccount/set', title: '设置税务账号' },
  { path: '/my/taxAccount/resetHelp', title: '重置密码帮助', numbers: true },
  { path: '/invoice/create', title: '开具发票' },
  { path: '/invoice/return', title: '红字发票' },
  { path: '/invoice/return', title: '红字发票', open: (page) => currentPage(page).getByRole('tab', { name: '按号码查找' }).click() },
  { path: '/titles/create', title: '新增抬头' },
  { path: '/my/subCode/add', title: '新增子码' },
  { path: '/my/companyGoods/add', title: '新增商品' },
  { path: '/my/companyUsers/add', title: '添加员工' },
  { path: '/ticket/import/input', title: '手动录入' },
  { path: '/my/wallet', title: '钱包', numbers: true },
  { path: '/my/wallet/tixian/list', title: '提现记录', numbers: true },
  { path: '/my/wallet/tixian', title: '提现', open: confirmWithdrawal, close: cancelWithdrawal, numbers: true },
  { path: '/my/statistics/invoiceStatistics', title: '开票统计', chart: true },
  { path: '/my/statistics/incomeStatistics', title: '收入统计', chart: true },
];

const TAXI_SCREENS: Screen[] = [
  { path: '/', title: '开票' },
  { path: '/taxi/cars', title: '车辆管理' },
  { path: '/taxi/trip', title: '记录行程' },
];

/** The withdrawal's confirmation, opened as a user does: an amount, then 确认提现. */
async function confirmWithdrawal(page: Page) {
  await currentPage(page).getByRole('textbox', { name: '提现金额' }).fill('100');
  await expect(currentPage(page).getByTestId('withdraw-fee')).toContainText('实际到账');
  await currentPage(page).getByRole('button', { name: '确认提现' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
}

async function cancelWithdrawal(page: Page) {
  await page.getByRole('dialog').getByRole('button').first().click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

let server: IsolatedServer;
const tokens = new Map<DemoUser, string>();

test.beforeAll(async () => {
  // The demo history: lists, charts and withdrawals to look at, as a newcomer sees them.
  server = await startIsolatedServer({ DEMO_HISTORY: 'true' });
  for (const label of [MANAGER, TAXI_MANAGER] as const) {
    const token = await demoSignIn(server.url, label);
    await acceptAgreement(server.url, token);
    tokens.set(label, token);
  }
  await server.hook('tax-account', { label: MANAGER, loggedIn: true, faceToday: false });
});
test.afterAll(async () => server?.stop());

const fileName = (screen: Screen, index: number) =>
  `${String(index + 1).padStart(2, '0')}-${screen.path.replace(/^\//, '').replace(/[/?=&]+/g, '-') || 'home'}`;

/** Walks the screens at one width: a screenshot of each, and every check; the tags seen, by state, for comparing. */
async function walk(
  page: Page,
  info: TestInfo,
  width: number,
  label: DemoUser,
  screens: Screen[],
): Promise<Map<string, Array<TagLook & { path: string }>>> {
  const tags = new Map<string, Array<TagLook & { path: string }>>();
  await page.setViewportSize({ width, height: 800 });
  await page.context().addInitScript((value) => localStorage.setItem('token', JSON.stringify(value)), tokens.get(label));
  for (const [index, screen] of screens.entries()) {
    await test.step(`${screen.path} at ${width} px`, async () => {
      if (index === 0) await page.goto(`${server.url}${screen.path}`);
      else await navigateInApp(page, screen.path);
      await expect(currentPage(page).locator('.adm-nav-bar-title')).toHaveText(screen.title);
      await settled(page);
      if (screen.open) {
        await screen.open(page);
        await settled(page);
      }
      await page.screenshot({
        path: info.outputPath(`${width}px`, `${label}-${fileName(screen, index)}.png`),
        fullPage: true,
        scale: 'css',
      });

      expect.soft(await wrappedButtons(page), `buttons that wrap on ${screen.path}`).toEqual([]);
      expect.soft(await clippedPlaceholders(page), `placeholders cut off on ${screen.path}`).toEqual([]);
      expect.soft(await brokenNumbers(page), `numbers broken on ${screen.path}`).toEqual([]);
      if (screen.numbers) expect.soft(await shownNumbers(page), `numbers marked on ${screen.path}`).toBeGreaterThan(0);
      if (screen.chart) {
        const legends = await legendTexts(page);
        expect.soft(legends, `chart legend on ${screen.path}`).not.toEqual([]);
        for (const legend of legends) expect.soft(legend, `chart legend on ${screen.path}`).not.toContain('–');
      }
      for (const look of await tagLooks(page)) tags.set(look.text, [...(tags.get(look.text) ?? []), { ...look, path: screen.path }]);
      if (screen.close) await screen.close(page);
    });
  }
  return tags;
}

for (const width of [360, 390]) {
  test(`a company manager's tabs and forms fit at ${width} px`, async ({ page }, info) => {
    test.setTimeout(240_000);
    const tags = await walk(page, info, width, MANAGER, MANAGER_SCREENS);
    // The tax-bureau states are shown on 开票, 我的 and 税务账号: each state looks the same on all of them.
    for (const state of ['已登录', '未认证']) {
      const seen = tags.get(state) ?? [];
      const looks = new Set(seen.map(({ path: _path, ...look }) => JSON.stringify(look)));
      expect
        .soft(looks.size, `the tag ${state} on ${seen.map((one) => one.path).join(', ')}: ${[...looks].join(' | ')}`)
        .toBeLessThanOrEqual(1);
    }
    expect(new Set((tags.get('已登录') ?? []).map((one) => one.path))).toEqual(new Set(['/', '/my', '/my/taxAccount']));
  });

  test(`a taxi company's home, cars and trip form fit at ${width} px`, async ({ page }, info) => {
    test.setTimeout(120_000);
    await walk(page, info, width, TAXI_MANAGER, TAXI_SCREENS);
  });
}
