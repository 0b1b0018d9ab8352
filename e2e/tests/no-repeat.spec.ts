/** docs/product.md, "Constants": a no-repeat call with the same data within 2 s is refused on the client with 请勿重复提交. */
import { expect, test } from '../support/test';
import { testHook } from '../support/isolated-server';
import { as } from '../support/roles';

test.use(as('出租车管理员'));

test('tapping 保存 again right after a failure does not send the same request twice', async ({ page, baseURL }) => {
  await testHook(baseURL as string, 'force-failure', {
    path: 'taxAccount/setTaxAccount',
    errorCode: 5000,
    message: '电子税务局账号校验失败',
  });
  const sent: string[] = [];
  page.on('request', (request) => request.url().endsWith('/api/taxAccount/setTaxAccount') && sent.push(request.postData() ?? ''));

  // The page's clock stands still (its timers run), so the second tap is inside the 2-second window however slow the
  // machine; it is then moved past the window instead of waiting it out.
  const start = Date.now();
  await page.clock.setFixedTime(start);
  await page.goto('/my/taxAccount/set');
  await expect(page.locator('.adm-nav-bar-title')).toHaveText('设置税务账号');
  await page.getByPlaceholder('税务局登记的姓名').fill('赵强');
  await page.getByPlaceholder('接收验证码的手机号').fill('13900002222');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.locator('.adm-toast-main')).toHaveText('电子税务局账号校验失败');

  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.locator('.adm-toast-main').filter({ hasText: '请勿重复提交' })).toBeVisible();
  expect(sent).toHaveLength(1);

  // After the window the same data goes out again (and now succeeds).
  await page.clock.setFixedTime(start + 2100);
  await page.getByRole('button', { name: '保存' }).click();
  // The 请勿重复提交 toast may still be fading out beside it.
  await expect(page.locator('.adm-toast-main').filter({ hasText: '保存成功' })).toBeVisible();
  await expect(page.locator('.adm-nav-bar-title:visible')).toHaveText('税务账号');
  expect(sent).toHaveLength(2);
});

test('the form says what is wrong under each field as the user types', async ({ page }) => {
  await page.goto('/my/taxAccount/set');
  await page.getByPlaceholder('接收验证码的手机号').fill('1234');
  await page.getByPlaceholder('接收验证码的手机号').blur();
  await expect(page.getByText('请填写 11 位手机号')).toBeVisible();
  await page.getByPlaceholder('选填，18 位身份证号').fill('12345');
  await expect(page.getByText('请填写 18 位身份证号')).toBeVisible();
});
