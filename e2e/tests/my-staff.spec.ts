/**
 * 员工管理 (`/my/companyUsers`, `/my/companyUsers/add`) against the real server: the 企业管理员 invites the 普通用户 by
 * phone as 员工 (the phone is checked under the field first); the list shows them as 待接受 with their role; the 普通用户
 * signs in, finds the invitation in 我的 → 我的企业, accepts it and lands on the company's home page. The manager then
 * removes them and is told the bind code went with it. On a server of its own: it changes the demo users.
 */
import { expect, test } from '../support/test';
import { shot } from '../support/screenshot';
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
  await expect(toast(page, `已邀请${PERSON_NAME}，对方接受后加入本企业`).first()).toBeVisible();

  await expectPage(page, { owner: 'my', name: 'MyCompanyUsers', title: '员工管理' });
  const invited = currentPage(page).getByRole('article', { name: PERSON_NAME, exact: true });
  await expect(invited).toContainText('员工');
  await expect(invited).toContainText('待接受');
  await expect(invited).toContainText('138****0001');
  await shot(page, 'staff-list-invited');

  // The 普通用户 signs in (a phone of their own), is in no company yet, and finds the invitation in 我的.
  const personContext = await browser.newContext({ ...wechatPhone });
  try {
    const personToken = await server.signIn(personContext, PERSON);
    await acceptAgreement(server.url, personToken);
    const person = await personContext.newPage();
    await person.goto(`${server.url}/my`);
    await expect(person.locator('.app-layout__page:visible')).toContainText('未绑定企业');
    await expect(person.locator('.app-layout__page:visible')).toContainText('1 个邀请待处理');
    await shot(person, 'staff-person-my-invited');
    await currentPage(person).getByText('我的企业').click();
    await expectPage(person, { owner: 'my', name: 'MyCompanies', title: '我的企业' });
    const invitation = currentPage(person).getByRole('region', { name: '企业邀请' }).getByRole('article', { name: COMPANY_NAME });
    await expect(invitation).toContainText('邀请您以员工身份加入');
    await shot(person, 'staff-person-invitation');
    await invitation.getByRole('button', { name: '加入' }).click();
    await expect(toast(person, `已加入${COMPANY_NAME}`).first()).toBeVisible();
    await expect(person.getByRole('region', { name: '当前企业' })).toContainText(COMPANY_NAME);
    await shot(person, 'staff-person-home');
    await person.goto(`${server.url}/my`);
    await expect(person.locator('.app-layout__page:visible')).toContainText(`${COMPANY_NAME} · 员工`);
    await shot(person, 'staff-person-my');
  } finally {
    await personContext.close();
  }

  // The manager's list shows them as a member now; removing them says the bind code went with them.
  await page.reload();
  await expectPage(page, { owner: 'my', name: 'MyCompanyUsers', title: '员工管理' });
  const member = currentPage(page).getByRole('article', { name: PERSON_NAME, exact: true });
  await expect(member).not.toContainText('待接受');
  await member.getByRole('button', { name: `移除 ${PERSON_NAME}` }).click();
  await expect(page.locator('.adm-dialog-body')).toContainText('本企业当前的绑定码将同时作废');
  await page.locator('.adm-dialog').getByRole('button', { name: '移除' }).click();
  await expect(toast(page, '已移除').first()).toBeVisible();
  await expect(currentPage(page).getByRole('article', { name: PERSON_NAME, exact: true })).toHaveCount(0);
});
