import { afterEach, beforeEach, describe, expect, rs, test } from '@rstest/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ExportJob } from '@app/contract/export';
import { addChinaMonths, chinaDate, chinaMonth } from '@app/domain/china-time';
import { setApiErrorHandler } from '@app/host-sdk/api-client';
import { installErrorCatalogue } from '@app/host-sdk/error-catalogue';
import { advance, fail, noAnswer, ok, renderPage, sequence, type Route } from '@app/host-sdk/testing';
import { ExportSheet, type ExportTarget } from '../src/export-sheet';

const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 MicroMessenger/8.0.50.2701(0x28003237) NetType/WIFI Language/zh_CN';
const BROWSER_UA = navigator.userAgent;

function setUserAgent(userAgent: string) {
  Object.defineProperty(navigator, 'userAgent', { configurable: true, get: () => userAgent });
}

beforeEach(() => setUserAgent(BROWSER_UA));
afterEach(() => {
  rs.useRealTimers();
  cleanup();
  setUserAgent(BROWSER_UA);
});

const job = (overrides: Partial<ExportJob> = {}): ExportJob => ({
  id: 'exp-1',
  source: 'invoices',
  format: 'xlsx',
  from: '2026-11-01',
  to: '2026-11-30',
  state: '生成中',
  progress: 0,
  rows: 0,
  fileName: '发票_2026-11.xlsx',
  bytes: null,
  url: null,
  expiresAt: null,
  emailedTo: null,
  mailState: null,
  failReason: null,
  createdAt: '2026-12-01T02:00:00.000Z',
  finishedAt: null,
  ...overrides,
});

const ready = (overrides: Partial<ExportJob> = {}) =>
  job({
    state: '已生成',
    progress: 100,
    rows: 42,
    bytes: 20_480,
    url: '/api/export/file/exp-1?expires=1&sig=abc',
    expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
    finishedAt: '2026-12-01T02:00:05.000Z',
    ...overrides,
  });

const INVOICES: ExportTarget = { source: 'invoices', filters: { kind: 'blue', status: '已开具', keyword: '杭州' } };

const open = (calls: Record<string, Route>, target: ExportTarget = INVOICES, extra: { listMonth?: string } = {}) =>
  renderPage(<ExportSheet visible onClose={() => undefined} target={target} filterWords={['蓝票', '已开具', '“杭州”']} {...extra} />, {
    calls,
  });

const sheet = () => screen.getByRole('dialog', { name: /^导出/ });
const press = (name: string | RegExp) => fireEvent.click(within(sheet()).getByRole('button', { name }));
/** antd-mobile's Selector: its options are plain elements, found by their text inside the group. */
const choose = (group: string, option: string) => fireEvent.click(within(screen.getByRole('group', { name: group })).getByText(option));
/** Taps a button of the sheet once it shows. */
const tap = async (name: string) => fireEvent.click(await within(sheet()).findByRole('button', { name }));
/** 确定 of the open date picker (a closed one stays in the document). */
const confirmPicker = async (title: string) => {
  const picker = (await screen.findByText(title)).closest('.adm-picker') as HTMLElement;
  fireEvent.click(within(picker).getByText('确定'));
};

describe('ExportSheet: what goes into export/create', () => {
  test("上月 and the PDF ZIP with the invoice list's filters", async () => {
    const { api } = open({ 'export/create': ok(job({ format: 'zip' })), 'export/get': () => new Promise(() => undefined) });
    expect(await screen.findByText('筛选条件：蓝票、已开具、“杭州”')).toBeTruthy();
    choose('时间范围', '上月');
    choose('导出格式', 'PDF 压缩包');
    press('生成 PDF 压缩包');
    const lastMonth = addChinaMonths(chinaMonth(new Date()), -1);
    await waitFor(() =>
      expect(api.bodiesOf('export/create')).toEqual([
        { source: 'invoices', format: 'zip', month: lastMonth, invoices: { kind: 'blue', status: '已开具', keyword: '杭州' } },
      ]),
    );
    expect(await screen.findByRole('progressbar', { name: '生成进度' })).toBeTruthy();
  });

  test("the list's month opens as 按月份; a span of days is sent as from and to, China's today by default", async () => {
    const tickets: ExportTarget = { source: 'tickets', filters: { reimbursed: false, verifyState: '查验通过' } };
    const { api } = open({ 'export/create': ok(job({ source: 'tickets' })), 'export/get': () => new Promise(() => undefined) }, tickets, {
      listMonth: '2025-03',
    });
    expect(await screen.findByRole('button', { name: '月份 2025年3月' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: '导出格式' })).toBeNull();
    expect(screen.getByText('导出范围：2025年3月（03-01 至 03-31）')).toBeTruthy();
    choose('时间范围', '按日期');
    expect((within(sheet()).getByRole('button', { name: '生成 Excel' }) as HTMLButtonElement).disabled).toBe(true);
    press('开始日期 未选择');
    await confirmPicker('选择开始日期');
    const today = chinaDate(new Date());
    await screen.findByRole('button', { name: `开始日期 ${today}` });
    press('结束日期 未选择');
    await confirmPicker('选择结束日期');
    await screen.findByText(`导出范围：${today} 至 ${today}`);
    press('生成 Excel');
    await waitFor(() =>
      expect(api.bodiesOf('export/create')).toEqual([
        { source: 'tickets', format: 'xlsx', from: today, to: today, tickets: { reimbursed: false, verifyState: '查验通过' } },
      ]),
    );
  });

  test('an export of the source still being made (2001) is followed instead of a second one', async () => {
    const { api } = open({
      'export/create': fail(2001, '正在生成上一份导出，请稍候', { taskId: 'exp-9' }),
      'export/get': ok(job({ id: 'exp-9', progress: 60, rows: 30 })),
    });
    await tap('生成 Excel');
    expect(await screen.findByText('已处理 30 条 · 60%')).toBeTruthy();
    expect(api.bodiesOf('export/get')[0]).toEqual({ id: 'exp-9' });
  });
});

describe('ExportSheet: following the export', () => {
  test('生成中 with its progress, polled with export/get, then 下载文件 outside WeChat', async () => {
    rs.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = open({
      'export/create': ok(job({ progress: 10, rows: 5 })),
      'export/get': sequence(ok(job({ progress: 70, rows: 30 })), ok(ready())),
    });
    await tap('生成 Excel');
    const bar = await screen.findByRole('progressbar', { name: '生成进度' });
    expect(bar.getAttribute('aria-valuenow')).toBe('10');
    await advance(2000);
    await waitFor(() => expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('70'));
    expect(screen.getByText('已处理 30 条 · 70%')).toBeTruthy();
    await advance(2000);
    const download = await screen.findByRole('link', { name: '下载文件' });
    expect(download.getAttribute('href')).toBe('/api/export/file/exp-1?expires=1&sig=abc');
    expect(download.getAttribute('download')).toBe('发票_2026-11.xlsx');
    expect(screen.getByText('共 42 条 · 20.0 KB')).toBeTruthy();
    expect(api.bodiesOf('export/get')).toEqual([{ id: 'exp-1' }, { id: 'exp-1' }]);
    expect(screen.queryByRole('region', { name: '发送到邮箱' })).toBeNull();
    // Made: no more polls.
    await advance(6000);
    expect(api.bodiesOf('export/get')).toHaveLength(2);
  });

  test('a poll with no answer is asked again; the sheet shows the progress it had meanwhile', async () => {
    rs.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = open({
      'export/create': ok(job({ progress: 20 })),
      'export/get': sequence(noAnswer(), ok(ready())),
    });
    await tap('生成 Excel');
    await screen.findByRole('progressbar');
    await advance(2000);
    await waitFor(() => expect(api.bodiesOf('export/get')).toHaveLength(1));
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('20');
    await advance(2000);
    expect(await screen.findByRole('link', { name: '下载文件' })).toBeTruthy();
  });

  test('in WeChat: 发送到邮箱 (发送中, then 已发送至) and the link to copy with its hint, never a download', async () => {
    setUserAgent(WECHAT_UA);
    rs.useFakeTimers({ shouldAdvanceTime: true });
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void copied.push(text) },
    });
    const { api } = open({
      'export/create': ok(ready()),
      'export/send': (body) => ok(ready({ emailedTo: String(body.email), mailState: '发送中' })),
      'export/get': ok(ready({ emailedTo: 'boss@example.com', mailState: '已发送' })),
    });
    await tap('生成 Excel');
    const link = (await screen.findByRole('textbox', { name: '下载链接' })) as HTMLTextAreaElement;
    expect(link.value).toBe(`${window.location.origin}/api/export/file/exp-1?expires=1&sig=abc`);
    expect(screen.getByText('请在浏览器中打开，10 分钟内有效')).toBeTruthy();
    expect(screen.queryByRole('link', { name: '下载文件' })).toBeNull();
    expect(document.querySelector('a[download]')).toBeNull();

    press('复制链接');
    expect(await screen.findByText('链接已复制')).toBeTruthy();
    expect(copied).toEqual([link.value]);

    const email = screen.getByRole('textbox', { name: '接收邮箱' });
    press('发送');
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', '请填写接收邮箱');
    fireEvent.change(email, { target: { value: 'boss@example' } });
    press('发送');
    expect(await screen.findByText('接收邮箱格式不正确')).toBeTruthy();
    expect(api.bodiesOf('export/send')).toEqual([]);
    fireEvent.change(email, { target: { value: ' boss@example.com ' } });
    press('发送');
    // Queued: 发送中, followed with export/get until it is sent.
    expect(await screen.findByText('发送中：boss@example.com')).toBeTruthy();
    await advance(2000);
    expect(await screen.findByText('已发送至 boss@example.com')).toBeTruthy();
    expect(api.bodiesOf('export/send')).toEqual([{ id: 'exp-1', email: 'boss@example.com' }]);
    expect(api.bodiesOf('export/get')).toEqual([{ id: 'exp-1' }]);
  });

  test('an e-mail that failed shows 发送失败 with the reason; 重试 sends it to the same address again', async () => {
    setUserAgent(WECHAT_UA);
    rs.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = open({
      'export/create': ok(ready({ emailedTo: 'boss@example.com', mailState: '发送中' })),
      'export/get': ok(ready({ emailedTo: 'boss@example.com', mailState: '发送失败', failReason: '邮件服务器拒收：550 no such user' })),
      'export/send': ok(ready({ emailedTo: 'boss@example.com', mailState: '发送中' })),
    });
    await tap('生成 Excel');
    expect(await screen.findByText('发送中：boss@example.com')).toBeTruthy();
    await advance(2000);
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', '发送失败：邮件服务器拒收：550 no such user');
    press('重试');
    expect(await screen.findByText('发送中：boss@example.com')).toBeTruthy();
    expect(api.bodiesOf('export/send')).toEqual([{ id: 'exp-1', email: 'boss@example.com' }]);
  });

  test('in Alipay too; an expired link is signed again with export/link', async () => {
    setUserAgent(`${BROWSER_UA} AlipayClient/10.5.0`);
    const { api } = open({
      'export/create': ok(ready({ expiresAt: new Date(Date.now() - 1000).toISOString() })),
      'export/link': ok({
        url: '/api/export/file/exp-1?sig=new',
        fileName: '发票_2026-11.xlsx',
        expiresAt: new Date(Date.now() + 600_000).toISOString(),
      }),
    });
    await tap('生成 Excel');
    expect(await screen.findByText('下载链接已过期')).toBeTruthy();
    expect(screen.queryByLabelText('下载链接')).toBeNull();
    press('重新获取链接');
    expect(((await screen.findByRole('textbox', { name: '下载链接' })) as HTMLTextAreaElement).value).toBe(
      `${window.location.origin}/api/export/file/exp-1?sig=new`,
    );
    expect(api.bodiesOf('export/link')).toEqual([{ id: 'exp-1' }]);
    expect(screen.getByRole('region', { name: '发送到邮箱' })).toBeTruthy();
  });

  test('生成失败 shows the reason; 重试 asks again with the same range and filters, 修改条件 goes back', async () => {
    rs.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = open({
      'export/create': sequence(ok(job()), ok(job({ id: 'exp-2', progress: 5 }))),
      'export/get': ok(job({ state: '生成失败', failReason: 'PDF 压缩包最多 2000 张发票，请缩小日期范围或筛选条件' })),
    });
    await tap('生成 Excel');
    await screen.findByRole('progressbar');
    await advance(2000);
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', '生成失败');
    expect(screen.getByText('PDF 压缩包最多 2000 张发票，请缩小日期范围或筛选条件')).toBeTruthy();
    press('重试');
    await screen.findByRole('progressbar');
    const [first, second] = api.bodiesOf('export/create');
    expect(second).toEqual(first);
    await advance(2000);
    await tap('修改条件');
    expect(await screen.findByRole('group', { name: '时间范围' })).toBeTruthy();
  });

  test('a refused export (4000) stays on the choice, with the server’s reason in a toast', async () => {
    // The host's error catalogue, which shows a refusal it has no dialog for as a toast.
    installErrorCatalogue({ navigate: () => undefined });
    const { api } = open({ 'export/create': fail(4000, '导出范围不能超过 366 天') });
    await tap('生成 Excel');
    expect(await screen.findByText('导出范围不能超过 366 天')).toBeTruthy();
    expect(screen.getByRole('group', { name: '时间范围' })).toBeTruthy();
    expect(api.bodiesOf('export/create')).toHaveLength(1);
    setApiErrorHandler(null);
  });
});
