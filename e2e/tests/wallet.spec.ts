/**
 * 钱包 (`/my/wallet`, `/my/wallet/list`, `/my/wallet/tixian`, `/my/wallet/tixian/list`) against the real server, on a
 * server of its own with settlement at T+1 (a test hook brings the settlement day) and payouts after 0.3 s: a
 * customer pays ¥88.00 at the shop code YST0001 (through the API, so this does not depend on the payment screens); the 企业管理员 sees it 冻结, then 可提现
 * once settled; withdraws ¥50.00 (the fee shown before confirming), which the withdrawals list shows until 已到账; a
 * withdrawal of more than what is left is refused under the field (and by the server). A user without the wallet's
 * permissions is told who may use it.
 */
import { expect, test } from '../support/test';
import { shot } from '../support/screenshot';
import type { Page } from '@playwright/test';
import { currentPage, expectPage, navigateInApp } from '../support/app';
import { startIsolatedServer, type IsolatedServer } from '../support/isolated-server';
import { acceptAgreement, callApi, demoSignIn } from '../support/sign-in';

test.describe.configure({ mode: 'serial' });

const MANAGER = '企业管理员';
const CUSTOMER = '普通用户';
const SHOP = 'YST0001';

/** T+1, as in production: the test brings the settlement day when it wants the payment settled. */
const SETTLEMENT_DELAY_MS = 86_400_000;

let server: IsolatedServer;

const balance = (page: Page, label: '可提现' | '冻结') => currentPage(page).getByLabel(label, { exact: true });
const fieldError = (page: Page) => currentPage(page).locator('.adm-form-item-feedback-error');
const amountInput = (page: Page) => currentPage(page).getByPlaceholder('请输入提现金额');

test.beforeAll(async () => {
  server = await startIsolatedServer({ PAYMENT_SETTLEMENT_DELAY_MS: String(SETTLEMENT_DELAY_MS), PAYOUT_SIM_DELAY_MS: '300' });
});
test.afterAll(async () => server?.stop());

test('a payment is 冻结, then 可提现; ¥50.00 is withdrawn and arrives; more than what is left is refused', async ({ page, context }) => {
  test.setTimeout(150_000);
  const managerToken = await server.signIn(context, MANAGER);
  await acceptAgreement(server.url, managerToken);
  const customerToken = await demoSignIn(server.url, CUSTOMER);

  // Nothing yet.
  await page.goto(`${server.url}/my/wallet`);
  await expectPage(page, { owner: 'wallet', name: 'Wallet', title: '钱包' });
  await expect(balance(page, '可提现')).toHaveText('¥0.00');
  await expect(balance(page, '冻结')).toHaveText('¥0.00');
  await expect(currentPage(page).getByRole('button', { name: '提现', exact: true })).toBeDisabled();
  await expect(currentPage(page).getByText('暂无可提现余额')).toBeVisible();

  // A customer pays ¥88.00 at the shop: 冻结 until settled (T+1). The wallet loads again when shown again.
  await callApi(server.url, 'cash/createOrder', { code: SHOP, amountFen: 8800, channel: 'demo' }, customerToken);
  await navigateInApp(page, '/my/wallet/list');
  await expectPage(page, { owner: 'wallet', name: 'WalletList', title: '钱包明细' });
  await expect(currentPage(page).getByRole('article', { name: '收款 +¥88.00' })).toBeVisible();
  await shot(page, 'wallet-list');
  await page.goBack();
  await expectPage(page, { owner: 'wallet', name: 'Wallet', title: '钱包' });
  await expect(balance(page, '冻结')).toHaveText('¥88.00');
  await expect(currentPage(page).getByText('顾客付款结算后（T+1）转为可提现')).toBeVisible();
  await shot(page, 'wallet-frozen');

  // A day later, settled: 可提现.
  await server.hook('settlement-day', { label: MANAGER });
  await page.reload();
  await expect(balance(page, '可提现')).toHaveText('¥88.00');
  await expect(balance(page, '冻结')).toHaveText('¥0.00');
  await expect(currentPage(page).getByRole('article', { name: '结算 ¥88.00' })).toBeVisible();
  await shot(page, 'wallet-available');

  // Withdraw ¥50.00: the fee before confirming, then the confirmation with amount, fee, what leaves the balance and what arrives.
  await currentPage(page).getByRole('button', { name: '提现', exact: true }).click();
  await expectPage(page, { owner: 'wallet', name: 'WalletWithdraw', title: '提现' });
  await expect(currentPage(page).getByText('可提现余额 ¥88.00')).toBeVisible();
  await amountInput(page).fill('50');
  await expect(currentPage(page).getByTestId('withdraw-fee')).toHaveText('手续费 ¥1.00，余额扣除 ¥51.00，实际到账 ¥50.00');
  await expect(fieldError(page)).toHaveCount(0);
  await shot(page, 'withdraw-form');
  await currentPage(page).getByRole('button', { name: '确认提现' }).click();
  const dialog = page.locator('.adm-dialog');
  await expect(dialog).toContainText('提现金额¥50.00');
  await expect(dialog).toContainText('手续费¥1.00');
  await expect(dialog).toContainText('余额扣除¥51.00');
  await expect(dialog).toContainText('实际到账¥50.00');
  await shot(page, 'withdraw-confirm');
  await dialog.getByRole('button', { name: '确认提现' }).click();
  await expect(currentPage(page).getByText('提现申请已提交')).toBeVisible();
  await expect(dialog).toBeHidden();
  await shot(page, 'withdraw-submitted');

  // The withdrawals list: 审核中 until the payout arrives (the list asks again while one is 审核中).
  await currentPage(page).getByRole('button', { name: '查看提现记录' }).click();
  await expectPage(page, { owner: 'wallet', name: 'WalletWithdrawList', title: '提现记录' });
  await expect(currentPage(page).getByRole('article', { name: /^提现 ¥50\.00 / })).toBeVisible();
  await expect(currentPage(page).getByRole('article', { name: '提现 ¥50.00 已到账' })).toBeVisible({ timeout: 30_000 });
  await shot(page, 'withdrawals');

  // What is left: ¥88.00 − ¥50.00 − ¥1.00 fee.
  await page.goBack();
  await expectPage(page, { owner: 'wallet', name: 'Wallet', title: '钱包' });
  await expect(balance(page, '可提现')).toHaveText('¥37.00');
  await expect(currentPage(page).getByRole('article', { name: '提现 -¥50.00' })).toBeVisible();
  await expect(currentPage(page).getByRole('article', { name: '提现手续费 -¥1.00' })).toBeVisible();

  // More than is left: refused under the field, at once; and with its fee, once the fee is known.
  await currentPage(page).getByRole('button', { name: '提现', exact: true }).click();
  await expectPage(page, { owner: 'wallet', name: 'WalletWithdraw', title: '提现' });
  await amountInput(page).fill('40');
  await expect(fieldError(page)).toHaveText(['超过可提现余额']);
  await amountInput(page).fill('37');
  await expect(currentPage(page).getByTestId('withdraw-fee')).toHaveText('手续费 ¥1.00，余额扣除 ¥38.00，实际到账 ¥37.00');
  await expect(fieldError(page)).toHaveText(['超过可提现余额']);
  await currentPage(page).getByRole('button', { name: '确认提现' }).click();
  await expect(page.locator('.adm-dialog')).toHaveCount(0);
  await shot(page, 'withdraw-over-balance');
  // The server refuses it too.
  await expect(
    callApi(server.url, 'wallet/withdraw', { amountFen: 3700, requestSerial: 'e2e-over-balance-1' }, managerToken),
  ).rejects.toThrow('超过可提现余额');
  // 全部提现 fills what fits with its fee.
  await currentPage(page).getByRole('button', { name: '全部提现' }).click();
  await expect(amountInput(page)).toHaveValue('36');
  await expect(fieldError(page)).toHaveCount(0);
});

test('a user without the wallet permissions is told who may use it', async ({ page, context }) => {
  const token = await server.signIn(context, '企业员工');
  await acceptAgreement(server.url, token);
  await page.goto(`${server.url}/my/wallet`);
  await expectPage(page, { owner: 'wallet', name: 'Wallet', title: '钱包' });
  await expect(currentPage(page).getByText('仅管理员或收款管理员可使用钱包')).toBeVisible();
  await shot(page, 'wallet-no-permission');
});
