/**
 * 子码 and 店铺码 (`/my/subCode/*`, `/my/shop-code`) as a company manager: add a sub-code, open its poster, whose QR
 * code (read back as a phone's scanner would) is the full short link `<origin>/t/<code>`; the link lands on the shop
 * page `/shop/<code>`; once the sub-code is disabled the same link shows 暂停收款 · 该收款码已停用. The shop code's
 * poster leads to the shop too.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { shot as screenshot } from '../support/screenshot';
import { currentPage, expectPage } from '../support/app';
import { decodeQrDataUrl } from '../support/qr';
import { as } from '../support/roles';

/** A screenshot once the toast of the last action has gone. */
async function shot(page: Page, name: string) {
  await expect(page.locator('.adm-toast-main')).toHaveCount(0);
  await screenshot(page, name);
}

const toast = (page: Page, text: string) => page.locator('.adm-toast-main', { hasText: text });
const card = (page: Page, name: string) => currentPage(page).getByRole('article', { name, exact: true });

/** Taps the sub-code's card, then an action of the sheet that opens. */
async function chooseAction(page: Page, name: string, action: string) {
  await card(page, name).getByRole('button').click();
  await page.locator('.adm-action-sheet-button-item-name', { hasText: new RegExp(`^${action}$`) }).click();
}

/** The poster's QR code, read back from its image, once drawn. */
async function posterLink(page: Page, alt: string): Promise<string | null> {
  const image = currentPage(page).getByAltText(alt);
  await expect(image).toHaveAttribute('src', /^data:image\/png;base64,/);
  return decodeQrDataUrl((await image.getAttribute('src')) as string);
}

test.use(as('企业管理员'));

test('a sub-code: add it, its poster holds the short link to the shop page, disabled it shows 暂停收款', async ({ page, baseURL }) => {
  const origin = new URL(baseURL as string).origin;
  const name = `收银台${Date.now().toString(36).slice(-5)}`;

  await page.goto('/my/subCode/');
  await expectPage(page, { owner: 'my', name: 'MySubCodes', title: '子码管理' });
  await currentPage(page).getByRole('button', { name: '新增子码' }).first().click();
  await expectPage(page, { owner: 'my', name: 'MySubCodeAdd', title: '新增子码' });
  await currentPage(page).getByPlaceholder('如：1 号收银台').fill(name);
  // An amount without goods is refused under the goods field first.
  await currentPage(page).getByPlaceholder('不固定则留空').fill('12.5');
  await currentPage(page).getByRole('button', { name: '保存' }).click();
  await expect(currentPage(page).locator('.adm-form-item-feedback-error')).toHaveText(['填写了固定金额，请选择固定商品']);
  await shot(page, '02-sub-code-form-error');
  // Fixed goods from the company's goods: with the amount typed, both are set.
  await currentPage(page).getByRole('button', { name: '不固定，点此选择' }).click();
  const picker = page.getByRole('dialog', { name: '选择固定商品' });
  // A goods row is a button named by the goods (the sheet's 取消 is one too, without a name of its own).
  const goods = picker.locator('[role="button"][aria-label]').first();
  const goodsName = (await goods.getAttribute('aria-label')) as string;
  await shot(page, '02b-goods-picker');
  await goods.click();
  await expect(picker).toBeHidden();
  await expect(currentPage(page).locator('.adm-form-item-feedback-error')).toHaveCount(0);
  await expect(currentPage(page).getByPlaceholder('不固定则留空')).toHaveValue('12.5');
  await currentPage(page).getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '保存成功').first()).toBeVisible();
  await expectPage(page, { owner: 'my', name: 'MySubCodes', title: '子码管理' });
  await expect(card(page, name)).toContainText('已启用');
  await expect(card(page, name)).toContainText(`${goodsName} · ¥12.50`);
  await shot(page, '01-sub-codes-list');
  await card(page, name).getByRole('button').click();
  await expect(page.locator('.adm-action-sheet')).toBeVisible();
  await shot(page, '01b-sub-code-actions');
  await page.locator('.adm-action-sheet-button-item-name', { hasText: /^取消$/ }).click();
  await expect(page.locator('.adm-action-sheet')).toBeHidden();

  // Its poster: the QR code is the full short link.
  await chooseAction(page, name, '二维码');
  await expectPage(page, { owner: 'my', name: 'MySubCodeQrcode', title: '子码二维码' });
  const link = await posterLink(page, `${name}收款码`);
  expect(link).toMatch(new RegExp(`^${origin.replace(/[.]/g, '\\.')}/t/[A-Za-z0-9]{4,16}$`));
  await expect(currentPage(page).getByText(link as string, { exact: true })).toBeVisible();
  await expect(currentPage(page).getByText('长按图片保存到手机')).toBeVisible();
  await expect(currentPage(page).getByText('下载图片')).toHaveAttribute('download', `子码-${name}.png`);
  await shot(page, '03-sub-code-poster');
  const code = (link as string).split('/t/')[1] as string;

  // Scanning it opens the shop page of that code.
  await page.goto(link as string);
  await expect(page).toHaveURL(`${origin}/shop/${code}`);
  await expectPage(page, { owner: 'payment', name: 'ShopCash', title: '收银台' });
  await expect(currentPage(page).getByText(name, { exact: true })).toBeVisible();
  await expect(currentPage(page).getByText(goodsName, { exact: true })).toBeVisible();
  // A fixed amount: no keypad, one button that pays exactly that (the demo provider here).
  await expect(currentPage(page).getByRole('button', { name: '演示支付 ¥12.50' })).toBeVisible();
  await shot(page, '04-shop-open');

  // Disabled, the same link shows the closed page.
  await page.goto('/my/subCode/');
  await expectPage(page, { owner: 'my', name: 'MySubCodes', title: '子码管理' });
  await chooseAction(page, name, '停用');
  await expect(toast(page, '已停用').first()).toBeVisible();
  await expect(card(page, name)).toContainText('已停用');
  await page.goto(link as string);
  await expect(page).toHaveURL(`${origin}/shop/${code}`);
  await expect(currentPage(page).getByRole('heading', { name: '暂停收款' })).toBeVisible();
  await expect(currentPage(page).getByText('该收款码已停用')).toBeVisible();
  await shot(page, '05-shop-closed');
});

test('the shop code: its poster holds the short link to the company’s shop page', async ({ page, baseURL }) => {
  const origin = new URL(baseURL as string).origin;
  await page.goto('/my/shop-code');
  await expectPage(page, { owner: 'my', name: 'MyShopCode', title: '店铺码' });
  const image = currentPage(page).locator('img.qr-poster__image');
  await expect(image).toHaveAttribute('alt', /店铺码$/);
  const alt = (await image.getAttribute('alt')) as string;
  const link = await posterLink(page, alt);
  expect(link).toMatch(new RegExp(`^${origin.replace(/[.]/g, '\\.')}/t/[A-Za-z0-9]{4,16}$`));
  await shot(page, '06-shop-code-poster');

  await page.goto(link as string);
  await expect(page).toHaveURL(new RegExp(`^${origin.replace(/[.]/g, '\\.')}/shop/[A-Za-z0-9]+$`));
  await expectPage(page, { owner: 'payment', name: 'ShopCash', title: '收银台' });
  await expect(currentPage(page).getByRole('heading', { name: alt.replace(/店铺码$/, '') })).toBeVisible();
});
