import { afterEach, beforeEach, describe, expect, rs, test } from '@rstest/core';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import * as actualApiClient from '@app/host-sdk/api-client' with { rstest: 'importActual' };
import { Toast } from '@app/ui/toast';
import type { Application } from '../../features/applications/applications-api';
import { application } from '../../test-support/applications';
import { answerCalls, failure, sequence, type CallTable } from '../../test-support/call-api-mock';
import { useListPageEnvironment } from '../../test-support/list-page-environment';

const api = rs.hoisted(() => ({ callApi: rs.fn() }));
const router = rs.hoisted(() => ({ navigate: rs.fn() }));
const tax = rs.hoisted(() => ({ ensureTaxReady: rs.fn(async () => true), order: [] as string[] }));
rs.mock('@app/host-sdk/api-client', () => ({ ...actualApiClient, callApi: api.callApi }));
rs.mock('@app/host-sdk/router', () => ({ useNavigate: () => router.navigate }));
rs.mock('@app/host-sdk/dialogs', () => ({ ensureTaxReady: tax.ensureTaxReady }));

const { default: InvoiceWaitingListPage } = await import('./InvoiceWaitingListPage');

const NOT_LOGGED_IN = '电子税务局未登录，请先登录后重试';
const waiting = (id: string, blockedReason: string | null = NOT_LOGGED_IN): Application => application(id, { status: '待开票', blockedReason });
const A = waiting('a');
const B = waiting('b');
const issued = (ids: string[]) => ({ results: ids.map((id) => ({ id, status: '开票中', taskId: `task-${id}`, blockedReason: null })) });

/** `invoiceApplication/list` answering `rows` (what is still 待开票); issuing records when it ran among the tax steps. */
function serve(rows: Application[], issue: (payload: Record<string, unknown>) => unknown = ({ ids }) => issued((ids as string[] | undefined) ?? rows.map((row) => row.id))): CallTable {
  return answerCalls(api.callApi, {
    'invoiceApplication/list': () => ({ total: rows.length, list: rows }),
    'invoiceApplication/issueWaiting': (payload: Record<string, unknown>) => {
      tax.order.push('issue');
      return issue(payload);
    },
  });
}

const listLoads = (calls: CallTable) => calls.payloadsOf('invoiceApplication/list').length;

useListPageEnvironment();
beforeEach(() => {
  router.navigate.mockReset();
  tax.order.length = 0;
  tax.ensureTaxReady.mockReset();
  tax.ensureTaxReady.mockImplementation(async () => {
    tax.order.push('ensureTaxReady');
    return true;
  });
});
afterEach(() => {
  cleanup();
  Toast.clear();
  document.body.innerHTML = '';
});

describe('InvoiceWaitingListPage', () => {
  test('says why they wait in a notice whose button gets the tax bureau ready, then reloads', async () => {
    const calls = serve([A, B]);
    render(<InvoiceWaitingListPage />);
    expect(await screen.findByText(NOT_LOGGED_IN)).toBeTruthy();
    expect(await screen.findByRole('article', { name: '购买方a' })).toBeTruthy();
    expect(screen.getByText('共 2 条已同意、待开具的申请')).toBeTruthy();
    expect(calls.payloadsOf('invoiceApplication/list')).toEqual([{ status: '待开票', page: 1, pageSize: 20 }]);

    fireEvent.click(screen.getByRole('button', { name: '去登录' }));
    await waitFor(() => expect(listLoads(calls)).toBe(2));
    expect(tax.order).toEqual(['ensureTaxReady']);
    expect(calls.payloadsOf('invoiceApplication/issueWaiting')).toEqual([]);
  });

  test('the face authentication missing: the notice offers 去刷脸认证; nothing blocking: no notice', async () => {
    serve([waiting('a', '今日尚未完成刷脸认证，请先刷脸认证后重试')]);
    render(<InvoiceWaitingListPage />);
    expect(await screen.findByRole('button', { name: '去刷脸认证' })).toBeTruthy();
    cleanup();
    serve([waiting('a', null)]);
    render(<InvoiceWaitingListPage />);
    await screen.findByRole('article', { name: '购买方a' });
    expect(document.querySelector('.adm-notice-bar')).toBeNull();
  });

  test('开具全部 gets the tax bureau ready first, then issues every waiting one, says how many, and reloads', async () => {
    const calls = serve([A, B]);
    render(<InvoiceWaitingListPage />);
    fireEvent.click(await screen.findByRole('button', { name: '开具全部 (2)' }));
    expect(await screen.findByText('已提交 2 张发票开具')).toBeTruthy();
    expect(tax.order).toEqual(['ensureTaxReady', 'issue']);
    expect(calls.payloadsOf('invoiceApplication/issueWaiting')).toEqual([{}]);
    await waitFor(() => expect(listLoads(calls)).toBe(2));
  });

  test('开具 on a row issues that one', async () => {
    const calls = serve([A, B]);
    render(<InvoiceWaitingListPage />);
    fireEvent.click(within(await screen.findByRole('article', { name: '购买方b' })).getByRole('button', { name: '开具' }));
    expect(await screen.findByText('已提交 1 张发票开具')).toBeTruthy();
    expect(calls.payloadsOf('invoiceApplication/issueWaiting')).toEqual([{ ids: ['b'] }]);
    await waitFor(() => expect(listLoads(calls)).toBe(2));
  });

  test('the user gives up on the login dialog: nothing is issued', async () => {
    tax.ensureTaxReady.mockImplementation(async () => false);
    const calls = serve([A]);
    render(<InvoiceWaitingListPage />);
    fireEvent.click(await screen.findByRole('button', { name: '开具全部 (1)' }));
    await waitFor(() => expect(tax.ensureTaxReady).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(listLoads(calls)).toBe(2));
    expect(calls.payloadsOf('invoiceApplication/issueWaiting')).toEqual([]);
    expect(screen.queryByText(/已提交/)).toBeNull();
  });

  test('2002 (still not ready at the bureau): the dialogs open again and the issue is tried once more, quietly the first time', async () => {
    const calls = serve([A, B], sequence(failure(2002, NOT_LOGGED_IN), issued(['a', 'b'])));
    render(<InvoiceWaitingListPage />);
    fireEvent.click(await screen.findByRole('button', { name: '开具全部 (2)' }));
    expect(await screen.findByText('已提交 2 张发票开具')).toBeTruthy();
    expect(tax.order).toEqual(['ensureTaxReady', 'issue', 'ensureTaxReady', 'issue']);
    expect(calls.payloadsOf('invoiceApplication/issueWaiting')).toEqual([{}, {}]);
    const options = api.callApi.mock.calls.filter(([path]) => path === 'invoiceApplication/issueWaiting').map(([, , callOptions]) => callOptions);
    expect(options).toEqual([{ noRepeat: true, handles: [2002] }, {}]);
  });

  test('2002 twice: the second failure is left to the API client, no success toast, the list reloads', async () => {
    const calls = serve([A], () => failure(2002, NOT_LOGGED_IN));
    render(<InvoiceWaitingListPage />);
    fireEvent.click(await screen.findByRole('button', { name: '开具全部 (1)' }));
    await waitFor(() => expect(calls.payloadsOf('invoiceApplication/issueWaiting')).toHaveLength(2));
    await waitFor(() => expect(listLoads(calls)).toBe(2));
    expect(tax.ensureTaxReady).toHaveBeenCalledTimes(2);
    expect(screen.queryByText(/已提交/)).toBeNull();
  });

  test('nothing waits: says so, with 查看开票申请 as the next step, and no 开具全部', async () => {
    serve([]);
    render(<InvoiceWaitingListPage />);
    expect(await screen.findByText('没有待开具的发票')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /开具全部/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '查看开票申请' }));
    expect(router.navigate).toHaveBeenCalledWith('/invoice/applying/list');
  });
});
