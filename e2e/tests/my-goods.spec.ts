/**
 * 商品管理 (`/my/companyGoods`, `/my/companyGoods/add`) against the real server: a manager adds goods through the tax
 * classification picker (search 咨询, pick 咨询服务: 编码 and 简称 fill in), the list shows `*咨询服务*名称`; the goods
 * are then picked on `/invoice/create` and the issued invoice prints that item name; deleting them afterwards archives
 * them (an invoice names them). An employee sees the list read-only. On a server of its own: the tax bureau is made
 * ready for the company, which other specs switch meanwhile.
 */
import { expect, test } from '../support/test';
import { shot } from '../support/screenshot';
import type { Locator, Page } from '@playwright/test';
import { currentPage, expectPage } from '../support/app';
import { startIsolatedServer, type IsolatedServer } from '../support/isolated-server';
import { acceptAgreement, callApi, demoSignIn } from '../support/sign-in';

test.describe.configure({ mode: 'serial' });

const MERCHANT = '企业管理员';
const EMPLOYEE = '企业员工';
const CONSULTING_CODE = '3040602000000000000';
const BUYER_TAX_NUMBER = '91110108MA01C2QK3D';

let server: IsolatedServer;
let merchantToken: string;
/** Unique per run: a repeat runs against what an earlier attempt left. */
const suffix = Date.now().toString(36).slice(-5);
const GOODS_NAME = `年度财税顾问${suffix}`;
const BUYER_NAME = `北京商品测试${suffix}科技有限公司`;

const asMerchant = <T>(path: string, body: unknown) => callApi<T>(server.url, path, body, merchantToken);
const toast = (page: Page, text: string) => page.locator('.adm-toast-main', { hasText: text });

/** The form item whose label starts with `label` (the n-th one). */
function field(page: Page, label: string, index = 0): Locator {
  return currentPage(page)
    .locator('.adm-form-item')
    .filter({ has: page.locator('.adm-form-item-label', { hasText: new RegExp(`^${label}`) }) })
    .nth(index);
}
const input = (page: Page, label: string, index = 0) => field(page, label, index).locator('input, textarea').first();

test.beforeAll(async () => {
  server = await startIsolatedServer();
  merchantToken = await demoSignIn(server.url, MERCHANT);
  await acceptAgreement(server.url, merchantToken);
  await server.hook('tax-account', { label: MERCHANT, loggedIn: true, faceToday: true });
});
test.afterAll(async () => server?.stop());

test('a manager adds goods through the classification picker, issues an invoice with them, then deleting archives them', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await server.signIn(context, MERCHANT);
  await page.goto(`${server.url}/my/companyGoods`);
  await expectPage(page, { owner: 'my', name: 'MyCompanyGoods', title: '商品管理' });
  await expect(currentPage(page).getByRole('article').first()).toBeVisible();
  await shot(page, 'goods-list');

  // 新增商品: the form validates before anything is sent.
  await currentPage(page).getByRole('button', { name: '新增商品' }).click();
  await expectPage(page, { owner: 'my', name: 'MyCompanyGoodsAdd', title: '新增商品' });
  await shot(page, 'goods-add-empty');
  await currentPage(page).getByRole('button', { name: '保存' }).click();
  await expect(field(page, '商品名称')).toContainText('请填写商品名称');
  await expect(field(page, '税收分类')).toContainText('请选择税收分类编码');
  await expect(field(page, '税率')).toContainText('请选择税率');
  await input(page, '含税单价').fill('12.345');
  await expect(field(page, '含税单价')).toContainText('请填写正确的金额，最多两位小数');
  await shot(page, 'goods-add-errors');

  await input(page, '商品名称').fill(GOODS_NAME);
  // The classification picker: search 咨询, pick 咨询服务.
  await field(page, '税收分类').click();
  const picker = page.getByRole('dialog', { name: '选择税收分类' });
  await expect(picker).toBeVisible();
  await picker.getByPlaceholder('搜索名称或简称，如 餐饮、咨询').fill('咨询');
  const row = picker.getByRole('button', { name: '咨询服务 咨询服务' });
  await expect(row).toContainText(CONSULTING_CODE);
  await shot(page, 'goods-add-picker');
  await row.click();
  await expect(picker).toHaveCount(0);
  await expect(field(page, '分类编码')).toContainText(CONSULTING_CODE);
  await expect(field(page, '分类简称')).toContainText('咨询服务');
  await input(page, '单位').fill('次');
  await input(page, '含税单价').fill('500');
  await field(page, '税率').getByText('6%', { exact: true }).click();
  await expect(currentPage(page).locator('.adm-form-item-feedback-error')).toHaveCount(0);
  await shot(page, 'goods-add-filled');
  await currentPage(page).getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '保存成功').first()).toBeVisible();

  // Back on the list, which shows the new goods as the invoice will print them.
  await expectPage(page, { owner: 'my', name: 'MyCompanyGoods', title: '商品管理' });
  const card = currentPage(page).getByRole('article', { name: GOODS_NAME, exact: true });
  await expect(card).toContainText(`*咨询服务*${GOODS_NAME}`);
  await expect(card).toContainText('¥500.00');
  await expect(card).toContainText('6%');
  await expect(card).toContainText('单位 次');
  await shot(page, 'goods-list-added');

  // A blue invoice with them on /invoice/create (the tax bureau is ready).
  await page.goto(`${server.url}/invoice/create`);
  await expect(page.locator('.adm-nav-bar-title')).toHaveText('开具发票');
  const create = (label: string) =>
    page
      .locator('.adm-form-item')
      .filter({ has: page.locator('.adm-form-item-label', { hasText: new RegExp(`^${label}`) }) })
      .first();
  await create('名称').locator('input').fill(BUYER_NAME);
  await create('税号').locator('input').fill(BUYER_TAX_NUMBER);
  await page.getByText('选择开票商品').first().click();
  const goodsPicker = page.getByRole('dialog', { name: '选择商品' });
  await goodsPicker.getByPlaceholder('搜索商品名称或税收分类').fill(GOODS_NAME);
  await goodsPicker.getByRole('button', { name: new RegExp(`^${GOODS_NAME}`) }).click();
  await expect(goodsPicker).toHaveCount(0);
  await create('数量').locator('input').fill('2');
  await expect(create('含税金额').locator('input')).toHaveValue('1000.00');
  await expect(create('税率')).toContainText('6%');
  await page.getByRole('button', { name: '开具发票' }).click();
  await expect(page).toHaveURL(/\/invoice\/task\/detail\?id=/);
  await expect(page.getByText('开具成功')).toBeVisible({ timeout: 30_000 });

  // The invoice prints the goods' *简称*名称 with their code.
  const taskId = new URL(page.url()).searchParams.get('id') ?? '';
  const task = await asMerchant<{ invoiceId: string }>('task/getTaskDetail', { id: taskId });
  const invoice = await asMerchant<{ lines: { itemName: string; taxCode: string; ratePermille: number | null }[] }>('invoice/get', {
    id: task.invoiceId,
  });
  expect(invoice.lines).toEqual([
    expect.objectContaining({ itemName: `*咨询服务*${GOODS_NAME}`, taxCode: CONSULTING_CODE, ratePermille: 60 }),
  ]);
  await page.goto(`${server.url}/invoice/list`);
  await page.getByRole('button', { name: new RegExp(`^${BUYER_NAME} `) }).click();
  const sheet = page.getByRole('dialog', { name: '发票详情' });
  await expect(sheet.getByText(`*咨询服务*${GOODS_NAME}`)).toBeVisible();
  await shot(page, 'invoice-with-goods');

  // Deleting goods an invoice names archives them: they leave the list.
  await page.goto(`${server.url}/my/companyGoods`);
  await expectPage(page, { owner: 'my', name: 'MyCompanyGoods', title: '商品管理' });
  const added = currentPage(page).getByRole('article', { name: GOODS_NAME, exact: true });
  await added.getByRole('button', { name: '删除' }).click();
  await expect(page.locator('.adm-dialog')).toContainText(`确定删除“${GOODS_NAME}”吗？`);
  await shot(page, 'goods-delete-confirm');
  await page.locator('.adm-dialog').getByRole('button', { name: '删除' }).click();
  await expect(toast(page, '商品已被发票使用，已归档').first()).toBeVisible();
  await expect(added).toHaveCount(0);
});

test('an employee sees the goods read-only', async ({ page, context }) => {
  const token = await server.signIn(context, EMPLOYEE);
  await acceptAgreement(server.url, token);
  await page.goto(`${server.url}/my/companyGoods`);
  await expectPage(page, { owner: 'my', name: 'MyCompanyGoods', title: '商品管理' });
  await expect(currentPage(page).getByRole('article').first()).toBeVisible();
  await expect(currentPage(page).getByRole('button', { name: '新增商品' })).toHaveCount(0);
  await expect(currentPage(page).getByRole('article').first().getByRole('button')).toHaveCount(0);
  await shot(page, 'goods-list-employee');
});
