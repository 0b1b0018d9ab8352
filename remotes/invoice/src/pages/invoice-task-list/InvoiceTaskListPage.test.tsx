import { afterEach, describe, expect, test } from '@rstest/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ok, renderPage, type Route } from '@app/host-sdk/testing';
import type { TaskView } from '@app/contract/task';
import { useListPageEnvironment } from '@app/ui/test-support/list-layout';
import InvoiceTaskListPage from './InvoiceTaskListPage';

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
    invoiceId: null,
    attempts: 1,
    createdAt: '2024-05-01T02:03:00.000Z',
    updatedAt: '2024-05-01T02:03:00.000Z',
    finishedAt: null,
    ...overrides,
  };
}

const TASKS: TaskView[] = [
  task('t-blue', { result: { invoiceId: 'inv-1', invoiceNumber: '24312000000000012345' } }),
  task('t-red', {
    type: 'red_invoice',
    typeName: '开具红字发票',
    taskStatus: -1,
    failReason: '购方已拒绝红字确认单',
    createdAt: '2024-04-30T23:59:00.000Z',
  }),
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

const openList = (calls: Record<string, Route>) => renderPage(<InvoiceTaskListPage />, { url: '/invoice/task/list', calls });

useListPageEnvironment();
afterEach(cleanup);

describe('InvoiceTaskListPage', () => {
  test('a row per task: type, China time, status badge, the invoice number, the failure reason; each opens its detail', async () => {
    const { api, url } = openList({ 'task/getMyTasks': ok({ total: TASKS.length, list: TASKS }) });
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

    expect(api.bodiesOf('task/getMyTasks')).toEqual([{ page: 1 }]);
    expect(await screen.findByText('没有更多了')).toBeTruthy();
    fireEvent.click(red);
    expect(url()).toBe('/invoice/task/detail?id=t-red');
  });

  test('the tabs filter by status, each from page 1', async () => {
    const { api } = openList({
      'task/getMyTasks': ({ status }) => {
        const list = TASKS.filter((item) => status !== 'failed' || item.taskStatus === -1);
        return ok({ total: list.length, list });
      },
    });
    await findRow('t-blue');
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['全部', '进行中', '成功', '失败']);

    fireEvent.click(screen.getByRole('tab', { name: '失败' }));
    // Only the failed task, once the failed tasks have loaded.
    await waitFor(() => {
      expect(rowOf('t-blue')).toBeNull();
      expect(rowOf('t-red')).toBeTruthy();
    });
    expect(screen.getByRole('tab', { name: '失败' }).getAttribute('aria-selected')).toBe('true');

    fireEvent.click(screen.getByRole('tab', { name: '进行中' }));
    fireEvent.click(screen.getByRole('tab', { name: '成功' }));
    await waitFor(() => expect(api.bodiesOf('task/getMyTasks')).toContainEqual({ status: 'success', page: 1 }));
    expect(api.bodiesOf('task/getMyTasks').slice(0, 3)).toEqual([
      { page: 1 },
      { status: 'failed', page: 1 },
      { status: 'pending', page: 1 },
    ]);
  });

  test('no tasks: says so for the filter, with 开具发票 as the next step', async () => {
    const { url } = openList({ 'task/getMyTasks': ok({ total: 0, list: [] }) });
    expect(await screen.findByText('还没有税务局任务')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '失败' }));
    expect(await screen.findByText('没有失败的任务')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '开具发票' }));
    expect(url()).toBe('/invoice/create');
  });
});
