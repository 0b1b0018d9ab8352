/**
 * 联系客服 (`/my/contactUs`) against the real server: the hotlines are `tel:` links with their hours, one service
 * contact shows with its QR image; with `?auto=workWechat` (where the 2003 dialog leads) the app opens the contact's
 * WeChat Work page at once (intercepted: no network leaves the machine).
 */
import { expect, test } from '../support/test';
import { shot } from '../support/screenshot';
import { currentPage, expectPage } from '../support/app';
import { as } from '../support/roles';

const CONTACT_URL = /^https:\/\/work\.weixin\.qq\.com\/kfid\/kfcYST000[12]$/;
test.use(as('企业管理员'));

test('hotlines are tel: links, and one service contact shows with its QR image', async ({ page }) => {
  await page.goto('/my/contactUs');
  await expectPage(page, { owner: 'my', name: 'MyContactUs', title: '联系客服' });
  const hotlines = currentPage(page).getByRole('region', { name: '客服热线' });
  await expect(hotlines.getByRole('link', { name: '拨打客服热线 400-800-1234' })).toHaveAttribute('href', 'tel:4008001234');
  await expect(hotlines.getByRole('link', { name: '拨打开票技术支持 0571-88881234' })).toHaveAttribute('href', 'tel:057188881234');
  await expect(hotlines).toContainText('服务时间：工作日 9:00-18:00');
  const contact = currentPage(page).getByRole('region', { name: '企业微信客服' });
  await expect(contact.getByRole('img', { name: /^优税通客服小[优通]的企业微信二维码$/ })).toBeVisible();
  await expect(contact).toContainText(/企业微信号：youshuitong-kf0[12]/);
  await expect(contact.getByRole('button', { name: '添加企业微信客服' })).toBeVisible();
  await shot(page, 'contact-us');
});

test('?auto=workWechat opens the contact at once', async ({ page }) => {
  const opened: string[] = [];
  await page.route('https://work.weixin.qq.com/**', async (route) => {
    opened.push(route.request().url());
    await route.fulfill({ contentType: 'text/html; charset=utf-8', body: '<!doctype html><title>企业微信</title><p>添加客服</p>' });
  });
  await page.goto('/my/contactUs?auto=workWechat');
  await page.waitForURL(CONTACT_URL);
  expect(opened).toHaveLength(1);
  expect(opened[0]).toMatch(CONTACT_URL);
});
