import { afterEach, beforeEach, describe, expect, rs, test } from '@rstest/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ok, renderPage, userDetail } from '@app/host-sdk/testing';
import type { PaymentRecord } from '@app/contract/payment';
import { FIRST_CALLS } from '../../first-calls';
import { paymentRecord } from '../../test-support/payments';
import PaymentListPage from './PaymentListPage';

const INCOME = paymentRecord({
  channel: 'demo',
  providerTradeNo: 'DEMO0001',
  invoiceState: '申请中',
  applicationId: 'a-1',
});
const EXPENSE: PaymentRecord = {
  ...INCOME,
  id: 'p-2',
  type: 'expense',
  amountFen: -50000,
  channel: 'bank',
  title: '提现',
  counterparty: '招商银行 (8888)',
  invoiceState: null,
  applicationId: null,
};

const page = (list: PaymentRecord[], incomeFen = 8800, expenseFen = 50000) => ok({ total: list.length, list, incomeFen, expenseFen });

beforeEach(() => {
  rs.useFakeTimers({ toFake: ['Date'] });
  rs.setSystemTime(new Date('2026-11-23T04:00:00.000Z'));
});
afterEach(() => {
  cleanup();
  rs.useRealTimers();
});

describe('PaymentListPage', () => {
  test('this month: the totals at the top, each record with its signed amount and invoice state', async () => {
    const { api } = renderPage(<PaymentListPage />, { url: '/payment/list', calls: { 'payment/list': page([INCOME, EXPENSE]) } });
    expect(document.title).toBe('收支');
    expect(screen.getByText('2026年11月')).toBeTruthy();
    const income = await screen.findByRole('button', { name: '店铺收款 +¥88.00' });
    expect(within(income).getByText('申请中')).toBeTruthy();
    expect(within(income).getByText('普通用户 · 2026-11-23 10:00')).toBeTruthy();
    expect(screen.getByRole('button', { name: '提现 -¥500.00' })).toBeTruthy();
    expect(screen.getByTestId('income-total').textContent).toBe('¥88.00');
    expect(screen.getByTestId('expense-total').textContent).toBe('¥500.00');
    expect(api.bodiesOf('payment/list')).toEqual([{ month: '2026-11', page: 1 }]);
    // The page's first call is the one the remote declares, this month filled in by the server.
    expect(FIRST_CALLS['/payment/list']).toEqual([{ path: 'payment/list', body: { month: '$chinaMonth', page: 1 } }]);
  });

  test('the month the page carries is drawn in the first render, without asking; another type asks the server', async () => {
    const carried = [
      { path: 'payment/list', body: { month: '2026-11', page: 1 }, result: { total: 1, list: [INCOME], incomeFen: 8800, expenseFen: 0 } },
    ];
    const { api } = renderPage(<PaymentListPage />, { url: '/payment/list', carried, calls: { 'payment/list': page([EXPENSE]) } });
    expect(screen.getByRole('button', { name: '店铺收款 +¥88.00' })).toBeTruthy();
    expect(screen.getByTestId('income-total').textContent).toBe('¥88.00');
    expect(screen.getByTestId('expense-total').textContent).toBe('¥0.00');
    expect(screen.getByText('没有更多了')).toBeTruthy();
    expect(api.calls).toEqual([]);
    // Another type is another query: the server's.
    fireEvent.click(screen.getByText('全部类型'));
    fireEvent.click(await screen.findByRole('option', { name: '支出' }));
    expect(await screen.findByRole('button', { name: '提现 -¥500.00' })).toBeTruthy();
    expect(api.bodiesOf('payment/list')).toEqual([{ month: '2026-11', type: 'expense', page: 1 }]);
  });

  test('the type and channel filters ask again; nothing left offers 清除筛选', async () => {
    const { api } = renderPage(<PaymentListPage />, {
      url: '/payment/list',
      calls: { 'payment/list': (body) => (body.channel === 'wechat' ? page([], 0, 0) : page([INCOME])) },
    });
    await screen.findByRole('button', { name: '店铺收款 +¥88.00' });
    fireEvent.click(screen.getByText('全部类型'));
    fireEvent.click(await screen.findByRole('option', { name: '收入' }));
    await waitFor(() => expect(api.bodiesOf('payment/list')).toContainEqual({ month: '2026-11', type: 'income', page: 1 }));
    fireEvent.click(screen.getByText('全部渠道'));
    fireEvent.click(await screen.findByRole('option', { name: '微信' }));
    expect(await screen.findByText('没有符合条件的收支')).toBeTruthy();
    expect(api.bodiesOf('payment/list').at(-1)).toEqual({ month: '2026-11', type: 'income', channel: 'wechat', page: 1 });
    fireEvent.click(screen.getByRole('button', { name: '清除筛选' }));
    expect(await screen.findByRole('button', { name: '店铺收款 +¥88.00' })).toBeTruthy();
    expect(api.bodiesOf('payment/list').at(-1)).toEqual({ month: '2026-11', page: 1 });
  });

  test('导出 opens the export sheet on the month shown, with the type and channel chosen', async () => {
    const { api } = renderPage(<PaymentListPage />, {
      url: '/payment/list',
      calls: { 'payment/list': page([INCOME]), 'export/create': () => new Promise(() => undefined) },
    });
    await screen.findByRole('button', { name: '店铺收款 +¥88.00' });
    fireEvent.click(screen.getByText('全部类型'));
    fireEvent.click(await screen.findByRole('option', { name: '收入' }));
    await waitFor(() => expect(api.bodiesOf('payment/list')).toContainEqual({ month: '2026-11', type: 'income', page: 1 }));
    fireEvent.click(screen.getByRole('button', { name: '导出' }));
    const sheet = await screen.findByRole('dialog', { name: '导出收支' });
    expect(within(sheet).getByText('筛选条件：收入')).toBeTruthy();
    expect(within(sheet).queryByText('PDF 压缩包')).toBeNull();
    fireEvent.click(within(sheet).getByRole('button', { name: '生成 Excel' }));
    await waitFor(() =>
      expect(api.bodiesOf('export/create')).toEqual([
        { source: 'payments', format: 'xlsx', month: '2026-11', payments: { type: 'income' } },
      ]),
    );
  });

  test('an empty month: 本月暂无收支 and zero totals', async () => {
    renderPage(<PaymentListPage />, { url: '/payment/list', calls: { 'payment/list': page([], 0, 0) } });
    expect(await screen.findByText('本月暂无收支')).toBeTruthy();
    expect(screen.getByTestId('income-total').textContent).toBe('¥0.00');
  });

  test('a row opens /payment/detail', async () => {
    const { url } = renderPage(<PaymentListPage />, { url: '/payment/list', calls: { 'payment/list': page([INCOME]) } });
    fireEvent.click(await screen.findByRole('button', { name: '店铺收款 +¥88.00' }));
    expect(url()).toBe('/payment/detail?id=p-1');
  });

  test('an employee without benefit_payment is told, and nothing is asked', async () => {
    const { api } = renderPage(<PaymentListPage />, { url: '/payment/list', user: userDetail({ permissions: [] }) });
    expect(await screen.findByText('仅管理员或收款管理员可查看收支')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '导出' })).toBeNull();
    expect(api.calls).toEqual([]);
  });

  test('a 收款管理员 sees it', async () => {
    renderPage(<PaymentListPage />, {
      url: '/payment/list',
      user: userDetail({ permissions: ['benefit_payment'] }),
      calls: { 'payment/list': page([INCOME]) },
    });
    expect(await screen.findByRole('button', { name: '店铺收款 +¥88.00' })).toBeTruthy();
  });
});
