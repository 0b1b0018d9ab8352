import { afterEach, beforeEach, describe, expect, rs, test } from '@rstest/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fail, ok, renderPage, sequence } from '@app/host-sdk/testing';
import type { IncomeStatistics } from './income-statistics-api';
import IncomeStatisticsPage from './IncomeStatisticsPage';

const URL = '/my/statistics/incomeStatistics';

const STATS: IncomeStatistics = {
  totals: { incomeFen: 1_234_550, count: 7, expenseFen: 20_000 },
  series: [
    { key: '2026-06-01', incomeFen: 1_000_000, count: 2 },
    { key: '2026-06-02', incomeFen: 234_550, count: 5 },
  ],
  byChannel: [
    { channel: 'wechat', incomeFen: 1_000_000, count: 2 },
    { channel: 'alipay', incomeFen: 200_000, count: 3 },
    { channel: 'demo', incomeFen: 34_550, count: 2 },
  ],
};
const EMPTY: IncomeStatistics = {
  totals: { incomeFen: 0, count: 0, expenseFen: 0 },
  series: [{ key: '2026-06-01', incomeFen: 0, count: 0 }],
  byChannel: [],
};

beforeEach(() => {
  rs.useFakeTimers({ toFake: ['Date'] });
  rs.setSystemTime(new Date('2026-06-15T04:00:00Z'));
});
afterEach(() => {
  cleanup();
  rs.useRealTimers();
});

const cardOf = (label: string) => screen.getAllByText(label)[0]!.closest('.stats-totals__card') as HTMLElement;

describe('IncomeStatisticsPage', () => {
  test('this China month by day: income, count and expenses, the chart, income by channel', async () => {
    const { api } = renderPage(<IncomeStatisticsPage />, { url: URL, calls: { 'statistics/income': ok(STATS) } });
    expect(screen.getByLabelText('加载中')).toBeTruthy();
    expect(await screen.findByRole('figure', { name: '每日收入金额' })).toBeTruthy();
    expect(api.bodiesOf('statistics/income')).toEqual([{ from: '2026-06-01', to: '2026-06-15', by: 'day' }]);
    expect(within(cardOf('收入金额')).getByText('¥12,345.50')).toBeTruthy();
    expect(within(cardOf('笔数')).getByText('7')).toBeTruthy();
    expect(within(cardOf('支出')).getByText('¥200.00')).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: '按渠道' }))
      .getAllByRole('row')
      .map((row) => Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['渠道', '笔数', '收入金额'],
      ['微信', '2', '¥10,000.00'],
      ['支付宝', '3', '¥2,000.00'],
      ['演示', '2', '¥345.50'],
    ]);
  });

  test('本年 asks by month', async () => {
    const { api } = renderPage(<IncomeStatisticsPage />, { url: URL, calls: { 'statistics/income': ok(STATS) } });
    await screen.findByRole('figure', { name: '每日收入金额' });
    fireEvent.click(screen.getByText('本年'));
    expect(await screen.findByRole('figure', { name: '每月收入金额' })).toBeTruthy();
    expect(api.bodiesOf('statistics/income')[1]).toEqual({ from: '2026-01-01', to: '2026-06-15', by: 'month' });
  });

  test('a refusal shows its message, and 重试 loads again', async () => {
    const { api } = renderPage(<IncomeStatisticsPage />, {
      url: URL,
      calls: { 'statistics/income': sequence(fail(5000, '服务暂时不可用'), ok(STATS)) },
    });
    expect(await screen.findByText('服务暂时不可用')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('table', { name: '按渠道' })).toBeTruthy();
    await waitFor(() => expect(api.bodiesOf('statistics/income')).toHaveLength(2));
  });

  test('a range without income says so', async () => {
    renderPage(<IncomeStatisticsPage />, { url: URL, calls: { 'statistics/income': ok(EMPTY) } });
    expect(await screen.findByText('区间内暂无收入')).toBeTruthy();
  });
});
