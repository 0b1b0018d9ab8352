/**
 * 注销账号 and 个人信息副本 in the browser, in WeChat (the tests' default browser), on a server of its own: 企业员工
 * goes 我的 → 设置, gets the copy of their data (no download in WeChat: the short-lived link, opened here without the
 * session as the system browser would, holds their profile and company), then 注销账号: the page says what will
 * happen, the SMS code from the simulator confirms, and the device lands on the sign-in page; the old token is refused.
 */
import { expect, test } from '../support/test';
import { currentPage, expectPage } from '../support/app';
import { settled, wrappedButtons } from '../support/layout-check';
import { shot } from '../support/screenshot';
import { startIsolatedServer, type IsolatedServer } from '../support/isolated-server';
import { acceptAgreement } from '../support/sign-in';
import { until } from '../support/wait';

test.describe.configure({ mode: 'serial' });

const EMPLOYEE_PHONE = '13800000003';

let server: IsolatedServer;

test.beforeAll(async () => {
  server = await startIsolatedServer();
});
test.afterAll(async () => server?.stop());

test('a person gets the copy of their data, then deletes their account with the SMS code', async ({ page, context, request }) => {
  test.setTimeout(120_000);
  const token = await server.signIn(context, '企业员工');
  await acceptAgreement(server.url, token);
  await page.goto(`${server.url}/my`);
  await expectPage(page, { owner: 'my', title: '我的' });
  const nickname = (await currentPage(page).locator('.my-page__nickname').textContent()) ?? '';
  expect(nickname).not.toBe('');
  await currentPage(page).getByText('设置', { exact: true }).click();
  await expectPage(page, { owner: 'my', title: '设置' });

  await currentPage(page).getByText('获取个人信息副本').click();
  const sheet = page.getByRole('dialog', { name: '获取个人信息副本' });
  await sheet.getByRole('button', { name: '生成副本' }).click();
  const link = sheet.getByRole('textbox', { name: '下载链接' });
  await expect(link).toHaveValue(new RegExp(`^${server.url}/files/exports/`));
  await settled(page);
  expect(await wrappedButtons(page)).toEqual([]);
  await shot(page, 'data-copy-wechat');
  await expect(sheet.getByRole('link', { name: '下载文件' })).toHaveCount(0);
  const file = await request.get(await link.inputValue());
  expect(file.status()).toBe(200);
  const copy = (await file.json()) as { profile: Record<string, unknown>; 企业与角色: { 企业名称: string }[] };
  expect(copy.profile).toMatchObject({ 昵称: nickname, 手机号: EMPLOYEE_PHONE });
  expect(copy.企业与角色.length).toBeGreaterThan(0);
  await sheet.getByRole('button', { name: '取消' }).click();

  await currentPage(page)
    .getByText(/^注销账号/)
    .click();
  await expectPage(page, { owner: 'my', title: '注销账号' });
  const deletion = currentPage(page);
  await expect(deletion.getByRole('region', { name: '将立即删除或匿名化' })).toContainText('发票抬头');
  await expect(deletion.getByRole('region', { name: '企业依法保留' })).toContainText('已注销用户');
  await expect(deletion.getByRole('region', { name: '您的企业' })).toContainText('您将退出该企业');
  await deletion.getByRole('button', { name: '获取验证码' }).click();
  await expect(deletion.getByText('验证码已发送至 138****0003')).toBeVisible();
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 780 });
    await settled(page);
    expect(await wrappedButtons(page)).toEqual([]);
    await shot(page, `account-deletion-${width}`);
  }
  const code = await until('the deletion code in the simulator’s inbox', async () => {
    const answer = await fetch(`${server.url}/etax-sim/api/latest-sms?phone=${EMPLOYEE_PHONE}`);
    return answer.ok ? ((await answer.json()) as { code: string }).code : null;
  });
  await deletion.getByRole('textbox', { name: '短信验证码' }).fill(code);
  await deletion.getByRole('button', { name: '注销账号' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '注销', exact: true }).click();
  await expect(page).toHaveURL(/\/login/);

  const refused = await fetch(`${server.url}/api/user/getOfficialAccountLoginUserInfo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: '{}',
  });
  expect(((await refused.json()) as { errorCode: number }).errorCode).toBe(1001);
});
