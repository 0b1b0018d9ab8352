import { afterEach, describe, expect, rs, test } from '@rstest/core';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { ExportJob } from '@app/contract/export';
import { advance, ok, renderPage, sequence, type PageOptions } from '@app/host-sdk/testing';
import MySettingsPage from './MySettingsPage';

const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 MicroMessenger/8.0.50.2701(0x28003237) NetType/WIFI Language/zh_CN';
const BROWSER_UA = navigator.userAgent;
const setUserAgent = (userAgent: string) => Object.defineProperty(navigator, 'userAgent', { configurable: true, get: () => userAgent });

const COPY: ExportJob = {
  id: '0b6f3c1e-8a4d-4f5b-9c2e-1d3f5a7b9c0d',
  source: 'personal',
  format: 'xlsx',
  from: '2026-12-03',
  to: '2026-12-03',
  state: '已生成',
  progress: 100,
  rows: 12,
  fileName: '个人信息副本_2026-12-03.xlsx',
  bytes: 8_200,
  url: '/files/exports/0b6f3c1e-8a4d-4f5b-9c2e-1d3f5a7b9c0d?expires=1&signature=s',
  expiresAt: new Date(Date.now() + 600_000).toISOString(),
  emailedTo: null,
  mailState: null,
  failReason: null,
  createdAt: new Date().toISOString(),
  finishedAt: new Date().toISOString(),
};

const open = (options: PageOptions = {}) => renderPage(<MySettingsPage />, { url: '/my/settings', history: ['/my'], ...options });
const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

afterEach(() => {
  rs.useRealTimers();
  cleanup();
  setUserAgent(BROWSER_UA);
  document.body.innerHTML = '';
});

describe('MySettingsPage', () => {
  test('账号与安全: 注销账号 opens its page', () => {
    const { url } = open();
    expect(document.title).toBe('设置');
    fireEvent.click(screen.getByText('注销账号'));
    expect(url()).toBe('/my/account-deletion');
  });

  test('获取个人信息副本 in a browser: the format chosen, the copy made, then 下载文件', async () => {
    const { api } = open({ calls: { 'account/createDataCopy': ok(COPY) } });
    fireEvent.click(screen.getByText('获取个人信息副本'));
    fireEvent.click(await screen.findByText('Excel 表格'));
    press('生成副本');
    const download = await screen.findByRole('link', { name: '下载文件' });
    expect(download.getAttribute('href')).toBe(COPY.url);
    expect(screen.getByText(COPY.fileName)).toBeTruthy();
    expect(api.bodiesOf('account/createDataCopy')).toEqual([{ format: 'xlsx' }]);
    expect(screen.queryByRole('region', { name: '发送到邮箱' })).toBeNull();
  });

  test('in WeChat: the link to copy and 发送到邮箱 (发送中, 发送失败 with 重试, 已发送至), never a download', async () => {
    setUserAgent(WECHAT_UA);
    rs.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = open({
      calls: {
        'account/createDataCopy': ok({ ...COPY, format: 'json' }),
        'account/sendDataCopy': ok({ ...COPY, emailedTo: 'me@example.com', mailState: '发送中' }),
        'account/getDataCopy': sequence(
          ok({ ...COPY, emailedTo: 'me@example.com', mailState: '发送失败', failReason: '邮件服务器暂时拒收：452 Mailbox full' }),
          ok({ ...COPY, emailedTo: 'me@example.com', mailState: '已发送' }),
        ),
      },
    });
    fireEvent.click(screen.getByText('获取个人信息副本'));
    press('生成副本');
    expect(await screen.findByRole('region', { name: '复制链接' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: '下载文件' })).toBeNull();
    const mail = screen.getByRole('region', { name: '发送到邮箱' });
    fireEvent.change(within(mail).getByRole('textbox', { name: '接收邮箱' }), { target: { value: 'me@example.com' } });
    press('发送');
    // Queued: 发送中, followed with account/getDataCopy; a failure shows its reason and 重试 sends it again.
    expect(await within(mail).findByText('发送中：me@example.com')).toBeTruthy();
    await advance(2000);
    expect(await within(mail).findByText('发送失败：邮件服务器暂时拒收：452 Mailbox full')).toBeTruthy();
    press('重试');
    expect(await within(mail).findByText('发送中：me@example.com')).toBeTruthy();
    await advance(2000);
    expect(await within(mail).findByText('已发送至 me@example.com')).toBeTruthy();
    expect(api.bodiesOf('account/createDataCopy')).toEqual([{ format: 'json' }]);
    expect(api.bodiesOf('account/sendDataCopy')).toEqual([
      { id: COPY.id, email: 'me@example.com' },
      { id: COPY.id, email: 'me@example.com' },
    ]);
    expect(api.bodiesOf('account/getDataCopy')).toEqual([{ id: COPY.id }, { id: COPY.id }]);
  });
});
