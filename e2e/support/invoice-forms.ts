/**
 * The invoice remote's forms as the browser tests drive them: the blue-invoice form (its fields by label, the title
 * and goods pickers, the totals, the task reaching 开具成功) and the red-invoice form (its choices, 提交红冲 confirmed
 * until the red invoice is issued).
 */
import type { Locator, Page } from '@playwright/test';
import { currentPage, expectPage } from './app';
import { expect, test } from './test';

/** The form item whose label starts with `label` (the n-th one: lines repeat their fields). */
export function field(page: Page, label: string, index = 0): Locator {
  return page
    .locator('.adm-form-item')
    .filter({ has: page.locator('.adm-form-item-label', { hasText: new RegExp(`^${label}`) }) })
    .nth(index);
}

export const input = (page: Page, label: string, index = 0) => field(page, label, index).locator('input, textarea').first();
export const totalRow = (page: Page, label: string) => page.locator('.blue-totals').filter({ hasText: label });

export async function pickTitle(page: Page, name: string) {
  await page.getByText('从我的抬头中选择').click();
  await page
    .getByRole('dialog', { name: '选择抬头' })
    .getByRole('button', { name: new RegExp(name) })
    .click();
  await expect(page.getByRole('dialog', { name: '选择抬头' })).toHaveCount(0);
}

/** Picks goods for the first line that has none yet (with a screenshot of the open sheet when named). */
export async function pickGoods(page: Page, name: string, screenshot?: string) {
  await page.getByText('选择开票商品').first().click();
  const goods = page.getByRole('dialog', { name: '选择商品' }).getByRole('button', { name: new RegExp(`^${name}`) });
  if (screenshot) {
    await expect(goods).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`${screenshot}.png`), scale: 'css' });
  }
  await goods.click();
  await expect(page.getByRole('dialog', { name: '选择商品' })).toHaveCount(0);
}

/** On the task's detail page once the invoice is issued: its 20-digit number. */
export async function expectIssued(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/invoice\/task\/detail\?id=/);
  await expect(page.getByText('开具成功')).toBeVisible({ timeout: 20_000 });
  const numberText = await page.getByText(/^发票号码 \d{20}$/).textContent();
  return (numberText ?? '').replace('发票号码 ', '');
}

/** A choice of the red-invoice form's 红冲原因 or 红冲方式. */
export const choice = (page: Page, group: string, label: string) =>
  currentPage(page).getByLabel(group).locator('.adm-selector-item', { hasText: label });

/** 提交红冲, confirmed for `amount`, then the task reaching 开具成功. */
export async function submitRed(page: Page, amount: string) {
  await currentPage(page).getByRole('button', { name: '提交红冲' }).click();
  const dialog = page.locator('.adm-dialog');
  await expect(dialog).toContainText(`本次红冲 ${amount}，确认提交？`);
  await dialog.getByRole('button', { name: '提交' }).click();
  await expectPage(page, { owner: 'invoice', name: 'InvoiceTaskDetail', title: '任务详情' });
  await expect(currentPage(page).getByText('开具成功')).toBeVisible({ timeout: 30_000 });
}
