import { afterEach, beforeAll, beforeEach, describe, expect, rs, test } from '@rstest/core';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import * as actualApiClient from '@app/host-sdk/api-client' with { rstest: 'importActual' };
import { setupUi } from '@app/ui/setup';
import { Toast } from '@app/ui/toast';
import { answerCalls, failure, sequence } from '../../test-support/call-api-mock';
import type { TaskDetail } from './task-detail-api';

const api = rs.hoisted(() => ({ callApi: rs.fn() }));
const router = rs.hoisted(() => ({ navigate: rs.fn(), search: '' }));
const dialogs = rs.hoisted(() => ({ ensureTaxReady: rs.fn(async () => true) }));
rs.mock('@app/host-sdk/api-client', () => ({ ...actualApiClient, callApi: api.callApi }));
rs.mock('@app/host-sdk/router', () => ({ useNavigate: () => router.navigate, useSearchParams: () => [new URLSearchParams(router.search)] }));
rs.mock('@app/host-sdk/dialogs', () => ({ ensureTaxReady: dialogs.ensureTaxReady }));

const { default: InvoiceTaskDetailPage } = await import('./InvoiceTaskDetailPage');

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

const progress = (taskStatus: number, failReason: string | null = null) => ({ taskStatus, failReason, extensionData: null });
const issued = task({ taskStatus: 1, result: { invoiceId: 'inv-1', invoiceNumber: INVOICE_NUMBER }, finishedAt: '2024-05-01T02:04:00.000Z' });

async function advance(ms: number) {
  await act(async () => {
    await rs.advanceTimersByTimeAsync(ms);
  });
}

function openDetail(routes: Record<string, unknown>, id: string = TASK_ID) {
  router.search = `id=${id}`;
  const calls = answerCalls(api.callApi, routes);
  render(<InvoiceTaskDetailPage />);
  return calls;
}

beforeAll(() => setupUi());
beforeEach(() => {
  rs.useFakeTimers({ shouldAdvanceTime: true });
  router.navigate.mockReset();
  dialogs.ensureTaxReady.mockReset();
  dialogs.ensureTaxReady.mockImplementation(async () => true);
});
afterEach(() => {
  cleanup();
  Toast.clear();
  rs.useRealTimers();
});

describe('InvoiceTaskDetailPage', () => {
  test('a running invoice task is polled every 2 s until it is issued, then shows 开具成功 and the number', async () => {
    const calls = openDetail({
      'task/getTaskDetail': sequence(task(), issued),
      'task/getTaskProcess': sequence(progress(0), progress(10), progress(1)),
    });
    expect(await screen.findByText('正在开具')).toBeTruthy();
    expect(screen.getByText('税局处理中，请稍候')).toBeTruthy();
    expect(screen.getAllByText('2024-05-01 10:03')).toHaveLength(2);
    await waitFor(() => expect(calls.payloadsOf('task/getTaskProcess')).toEqual([{ id: TASK_ID }]));

    await advance(2000);
    expect(calls.payloadsOf('task/getTaskProcess')).toHaveLength(2);
    expect(screen.queryByText('开具成功')).toBeNull();

    await advance(2000);
    expect(await screen.findByText('开具成功')).toBeTruthy();
    expect(await screen.findByText(`发票号码 ${INVOICE_NUMBER}`)).toBeTruthy();
    expect(screen.getByText('已开具')).toBeTruthy();
    expect(calls.payloadsOf('task/getTaskDetail')).toHaveLength(2);

    await advance(6000);
    expect(calls.payloadsOf('task/getTaskProcess')).toHaveLength(3);
  });

  test('an issued invoice: 查看发票 opens the invoice list on it, 下载 PDF opens the signed link as an attachment', async () => {
    const assign = rs.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const calls = openDetail({ 'task/getTaskDetail': issued, 'invoice/pdfLink': { url: '/api/invoice/pdf?id=inv-1&sig=abc', fileName: 'a.pdf' } });
    fireEvent.click(await screen.findByRole('button', { name: '查看发票' }));
    expect(router.navigate).toHaveBeenCalledWith('/invoice/list?id=inv-1');
    fireEvent.click(screen.getByRole('button', { name: '下载 PDF' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/invoice/pdf?id=inv-1&sig=abc&download=1'));
    expect(calls.payloadsOf('invoice/pdfLink')).toEqual([{ id: 'inv-1' }]);
    expect(calls.payloadsOf('task/getTaskProcess')).toHaveLength(0);
    assign.mockRestore();
  });

  test('a PDF not ready yet: the button can be pressed again', async () => {
    const calls = openDetail({ 'task/getTaskDetail': issued, 'invoice/pdfLink': failure(4004, 'PDF 生成中，请稍后再试') });
    const button = await screen.findByRole('button', { name: '下载 PDF' });
    fireEvent.click(button);
    await waitFor(() => expect(calls.payloadsOf('invoice/pdfLink')).toHaveLength(1));
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(calls.payloadsOf('invoice/pdfLink')).toHaveLength(2));
  });

  test('a failed invoice task shows the reason and 重试 re-queues it, logging in first when the reason asks for it', async () => {
    const failed = task({ taskStatus: -1, failReason: '税务局登录已失效，请重新登录', finishedAt: '2024-05-01T02:04:00.000Z' });
    const calls = openDetail({
      'task/getTaskDetail': sequence(failed, task({ attempts: 2 })),
      'task/retryTask': { taskId: TASK_ID },
      'task/getTaskProcess': progress(10),
    });
    expect(await screen.findByText('税务局登录已失效，请重新登录')).toBeTruthy();
    expect(screen.getAllByText('开具失败').length).toBeGreaterThan(0);

    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(calls.payloadsOf('task/retryTask')).toEqual([{ id: TASK_ID }]));
    expect(dialogs.ensureTaxReady).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('正在开具')).toBeTruthy();
    expect(screen.getByText('2 次')).toBeTruthy();
    await waitFor(() => expect(calls.payloadsOf('task/getTaskProcess').length).toBeGreaterThan(0));
  });

  test('重试 stops when the user gives up the login; a reason about something else goes straight to the server', async () => {
    dialogs.ensureTaxReady.mockImplementation(async () => false);
    const calls = openDetail({ 'task/getTaskDetail': task({ taskStatus: -1, failReason: '今日未完成刷脸认证' }), 'task/retryTask': { taskId: 'next-task' } });
    fireEvent.click(await screen.findByRole('button', { name: '重试' }));
    await waitFor(() => expect(dialogs.ensureTaxReady).toHaveBeenCalledTimes(1));
    expect(calls.payloadsOf('task/retryTask')).toHaveLength(0);

    cleanup();
    dialogs.ensureTaxReady.mockReset();
    const again = openDetail({ 'task/getTaskDetail': task({ taskStatus: -1, failReason: '购买方名称与税号不符' }), 'task/retryTask': { taskId: 'next-task' } });
    fireEvent.click(await screen.findByRole('button', { name: '重试' }));
    await waitFor(() => expect(router.navigate).toHaveBeenCalledWith('/invoice/task/detail?id=next-task', { replace: true }));
    expect(again.payloadsOf('task/retryTask')).toEqual([{ id: TASK_ID }]);
    expect(dialogs.ensureTaxReady).not.toHaveBeenCalled();
  });

  test('a failed face task: 认证失败, and 重试 opens the host dialogs instead of re-running it', async () => {
    const calls = openDetail({ 'task/getTaskDetail': task({ type: 'face', typeName: '刷脸认证', taskStatus: -1, failReason: '人脸识别未通过', invoiceId: null }) });
    expect(await screen.findByText('人脸识别未通过')).toBeTruthy();
    expect(screen.getAllByText('认证失败').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(dialogs.ensureTaxReady).toHaveBeenCalledTimes(1));
    expect(calls.payloadsOf('task/retryTask')).toHaveLength(0);
  });

  test.each([
    ['an unknown id', failure(4004, '任务不存在')],
    ["another company's task", failure(1004, '无权访问该企业的任务')],
  ])('%s shows 任务不存在, and the error catalogue is told the page handles it', async (_case, answer) => {
    openDetail({ 'task/getTaskDetail': answer });
    expect(await screen.findByText('任务不存在')).toBeTruthy();
    const [, , options] = api.callApi.mock.calls.find(([path]) => path === 'task/getTaskDetail') ?? [];
    expect(options).toEqual({ handles: [4000, 4004, 1004] });
    fireEvent.click(screen.getByRole('button', { name: '查看全部任务' }));
    expect(router.navigate).toHaveBeenCalledWith('/invoice/task/list');
  });

  test('a network failure offers 重试', async () => {
    const calls = openDetail({ 'task/getTaskDetail': sequence(failure(null, '请求失败,请重试'), issued) });
    expect(await screen.findByText('加载失败')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('开具成功')).toBeTruthy();
    expect(calls.payloadsOf('task/getTaskDetail')).toHaveLength(2);
  });
});
