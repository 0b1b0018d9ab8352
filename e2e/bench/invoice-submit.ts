/**
 * `npm run bench:invoice`: how long a user waits for a blue invoice — from tapping 开具发票 on `/invoice/create` to
 * the task detail showing 开具成功 — with the simulator's default timings (a step at the tax bureau takes 1 s; the page
 * polls every 2 s, docs/product.md, "Constants"). The tax-bureau login and today's face authentication are already done (test hook), so
 * this is the issuing alone. Builds every app from the current sources, like the browser tests. Prints each run and
 * the median; `RUNS` sets how many (default 5). `--markdown` writes them into docs/benchmarks.md (scripts/bench-table.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { releaseMissing } from '@app/deploy/release-missing';
import { benchStarted, markdownSection, markdownTable, writeBenchSection } from '../../scripts/bench-table';
import { launchOptions, wechatPhone } from '../support/browser';
import { testHook } from '../support/isolated-server';
import { startServer } from '../support/server';
import { callApi, demoSignIn } from '../support/sign-in';
import { PRIVACY_POLICY_VERSION } from '@app/domain/privacy-policy';

const started = benchStarted();
const section = markdownSection('invoice');
const RUNS = Number(process.env.RUNS ?? 5);
const MERCHANT = '企业管理员';

const store = await mkdtemp(join(tmpdir(), 'bench-releases-'));
const dataDir = await mkdtemp(join(tmpdir(), 'bench-data-'));
await releaseMissing({ storeDir: store, log: () => {} });
// Default simulator timings: no ETAX_SIM_DELAY_MS. Test hooks only to mark the tax bureau ready.
const server = await startServer({ RELEASE_DIR: store, DATA_DIR: dataDir, TEST_HOOKS: '1' });
const token = await demoSignIn(server.url, MERCHANT);
const agreement = await callApi<{ id: number }>(server.url, 'taxAccount/getAgreement', {}, token);
await callApi(server.url, 'taxAccount/agreedAgreement', { id: agreement.id, privacyPolicyVersion: PRIVACY_POLICY_VERSION }, token);
await testHook(server.url, 'tax-account', { label: MERCHANT, loggedIn: true, faceToday: true });

async function fillForm(page: Page) {
  const field = (label: string) =>
    page
      .locator('.adm-form-item')
      .filter({ has: page.locator('.adm-form-item-label', { hasText: new RegExp(`^${label}`) }) })
      .first();
  await page.getByText('从我的抬头中选择').click();
  await page
    .getByRole('dialog', { name: '选择抬头' })
    .getByRole('button', { name: /杭州西湖文化传媒有限公司/ })
    .click();
  await page.getByText('选择开票商品').first().click();
  await page
    .getByRole('dialog', { name: '选择商品' })
    .getByRole('button', { name: /^软件技术服务/ })
    .click();
  await field('含税金额').locator('input').fill('88');
  await page.locator('.blue-totals').filter({ hasText: '价税合计' }).getByText('¥88.00').first().waitFor();
}

const browser = await chromium.launch(launchOptions);
const timings: number[] = [];
try {
  const context = await browser.newContext(wechatPhone);
  await context.addInitScript((value) => localStorage.setItem('token', JSON.stringify(value)), token);
  const page = await context.newPage();
  for (let run = 1; run <= RUNS; run++) {
    await page.goto(`${server.url}/invoice/create`);
    await fillForm(page);
    const tapped = performance.now();
    await page.getByRole('button', { name: '开具发票' }).click();
    await page.getByText('开具成功').waitFor({ timeout: 30_000 });
    const elapsed = performance.now() - tapped;
    timings.push(elapsed);
    console.log(`  第 ${run} 次: 点击开具 → 显示开具成功 ${(elapsed / 1000).toFixed(2)} s`);
  }
  const sorted = [...timings].sort((a, b) => a - b);
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const median = sorted[Math.floor(RUNS / 2)] ?? 0;
  console.log(`\n蓝字发票开具 (模拟税局默认时序, ${RUNS} 次): 中位数 ${seconds(median)}, 最慢 ${seconds(sorted.at(-1) ?? 0)} (目标 < 5 s)`);
  if (section) {
    const table = markdownTable(
      ['from tapping 开具发票 to 开具成功', 'median', 'slowest', 'each run'],
      [[`${RUNS} runs, the simulator's default timings`, seconds(median), seconds(sorted.at(-1) ?? 0), timings.map(seconds).join(', ')]],
    );
    writeBenchSection(section, started, [table]);
  }
} finally {
  await browser.close();
  await server.stop();
  await rm(store, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
}
