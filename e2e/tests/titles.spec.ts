/**
 * 发票抬头 (`/titles/list`, `/titles/create`), as a company manager and as an ordinary user: create a 企业 title (a
 * wrong tax number is refused under the field first), edit it, add a second and make it the default (the 默认 tag
 * moves), delete one after confirming; the list shows what the server stores.
 */
import { expect, test } from '../support/test';
import type { Page } from '@playwright/test';
import { currentPage, expectPage } from '../support/app';
import { as } from '../support/roles';
import { callApi, type DemoUser } from '../support/sign-in';

interface StoredTitle {
  name: string;
  kind: string;
  taxNumber: string;
  isDefault: boolean;
}

const WRONG_CHECK = '91110000802100433C';
const TAX_NUMBER = '91110000802100433B';
const SECOND_TAX_NUMBER = '91440300708461136T';

const card = (page: Page, name: string) => currentPage(page).getByRole('article', { name, exact: true });
const cards = (page: Page) => currentPage(page).getByRole('article');
/** The toast with this text (an earlier one may still be fading out). */
const toast = (page: Page, text: string) => page.locator('.adm-toast-main', { hasText: text });
const fieldError = (page: Page) => currentPage(page).locator('.adm-form-item-feedback-error');

async function storedTitles(page: Page, baseURL: string): Promise<StoredTitle[]> {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('token') ?? 'null') as string);
  return (await callApi<{ list: StoredTitle[] }>(baseURL, 'title/list', { pageSize: 100 }, token)).list;
}

/** The list on screen matches the server: the same names in the same order, the 默认 tag on the stored default. */
async function expectListMatchesServer(page: Page, baseURL: string) {
  const stored = await storedTitles(page, baseURL);
  await expect(cards(page)).toHaveCount(stored.length);
  expect(await cards(page).evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label')))).toEqual(
    stored.map((title) => title.name),
  );
  for (const title of stored) {
    await expect(card(page, title.name).getByText('默认', { exact: true })).toHaveCount(title.isDefault ? 1 : 0);
    if (title.taxNumber) await expect(card(page, title.name)).toContainText(title.taxNumber);
  }
}

async function save(page: Page) {
  await currentPage(page).getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '保存成功').first()).toBeVisible();
  await expectPage(page, { owner: 'invoice', name: 'TitlesList', title: '发票抬头' });
}

for (const label of ['企业管理员', '普通用户'] as const satisfies readonly DemoUser[]) {
  test.describe(`as ${label}`, () => {
    test.use(as(label));

    test('create, edit, set the default and delete titles', async ({ page, baseURL }) => {
      // Unique per attempt: a retry or a repeat runs against the titles the previous attempt left.
      const suffix = `${label === '企业管理员' ? '甲' : '乙'}${Date.now().toString(36).slice(-5)}`;
      const first = `测试抬头${suffix}有限公司`;
      const renamed = `测试抬头${suffix}（更名）有限公司`;
      const second = `第二抬头${suffix}有限公司`;

      await page.goto('/titles/list');
      await expectPage(page, { owner: 'invoice', name: 'TitlesList', title: '发票抬头' });
      await expect(cards(page).first()).toBeVisible();
      await expectListMatchesServer(page, baseURL as string);

      // Create: the wrong tax number shows its message under the field first.
      await page.getByRole('button', { name: '新增抬头' }).click();
      await expectPage(page, { owner: 'invoice', name: 'TitlesCreate', title: '新增抬头' });
      await currentPage(page).getByPlaceholder('营业执照上的全称').fill(first);
      await currentPage(page).getByPlaceholder('纳税人识别号').fill(WRONG_CHECK.toLowerCase());
      await expect(fieldError(page)).toHaveText(['纳税人识别号校验位不正确，请核对']);
      await expect(currentPage(page).getByPlaceholder('纳税人识别号')).toHaveValue(WRONG_CHECK);
      await currentPage(page).getByRole('button', { name: '保存' }).click();
      await expect(fieldError(page)).toHaveText(['纳税人识别号校验位不正确，请核对']);
      await expect(toast(page, '保存成功')).toHaveCount(0);
      await currentPage(page).getByPlaceholder('纳税人识别号').fill(TAX_NUMBER);
      await expect(fieldError(page)).toHaveCount(0);
      await currentPage(page).getByPlaceholder('手机号或座机号').fill('0571-88886666');
      await save(page);
      await expect(card(page, first)).toContainText(TAX_NUMBER);
      await expect(card(page, first).getByText('企业', { exact: true })).toBeVisible();
      await expectListMatchesServer(page, baseURL as string);

      // Edit: the form starts from the stored title.
      await card(page, first).getByRole('button', { name: '编辑' }).click();
      await expectPage(page, { owner: 'invoice', name: 'TitlesCreate', title: '编辑抬头' });
      const name = currentPage(page).getByPlaceholder('营业执照上的全称');
      await expect(name).toHaveValue(first);
      await expect(currentPage(page).getByPlaceholder('纳税人识别号')).toHaveValue(TAX_NUMBER);
      await name.fill(renamed);
      await save(page);
      await expect(card(page, renamed)).toBeVisible();
      await expect(card(page, first)).toHaveCount(0);
      await expectListMatchesServer(page, baseURL as string);

      // A second title, then make it the default: the 默认 tag moves to it.
      await page.getByRole('button', { name: '新增抬头' }).click();
      await expectPage(page, { owner: 'invoice', name: 'TitlesCreate', title: '新增抬头' });
      // The form starts empty again (the page stays alive in the page cache).
      await expect(currentPage(page).getByPlaceholder('营业执照上的全称')).toHaveValue('');
      await currentPage(page).getByPlaceholder('营业执照上的全称').fill(second);
      await currentPage(page).getByPlaceholder('纳税人识别号').fill(SECOND_TAX_NUMBER);
      await save(page);
      await expect(card(page, second)).toBeVisible();
      const formerDefault = (await storedTitles(page, baseURL as string)).find((title) => title.isDefault)?.name;
      expect(formerDefault).toBeTruthy();
      await card(page, second).getByText('设为默认').click();
      await expect(toast(page, '已设为默认抬头')).toBeVisible();
      await expect(card(page, second).getByText('默认', { exact: true })).toBeVisible();
      await expect(card(page, formerDefault!).getByText('默认', { exact: true })).toHaveCount(0);
      // The default is listed first.
      await expect(cards(page).first()).toHaveAttribute('aria-label', second);
      await expectListMatchesServer(page, baseURL as string);

      // Delete with a confirmation: 取消 keeps it, 删除 removes it.
      await card(page, renamed).getByRole('button', { name: '删除' }).click();
      const dialog = page.locator('.adm-dialog-body');
      await expect(dialog).toContainText(`确定删除“${renamed}”吗？`);
      await dialog.getByRole('button', { name: '取消' }).click();
      await expect(card(page, renamed)).toBeVisible();
      await card(page, renamed).getByRole('button', { name: '删除' }).click();
      await dialog.getByRole('button', { name: '删除' }).click();
      await expect(toast(page, '已删除')).toBeVisible();
      await expect(card(page, renamed)).toHaveCount(0);
      await expectListMatchesServer(page, baseURL as string);
      expect((await storedTitles(page, baseURL as string)).map((title) => title.name)).not.toContain(renamed);
    });
  });
}
