/**
 * 员工管理 (`/my/companyUsers`, `/my/companyUsers/add`) against the real server: the 企业管理员 adds the 普通用户 by
 * phone as 员工 (the phone is checked under the field first); the list shows them with their role; the 普通用户 then
 * signs in and finds the company on the home page and in 我的. On a server of its own: it changes the demo users.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '../support/test';
import type { Locator, Page } from '@playwright/test';
import { currentPage, expectPage } from '../support/app';
import { wechatPhone } from '../support/browser';
import { startIsolatedServer, type IsolatedServer } from '../support/isolated-server';
import { acceptAgreement } from '../support/sign-in';

test.describe.configure({ mode: 'serial' });

const MANAGER = '企业管理员';
const PERSON = '普通用户';
/** The seed gives the demo users phones 13800000001… in their order: 普通用户 first. */
const PERSON_PHONE = '13800000001';
const PERSON_NAME = '张晓';
const COMPANY_NAME = '杭州优税通科技有限公司';

let server: IsolatedServer;

const toast = (page: Page, text: string) => page.locator('.adm-toast-main', { hasText: text });

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
  if (process.env.SHOTS_DIR) {
    await mkdir(process.env.SHOTS_DIR, { recursive: true });
    await page.screenshot({ path: join(process.env.SHOTS_DIR, `${name}.png`) });
  }
}

function field(page: Page, label: string): Locator {
  return currentPage(page)
    .locator('.adm-form-item')
    .filter({ has: page.locator('.adm-form-item-label', { hasText: new RegExp(`^${label}`) }) })
    .first();
}

test.beforeAll(async () => {
  server = await startIsolatedServer();
});
test.afterAll(async () => server?.stop());

test('the manager adds the 普通用户 by phone as 员工, who then signs in and sees the company', async ({ page, context, browser }) => {
  test.setTimeout(120_000);
  const managerToken = await server.signIn(context, MANAGER);
  await acceptAgreement(server.url, managerToken);

  await page.goto(`${server.url}/my/companyUsers`);
  await expectPage(page, { owner: 'my', name: 'MyCompanyUsers', title: '员工管理' });
  const self = currentPage(page).getByRole('article', { name: '李明', exact: true });
  await expect(self).toContainText('我');
  await expect(self).toContainText('管理员');
  await expect(self.getByRole('button')).toHaveCount(0);
  await expect(currentPage(page).getByRole('article', { name: PERSON_NAME, exact: true })).toHaveCount(0);
  await shot(page, 'staff-list');

  await currentPage(page).getByRole('button', { name: '添加员工' }).click();
  await expectPage(page, { owner: 'my', name: 'MyCompanyUsersAdd', title: '添加员工' });
  await field(page, '手机号').locator('input').fill('1380000');
  await currentPage(page).getByRole('button', { name: '添加', exact: true }).click();
  await expect(field(page, '手机号')).toContainText('请填写 11 位手机号');
  await expect(field(page, '姓名')).toContainText('请填写姓名');
  await shot(page, 'staff-add-errors');
  await field(page, '手机号').locator('input').fill(PERSON_PHONE);
  await field(page, '姓名').locator('input').fill(PERSON_NAME);
  await expect(currentPage(page).locator('.adm-selector-item-active')).toContainText('员工');
  await expect(currentPage(page).locator('.adm-form-item-feedback-error')).toHaveCount(0);
  await shot(page, 'staff-add-filled');
  await currentPage(page).getByRole('button', { name: '添加', exact: true }).click();
  await expect(toast(page, '已添加').first()).toBeVisible();

  await expectPage(page, { owner: 'my', name: 'MyCompanyUsers', title: '员工管理' });
  const added = currentPage(page).getByRole('article', { name: PERSON_NAME, exact: true });
  await expect(added).toContainText('员工');
  await expect(added).toContainText('138****0001');
  await expect(added.getByRole('button', { name: `移除 ${PERSON_NAME}` })).toBeVisible();
  await shot(page, 'staff-list-added');

  // The 普通用户 signs in (a phone of their own) and finds the company.
  const personContext = await browser.newContext({ ...wechatPhone });
  try {
    const personToken = await server.signIn(personContext, PERSON);
    await acceptAgreement(server.url, personToken);
    const person = await personContext.newPage();
    await person.goto(`${server.url}/`);
    await expect(person.getByRole('region', { name: '当前企业' })).toContainText(COMPANY_NAME);
    await shot(person, 'staff-person-home');
    await person.goto(`${server.url}/my`);
    await expect(person.locator('.app-layout__page:visible')).toContainText(`${COMPANY_NAME} · 员工`);
    await shot(person, 'staff-person-my');
  } finally {
    await personContext.close();
  }
});
