import { afterEach, describe, expect, test } from '@rstest/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fail, ok, renderPage, taxAccount, type ApiMock, type Route } from '@app/host-sdk/testing';
import type { Application, IssueResult } from '@app/contract/invoice-application';
import { application } from '../../test-support/applications';
import { useListPageEnvironment } from '@app/ui/test-support/list-layout';
import InvoiceApplyingListPage from './InvoiceApplyingListPage';

const A = application('a', {
  buyer: {
    name: '北京示例科技有限公司',
    taxNumber: '91110108MA01C2QK3D',
    address: '',
    phone: '',
    bankName: '',
    bankAccount: '',
    naturalPerson: false,
  },
  grossFen: 123_450,
  goodsName: '软件服务费',
  source: '子码',
  sourceName: '一号收银台',
  remarks: '请开项目名称为服务费',
  deliverPhone: '13800138000',
  deliverEmail: 'finance@example.com',
});
const B = application('b', {
  buyer: { name: '张三', taxNumber: '', address: '', phone: '', bankName: '', bankAccount: '', naturalPerson: true },
  grossFen: 8_800,
});
const C = application('c');

/** Logged in at the tax bureau and authenticated today. */
const READY = ok(taxAccount({ loginState: '已登录', scanFaceState: '已认证', scanFaceTime: '2025-03-01T01:00:00.000Z' }));

/** The page, `invoiceApplication/list` answering what is still 待审核 in `pending`. */
function serve(
  pending: Application[],
  approve: (ids: string[]) => IssueResult[] = (ids) => ids.map((id) => started(id)),
  calls: Record<string, Route> = {},
) {
  const state = { pending: [...pending] };
  return renderPage(<InvoiceApplyingListPage />, {
    url: '/invoice/applying/list',
    calls: {
      'invoiceApplication/list': () => ok({ total: state.pending.length, list: state.pending }),
      'invoiceApplication/approve': ({ ids }) => {
        const chosen = ids as string[];
        state.pending = state.pending.filter((item) => !chosen.includes(item.id));
        return ok({ results: approve(chosen) });
      },
      'invoiceApplication/reject': ({ id, reason }) => {
        const rejected = state.pending.find((item) => item.id === id);
        state.pending = state.pending.filter((item) => item.id !== id);
        return ok({ ...rejected, status: '已拒绝', rejectReason: reason });
      },
      'taxAccount/getTaxAccount': READY,
      ...calls,
    },
  });
}

const started = (id: string): IssueResult => ({ id, status: '开票中', taskId: `task-${id}`, blockedReason: null });
const blocked = (id: string): IssueResult => ({ id, status: '待开票', taskId: null, blockedReason: '电子税务局未登录，请先登录后重试' });

const cardOf = (name: string) => screen.findByRole('article', { name });
const listLoads = (api: ApiMock) => api.bodiesOf('invoiceApplication/list').length;
/** The open antd-mobile dialog (rendered into the body). */
const dialog = () =>
  waitFor(() => {
    const element = document.querySelector<HTMLElement>('.adm-dialog-body');
    if (!element) throw new Error('no dialog');
    return element;
  });

useListPageEnvironment();
afterEach(() => {
  cleanup();
  // The notices (Dialog.show) live outside the page: none is left for the next test to find.
  document.body.innerHTML = '';
});

describe('InvoiceApplyingListPage', () => {
  test('a card per 待审核 application: buyer, tax number, amount, goods, source, delivery, remarks, time', async () => {
    const { api } = serve([A, B]);
    const card = await cardOf('北京示例科技有限公司');
    for (const text of [
      '税号 91110108MA01C2QK3D',
      '¥1,234.50',
      '软件服务费',
      '子码',
      '一号收银台',
      '13800138000 / finance@example.com',
      '请开项目名称为服务费',
      '2024-05-01 10:03',
    ]) {
      expect(within(card).getByText(text)).toBeTruthy();
    }
    const person = await cardOf('张三');
    expect(within(person).getByText('个人')).toBeTruthy();
    expect(within(person).getByText('¥88.00')).toBeTruthy();
    expect(within(person).getByText('未填写')).toBeTruthy();
    expect(screen.getByText('共 2 条申请待审核')).toBeTruthy();
    expect(api.bodiesOf('invoiceApplication/list')).toEqual([{ status: '待审核', page: 1 }]);
  });

  test('同意开票 approves that one, reloads, and offers the task that issues it', async () => {
    const { api, url } = serve([A, B]);
    fireEvent.click(within(await cardOf('张三')).getByRole('button', { name: '同意开票' }));

    expect(within(await dialog()).getByText('已提交开票')).toBeTruthy();
    expect(api.bodiesOf('invoiceApplication/approve')).toEqual([{ ids: ['b'] }]);
    await waitFor(() => expect(listLoads(api)).toBe(2));
    await waitFor(() => expect(screen.queryByRole('article', { name: '张三' })).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: '查看进度' }));
    expect(url()).toBe('/invoice/task/detail?id=task-b');
  });

  test('approved while the tax bureau is not ready: says why and that it waits in 待开票; 去登录 gets ready, then opens 待开票', async () => {
    const { api, url } = serve([A], (ids) => ids.map(blocked));
    fireEvent.click(within(await cardOf('北京示例科技有限公司')).getByRole('button', { name: '同意开票' }));

    const notice = await dialog();
    expect(within(notice).getByText('已同意，待开票')).toBeTruthy();
    expect(within(notice).getByText('电子税务局未登录，请先登录后重试')).toBeTruthy();
    expect(within(notice).getByText(/该申请已移至“待开票”/)).toBeTruthy();
    await waitFor(() => expect(listLoads(api)).toBe(2));
    expect(await screen.findByText('暂无待处理的开票申请')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '去登录' }));
    await waitFor(() => expect(url()).toBe('/invoice/waiting/list'));
    // Ready at the tax bureau (asked once), so no login or face dialog came in between.
    expect(api.bodiesOf('taxAccount/getTaxAccount')).toHaveLength(1);
    expect(screen.queryByRole('dialog', { name: '登录授权' })).toBeNull();
  });

  test('拒绝 needs a reason (at most 100 characters), then rejects with it and reloads', async () => {
    const { api } = serve([A, B]);
    fireEvent.click(within(await cardOf('北京示例科技有限公司')).getByRole('button', { name: '拒绝' }));
    const body = await dialog();
    expect(within(body).getByText('拒绝开票申请')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '确认拒绝' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', '请填写拒绝原因');
    expect(api.bodiesOf('invoiceApplication/reject')).toEqual([]);

    const reason = within(body).getByLabelText(/拒绝原因/) as HTMLTextAreaElement;
    fireEvent.change(reason, { target: { value: '长'.repeat(120) } });
    expect(reason.value).toBe('长'.repeat(100));
    expect(within(body).getByText('100/100')).toBeTruthy();
    fireEvent.change(reason, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: '确认拒绝' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(api.bodiesOf('invoiceApplication/reject')).toEqual([]);

    fireEvent.change(reason, { target: { value: ' 非本店消费，请核对 ' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '确认拒绝' }));
    await waitFor(() => expect(api.bodiesOf('invoiceApplication/reject')).toEqual([{ id: 'a', reason: '非本店消费，请核对' }]));
    expect(await screen.findByText('已拒绝')).toBeTruthy();
    await waitFor(() => expect(listLoads(api)).toBe(2));
    await waitFor(() => expect(screen.queryByRole('article', { name: '北京示例科技有限公司' })).toBeNull());
  });

  test('a quick reason fills in the reason', async () => {
    const { api } = serve([A]);
    fireEvent.click(within(await cardOf('北京示例科技有限公司')).getByRole('button', { name: '拒绝' }));
    fireEvent.click(within(await dialog()).getByRole('button', { name: '重复申请' }));
    fireEvent.click(screen.getByRole('button', { name: '确认拒绝' }));
    await waitFor(() => expect(api.bodiesOf('invoiceApplication/reject')).toEqual([{ id: 'a', reason: '重复申请' }]));
  });

  test('a failed reject keeps the dialog open and the reason', async () => {
    const { api } = serve([A], undefined, { 'invoiceApplication/reject': fail(2005, '该申请已开票中，不能拒绝') });
    fireEvent.click(within(await cardOf('北京示例科技有限公司')).getByRole('button', { name: '拒绝' }));
    const reason = within(await dialog()).getByLabelText(/拒绝原因/) as HTMLTextAreaElement;
    fireEvent.change(reason, { target: { value: '金额不符' } });
    fireEvent.click(screen.getByRole('button', { name: '确认拒绝' }));
    await waitFor(() => expect(api.bodiesOf('invoiceApplication/reject')).toHaveLength(1));
    expect(screen.queryByText('已拒绝')).toBeNull();
    expect((within(await dialog()).getByLabelText(/拒绝原因/) as HTMLTextAreaElement).value).toBe('金额不符');
  });

  test('batch mode: pick rows, 批量同意 (n) approves them in one call after a confirmation, then reloads', async () => {
    const { api } = serve([A, B, C]);
    await cardOf('北京示例科技有限公司');
    fireEvent.click(screen.getByRole('button', { name: '批量处理' }));
    expect(within(await cardOf('张三')).queryByRole('button', { name: '同意开票' })).toBeNull();
    const approveButton = () => screen.getByRole('button', { name: /批量同意/ });
    expect(approveButton().textContent).toBe('批量同意 (0)');
    expect((approveButton() as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(await cardOf('北京示例科技有限公司'));
    fireEvent.click(within(await cardOf('购买方c')).getByRole('checkbox'));
    expect(approveButton().textContent).toBe('批量同意 (2)');
    fireEvent.click(await cardOf('北京示例科技有限公司'));
    fireEvent.click(await cardOf('张三'));
    expect(approveButton().textContent).toBe('批量同意 (2)');

    fireEvent.click(approveButton());
    expect(within(await dialog()).getByText('确定同意选中的 2 条申请并开具发票吗？')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '同意开票' }));
    await waitFor(() => expect(api.bodiesOf('invoiceApplication/approve')).toEqual([{ ids: ['c', 'b'] }]));
    expect(await screen.findByText('已提交 2 张发票开具')).toBeTruthy();
    await waitFor(() => expect(listLoads(api)).toBe(2));
    await waitFor(() => expect(screen.queryByRole('button', { name: /批量同意/ })).toBeNull());
  });

  test('全选 picks every loaded row, and again clears them', async () => {
    const { api } = serve([A, B, C]);
    await cardOf('张三');
    fireEvent.click(screen.getByRole('button', { name: '批量处理' }));
    const all = screen.getByText('全选');
    fireEvent.click(all);
    expect(screen.getByRole('button', { name: /批量同意/ }).textContent).toBe('批量同意 (3)');
    fireEvent.click(all);
    expect(screen.getByRole('button', { name: /批量同意/ }).textContent).toBe('批量同意 (0)');
    fireEvent.click(all);
    fireEvent.click(screen.getByRole('button', { name: /批量同意/ }));
    await dialog();
    fireEvent.click(screen.getByRole('button', { name: '同意开票' }));
    await waitFor(() => expect(api.bodiesOf('invoiceApplication/approve')).toEqual([{ ids: ['a', 'b', 'c'] }]));
  });

  test('at most 50 in one batch: 全选 picks the first 50 and says so', async () => {
    const many = Array.from({ length: 60 }, (_, index) => application(`n${index}`));
    serve([], undefined, {
      'invoiceApplication/list': ({ page }) => ok({ total: many.length, list: many.slice((Number(page) - 1) * 20, Number(page) * 20) }),
    });
    expect(await screen.findByText('没有更多了', {}, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '批量处理' }));
    fireEvent.click(screen.getByText('全选'));
    expect(screen.getByRole('button', { name: /批量同意/ }).textContent).toBe('批量同意 (50)');
    expect(await screen.findByText('一次最多选择 50 条')).toBeTruthy();
    fireEvent.click(await cardOf('购买方n55'));
    expect(screen.getByRole('button', { name: /批量同意/ }).textContent).toBe('批量同意 (50)');
  });

  test('nothing to review: says so, with 查看开票二维码 as the next step', async () => {
    const { url } = serve([]);
    expect(await screen.findByText('暂无待处理的开票申请')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '批量处理' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '查看开票二维码' }));
    expect(url()).toBe('/invoice/qrcode');
  });
});
