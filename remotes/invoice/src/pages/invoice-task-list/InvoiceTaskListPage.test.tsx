import { afterEach, describe, expect, rs, test } from '@rstest/core';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import * as actualApiClient from '@app/host-sdk/api-client' with { rstest: 'importActual' };
import type { TaskView } from '../../tasks/task-view';
import { answerCalls } from '../../test-support/call-api-mock';
import { useListPageEnvironment } from '../../test-support/list-page-environment';

const api = rs.hoisted(() => ({ callApi: rs.fn() }));
const router = rs.hoisted(() => ({ navigate: rs.fn() }));
rs.mock('@app/host-sdk/api-client', () => ({ ...actualApiClient, callApi: api.callApi }));
rs.mock('@app/host-sdk/router', () => ({
  useNavigate: () => router.navigate,
  Link: ({ to, children, ...rest }: { to: string; children: ReactNode }) => (
    <a href={to} {...rest}>
      {children}
    </a>
  ),
}));

const { default: InvoiceTaskListPage } = await import('./InvoiceTaskListPage');

function task(id: string, overrides: Partial<TaskView>): TaskView {
  return {
    id,
    taskId: id,
    type: 'blue_invoice',
    typeName: '开具蓝字发票',
    stage: 'start',
    taskStatus: 1,
    failReason: null,
    result: null,
    attempts: 1,
    createdAt: '2024-05-01T02:03:00.000Z',
    updatedAt: '2024-05-01T02:03:00.000Z',
    finishedAt: null,
    ...overrides,
  };
}

const TASKS: TaskView[] = [
  task('t-blue', { result: { invoiceId: 'inv-1', invoiceNumber: '24312000000000012345' } }),
  task('t-red', { type: 'red_invoice', typeName: '开具红字发票', taskStatus: -1, failReason: '购方已拒绝红字确认单', createdAt: '2024-04-30T23:59:00.000Z' }),
  task('t-sms', { type: 'login_sms', typeName: '短信登录', taskStatus: 2020 }),
  task('t-qr', { type: 'login_qr', typeName: '扫码登录', taskStatus: 2010 }),
  task('t-face', { type: 'face', typeName: '刷脸认证', taskStatus: 3010 }),
  task('t-run', { taskStatus: 10 }),
];

/** A task's row: the link to its detail. */
const rowOf = (id: string) => document.querySelector<HTMLElement>(`a[href="/invoice/task/detail?id=${id}"]`);
const findRow = (id: string) =>
  waitFor(() => {
    const row = rowOf(id);
    if (!row) throw new Error(`no row for ${id}`);
    return row;
  });

useListPageEnvironment();
afterEach(cleanup);

describe('InvoiceTaskListPage', () => {
  test('a row per task: type, China time, status badge, the invoice number, the failure reason; each opens its detail', async () => {
    const calls = answerCalls(api.callApi, { 'task/getMyTasks': { total: TASKS.length, list: TASKS } });
    render(<InvoiceTaskListPage />);
    expect(screen.getByLabelText('加载中')).toBeTruthy();

    const blue = await findRow('t-blue');
    expect(within(blue).getByText('开具蓝字发票')).toBeTruthy();
    expect(within(blue).getByText('2024-05-01 10:03')).toBeTruthy();
    expect(within(blue).getByText('成功')).toBeTruthy();
    expect(within(blue).getByText('发票号码 24312000000000012345')).toBeTruthy();

    const red = await findRow('t-red');
    expect(within(red).getByText('2024-05-01 07:59')).toBeTruthy();
    expect(within(red).getByText('失败')).toBeTruthy();
    expect(within(red).getByText('购方已拒绝红字确认单').className).toBe('task-row__reason');

    expect(within(await findRow('t-sms')).getByText('等待验证码')).toBeTruthy();
    expect(within(await findRow('t-qr')).getByText('等待扫码')).toBeTruthy();
    expect(within(await findRow('t-face')).getByText('等待刷脸')).toBeTruthy();
    expect(within(await findRow('t-run')).getByText('进行中')).toBeTruthy();
    expect(within(await findRow('t-run')).queryByText(/发票号码/)).toBeNull();

    expect(calls.payloadsOf('task/getMyTasks')).toEqual([{ page: 1, pageSize: 20 }]);
    expect(await screen.findByText('没有更多了')).toBeTruthy();
  });

  test('the tabs filter by status, each from page 1', async () => {
    const calls = answerCalls(api.callApi, {
      'task/getMyTasks': (payload: Record<string, unknown>) => {
        const list = TASKS.filter((item) => payload.status !== 'failed' || item.taskStatus === -1);
        return { total: list.length, list };
      },
    });
    render(<InvoiceTaskListPage />);
    await findRow('t-blue');
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['全部', '进行中', '成功', '失败']);

    fireEvent.click(screen.getByRole('tab', { name: '失败' }));
    await waitFor(() => expect(rowOf('t-blue')).toBeNull());
    expect(rowOf('t-red')).toBeTruthy();
    expect(screen.getByRole('tab', { name: '失败' }).getAttribute('aria-selected')).toBe('true');

    fireEvent.click(screen.getByRole('tab', { name: '进行中' }));
    fireEvent.click(screen.getByRole('tab', { name: '成功' }));
    await waitFor(() => expect(calls.payloadsOf('task/getMyTasks')).toContainEqual({ status: 'success', page: 1, pageSize: 20 }));
    expect(calls.payloadsOf('task/getMyTasks').slice(0, 3)).toEqual([
      { page: 1, pageSize: 20 },
      { status: 'failed', page: 1, pageSize: 20 },
      { status: 'pending', page: 1, pageSize: 20 },
    ]);
  });

  test('no tasks: says so for the filter, with 开具发票 as the next step', async () => {
    answerCalls(api.callApi, { 'task/getMyTasks': { total: 0, list: [] } });
    render(<InvoiceTaskListPage />);
    expect(await screen.findByText('还没有税务局任务')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '失败' }));
    expect(await screen.findByText('没有失败的任务')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '开具发票' }));
    expect(router.navigate).toHaveBeenCalledWith('/invoice/create');
  });
});
