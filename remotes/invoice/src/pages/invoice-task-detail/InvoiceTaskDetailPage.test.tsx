import { afterEach, beforeEach, describe, expect, rs, test } from '@rstest/core';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setApiErrorHandler } from '@app/host-sdk/api-client';
import { advance, fail, noAnswer, ok, progress, renderPage, sequence, taxAccount, type Route } from '@app/host-sdk/testing';
import InvoiceTaskDetailPage from './InvoiceTaskDetailPage';
import type { TaskDetail } from '@app/contract/task';

const TASK_ID = '5b7c0a52-3f0e-4d34-9a4e-0c3a1f2b9d10';
const INVOICE_NUMBER = '24312000000000012345';

function task(overrides: Partial<TaskDetail> = {}): TaskDetail {
  return {
    id: TASK_ID,
    taskId: TASK_ID,
    type: 'blue_invoice',
    typeName: '开具蓝字发票',
    stage: 'start',
    taskStatus: 0,
    failReason: null,
    result: null,
    attempts: 1,
    createdAt: '2024-05-01T02:03:00.000Z',
    updatedAt: '2024-05-01T02:03:00.000Z',
    finishedAt: null,
    extensionData: null,
    invoiceId: 'inv-1',
    ...overrides,
  };
}

const issued = task({
  taskStatus: 1,
  result: { invoiceId: 'inv-1', invoiceNumber: INVOICE_NUMBER },
  finishedAt: '2024-05-01T02:04:00.000Z',
});
const LOGGED_IN = { loginState: '已登录', expirationTime: '2099-01-01T00:00:00.000Z' };
/** Logged in at the tax bureau and authenticated today. */
const READY = ok(taxAccount({ ...LOGGED_IN, scanFaceState: '已认证', scanFaceTime: '2024-05-01T01:00:00.000Z' }));

/** The detail page of task `id`, the tax bureau ready unless `calls` say otherwise. */
function openDetail(calls: Record<string, Route>, id: string = TASK_ID) {
  return renderPage(<InvoiceTaskDetailPage />, {
    url: `/invoice/task/detail?id=${id}`,
    calls: { 'taxAccount/getTaxAccount': READY, ...calls },
  });
}

// Polls run every 2 s: fake timers that still advance with real time.
beforeEach(() => {
  rs.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  cleanup();
  setApiErrorHandler(null);
  rs.useRealTimers();
});

describe('InvoiceTaskDetailPage', () => {
  test('a running invoice task is polled every 2 s until it is issued, then shows 开具成功 and the number', async () => {
    const { api } = openDetail({
      'task/getTaskDetail': sequence(ok(task()), ok(issued)),
      'task/getTaskProcess': sequence(progress(0), progress(10), progress(1)),
    });
    expect(await screen.findByText('正在开具')).toBeTruthy();
    expect(screen.getByText('税局处理中，请稍候')).toBeTruthy();
    expect(screen.getAllByText('2024-05-01 10:03')).toHaveLength(2);
    await waitFor(() => expect(api.bodiesOf('task/getTaskProcess')).toEqual([{ id: TASK_ID }]));

    await advance(2000);
    expect(api.bodiesOf('task/getTaskProcess')).toHaveLength(2);
    expect(screen.queryByText('开具成功')).toBeNull();

    await advance(2000);
    expect(await screen.findByText('开具成功')).toBeTruthy();
    expect(await screen.findByText(`发票号码 ${INVOICE_NUMBER}`)).toBeTruthy();
    expect(screen.getByText('已开具')).toBeTruthy();
    expect(api.bodiesOf('task/getTaskDetail')).toHaveLength(2);

    await advance(6000);
    expect(api.bodiesOf('task/getTaskProcess')).toHaveLength(3);
  });

  test('an issued invoice: 查看发票 opens the invoice list on it, 下载 PDF opens the signed link as an attachment', async () => {
    const assign = rs.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const { api, router, url } = openDetail({
      'task/getTaskDetail': ok(issued),
      'invoice/pdfLink': ok({ url: '/api/invoice/pdf?id=inv-1&sig=abc', fileName: 'a.pdf' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: '查看发票' }));
    expect(url()).toBe('/invoice/list?id=inv-1');
    await act(() => router.navigate(-1));
    fireEvent.click(await screen.findByRole('button', { name: '下载 PDF' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/invoice/pdf?id=inv-1&sig=abc&download=1'));
    expect(api.bodiesOf('invoice/pdfLink')).toEqual([{ id: 'inv-1' }]);
    expect(api.bodiesOf('task/getTaskProcess')).toHaveLength(0);
    assign.mockRestore();
  });

  test('a PDF not ready yet: the button can be pressed again', async () => {
    const { api } = openDetail({ 'task/getTaskDetail': ok(issued), 'invoice/pdfLink': fail(4004, 'PDF 生成中，请稍后再试') });
    const button = await screen.findByRole('button', { name: '下载 PDF' });
    fireEvent.click(button);
    await waitFor(() => expect(api.bodiesOf('invoice/pdfLink')).toHaveLength(1));
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(api.bodiesOf('invoice/pdfLink')).toHaveLength(2));
  });

  test('a failed invoice task shows the reason and 重试 re-queues it, logging in first when the reason asks for it', async () => {
    const failed = task({ taskStatus: -1, failReason: '税务局登录已失效，请重新登录', finishedAt: '2024-05-01T02:04:00.000Z' });
    const { api } = openDetail({
      'task/getTaskDetail': sequence(ok(failed), ok(task({ attempts: 2 }))),
      'task/retryTask': ok({ taskId: TASK_ID }),
      'task/getTaskProcess': progress(10),
    });
    expect(await screen.findByText('税务局登录已失效，请重新登录')).toBeTruthy();
    expect(screen.getAllByText('开具失败').length).toBeGreaterThan(0);

    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(api.bodiesOf('task/retryTask')).toEqual([{ id: TASK_ID }]));
    // The tax bureau was asked first (ready: no dialog), then the task re-queued.
    expect(api.calls.map((call) => call.path).filter((path) => path === 'taxAccount/getTaxAccount' || path === 'task/retryTask')).toEqual([
      'taxAccount/getTaxAccount',
      'task/retryTask',
    ]);
    expect(await screen.findByText('正在开具')).toBeTruthy();
    expect(screen.getByText('2 次')).toBeTruthy();
    await waitFor(() => expect(api.bodiesOf('task/getTaskProcess').length).toBeGreaterThan(0));
  });

  test('重试 stops when the user gives up the tax-bureau dialogs; a reason about something else goes straight to the server', async () => {
    const { api } = openDetail({
      'task/getTaskDetail': ok(task({ taskStatus: -1, failReason: '今日未完成刷脸认证' })),
      'task/retryTask': ok({ taskId: 'next-task' }),
      'taxAccount/getTaxAccount': ok(taxAccount(LOGGED_IN)),
    });
    fireEvent.click(await screen.findByRole('button', { name: '重试' }));
    // Not authenticated today: 刷脸认证 opens, and the user closes it.
    const face = await screen.findByRole('dialog', { name: '刷脸认证' });
    await within(face).findByRole('status');
    fireEvent.click(face.querySelector('.adm-center-popup-close') as Element);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '刷脸认证' })).toBeNull());
    expect(api.bodiesOf('task/retryTask')).toHaveLength(0);

    cleanup();
    const again = openDetail({
      'task/getTaskDetail': ok(task({ taskStatus: -1, failReason: '购买方名称与税号不符' })),
      'task/retryTask': ok({ taskId: 'next-task' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: '重试' }));
    await waitFor(() => expect(again.url()).toBe('/invoice/task/detail?id=next-task'));
    expect(again.router.state.historyAction).toBe('REPLACE');
    expect(again.api.bodiesOf('task/retryTask')).toEqual([{ id: TASK_ID }]);
    expect(again.api.bodiesOf('taxAccount/getTaxAccount')).toEqual([]);
  });

  test('a failed face task: 认证失败, and 重试 opens the host dialogs instead of re-running it', async () => {
    const { api } = openDetail({
      'task/getTaskDetail': ok(task({ type: 'face', typeName: '刷脸认证', taskStatus: -1, failReason: '人脸识别未通过', invoiceId: null })),
      'taxAccount/getTaxAccount': ok(taxAccount(LOGGED_IN)),
    });
    expect(await screen.findByText('人脸识别未通过')).toBeTruthy();
    expect(screen.getAllByText('认证失败').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('dialog', { name: '刷脸认证' })).toBeTruthy();
    expect(api.bodiesOf('task/retryTask')).toHaveLength(0);
  });

  test.each([
    ['a malformed id', fail(4000, 'id 格式不正确'), '任务不存在'],
    ['an unknown id', fail(4004, '任务不存在'), '任务不存在'],
    ["another company's task", fail(1004, '无权访问该企业的任务'), '无权查看'],
  ])('%s shows %s (no 重试), and the error catalogue stays quiet (the page handles it)', async (_case, answer, shown) => {
    const toldTheCatalogue: string[] = [];
    setApiErrorHandler((error) => toldTheCatalogue.push(error.message));
    const { url } = openDetail({ 'task/getTaskDetail': answer });
    expect(await screen.findByRole('region', { name: shown })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
    expect(toldTheCatalogue).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: '查看全部任务' }));
    expect(url()).toBe('/invoice/task/list');
  });

  test('a network failure offers 重试', async () => {
    const { api } = openDetail({ 'task/getTaskDetail': sequence(noAnswer(), ok(issued)) });
    expect(await screen.findByText('加载失败')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('开具成功')).toBeTruthy();
    expect(api.bodiesOf('task/getTaskDetail')).toHaveLength(2);
  });
});
