import { afterEach, beforeEach, describe, expect, rs, test } from '@rstest/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fail, ok, renderPage, type Route } from '@app/host-sdk/testing';
import MyContactUsPage from './MyContactUsPage';

const HOTLINES = [
  { id: 1, name: '客服热线', phone: '400-820-8820', serviceHours: '工作日 9:00-18:00' },
  { id: 2, name: '开票咨询', phone: '021-6888 0000', serviceHours: '每天 8:00-20:00' },
];
const CONTACT = {
  id: 7,
  name: '小优',
  wechatId: 'youshui-kf',
  contactUrl: 'https://work.weixin.qq.com/kfid/kfc123',
  qrImage: 'data:image/png;base64,iVBORw0KGgo=',
};

function open(url = '/my/contactUs', calls: Record<string, Route> = {}) {
  return renderPage(<MyContactUsPage />, {
    url,
    calls: { 'serviceHotline/getAll': ok(HOTLINES), 'serviceWechat/randomlyGetOne': ok(CONTACT), ...calls },
  });
}

let assigned: string[];
beforeEach(() => {
  assigned = [];
  rs.spyOn(window.location, 'assign').mockImplementation((url: string | URL) => void assigned.push(String(url)));
});
afterEach(() => {
  cleanup();
  rs.restoreAllMocks();
});

describe('MyContactUsPage', () => {
  test('hotlines are tel: links with their service hours', async () => {
    open();
    expect(document.title).toBe('联系客服');
    const hotlines = screen.getByRole('region', { name: '客服热线' });
    const first = await within(hotlines).findByRole('link', { name: '拨打客服热线 400-820-8820' });
    expect(first.getAttribute('href')).toBe('tel:4008208820');
    expect(within(hotlines).getByRole('link', { name: '拨打开票咨询 021-6888 0000' }).getAttribute('href')).toBe('tel:02168880000');
    expect(within(hotlines).getByText('服务时间：工作日 9:00-18:00')).toBeTruthy();
  });

  test('the service contact: its QR image and name; 添加企业微信客服 opens its page', async () => {
    open();
    const card = screen.getByRole('region', { name: '企业微信客服' });
    const image = (await within(card).findByRole('img', { name: '小优的企业微信二维码' })) as HTMLImageElement;
    expect(image.getAttribute('src')).toBe(CONTACT.qrImage);
    expect(within(card).getByText('企业微信号：youshui-kf')).toBeTruthy();
    expect(assigned).toEqual([]);
    fireEvent.click(within(card).getByRole('button', { name: '添加企业微信客服' }));
    expect(assigned).toEqual([CONTACT.contactUrl]);
  });

  test('with ?auto=workWechat the contact opens at once, once', async () => {
    open('/my/contactUs?auto=workWechat');
    expect(screen.getByText('正在为您打开企业微信客服…')).toBeTruthy();
    await waitFor(() => expect(assigned).toEqual([CONTACT.contactUrl]));
    await screen.findByRole('img', { name: '小优的企业微信二维码' });
    expect(assigned).toEqual([CONTACT.contactUrl]);
  });

  test('each part that failed says so and offers 重试; nothing opens on its own', async () => {
    const { api } = open('/my/contactUs?auto=workWechat', {
      'serviceHotline/getAll': fail(5000, '服务暂时不可用'),
      'serviceWechat/randomlyGetOne': fail(4004, '暂无在线客服'),
    });
    expect(await screen.findByText('客服热线加载失败：服务暂时不可用')).toBeTruthy();
    expect(await screen.findByText('客服信息加载失败：暂无在线客服')).toBeTruthy();
    expect(assigned).toEqual([]);
    api.route('serviceHotline/getAll', ok(HOTLINES));
    fireEvent.click(within(screen.getByRole('region', { name: '客服热线' })).getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('link', { name: '拨打客服热线 400-820-8820' })).toBeTruthy();
  });

  test('no hotline: a note instead of an empty list', async () => {
    open('/my/contactUs', { 'serviceHotline/getAll': ok([]) });
    expect(await screen.findByText('暂无客服热线，请通过企业微信联系我们')).toBeTruthy();
  });
});
