import { afterEach, beforeEach, describe, expect, rs, test } from '@rstest/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { noAnswer, ok, renderPage, sequence, userDetail } from '@app/host-sdk/testing';
import type { InvoiceStatistics } from './invoice-statistics-api';
import InvoiceStatisticsPage from './InvoiceStatisticsPage';

const URL = '/my/statistics/invoiceStatistics';
const zero = (key: string) => ({ key, blueCount: 0, blueFen: 0, redCount: 0, redFen: 0 });

const STATS: InvoiceStatistics = {
  totals: { blueCount: 3, blueFen: 23_430, redCount: 1, redFen: -5_300, netFen: 18_130 },
  series: [zero('2026-06-01'), { key: '2026-06-02', blueCount: 3, blueFen: 23_430, redCount: 1, redFen: -5_300 }, zero('2026-06-03')],
  byRate: [
    { ratePermille: 130, taxFree: null, netFen: 10_000, taxFen: 1_300, grossFen: 11_300 },
    { ratePermille: 15, taxFree: null, netFen: 10_000, taxFen: 150, grossFen: 10_150 },
    { ratePermille: null, taxFree: '免税', netFen: 500, taxFen: 0, grossFen: 500 },
  ],
};
const EMPTY: InvoiceStatistics = {
  totals: { blueCount: 0, blueFen: 0, redCount: 0, redFen: 0, netFen: 0 },
  series: [zero('2026-06-01')],
  byRate: [],
};

beforeEach(() => {
  rs.useFakeTimers({ toFake: ['Date'] });
  rs.setSystemTime(new Date('2026-06-14T20:00:00Z')); // 2026-06-15 04:00 in China
});
afterEach(() => {
  cleanup();
  rs.useRealTimers();
});

const cardOf = (label: string) => screen.getByText(label).closest('.stats-totals__card') as HTMLElement;

describe('InvoiceStatisticsPage', () => {
  test('this China month by day: totals, the chart and the lines by rate', async () => {
    const { api } = renderPage(<InvoiceStatisticsPage />, { url: URL, calls: { 'statistics/invoice': ok(STATS) } });
    expect(screen.getByLabelText('加载中')).toBeTruthy();
    expect(await screen.findByText('开票张数')).toBeTruthy();
    expect(api.bodiesOf('statistics/invoice')).toEqual([{ from: '2026-06-01', to: '2026-06-15', by: 'day' }]);
    expect(screen.getByText('2026-06-01 至 2026-06-15 · 按日')).toBeTruthy();

    expect(within(cardOf('开票张数')).getByText('4')).toBeTruthy();
    expect(within(cardOf('开票张数')).getByText('蓝票 3 张 · 红票 1 张')).toBeTruthy();
    expect(within(cardOf('蓝票金额')).getByText('¥234.30')).toBeTruthy();
    expect(within(cardOf('红票金额')).getByText('-¥53.00')).toBeTruthy();
    expect(within(cardOf('净额')).getByText('¥181.30')).toBeTruthy();
    expect(screen.getByRole('figure', { name: '每日蓝票与红票金额' })).toBeTruthy();

    const table = screen.getByRole('table', { name: '按税率' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['税率', '金额', '税额', '价税合计'],
      ['13%', '¥100.00', '¥13.00', '¥113.00'],
      ['1.5%', '¥100.00', '¥1.50', '¥101.50'],
      ['免税', '¥5.00', '¥0.00', '¥5.00'],
    ]);
  });

  test('the presets ask for their ranges: 本年 by month, 近 7 天 and 近 30 天 by day', async () => {
    const { api } = renderPage(<InvoiceStatisticsPage />, { url: URL, calls: { 'statistics/invoice': ok(STATS) } });
    await screen.findByText('开票张数');
    fireEvent.click(screen.getByText('本年'));
    expect(await screen.findByRole('figure', { name: '每月蓝票与红票金额' })).toBeTruthy();
    fireEvent.click(screen.getByText('近 7 天'));
    await waitFor(() => expect(api.bodiesOf('statistics/invoice')).toHaveLength(3));
    fireEvent.click(screen.getByText('近 30 天'));
    await waitFor(() => expect(api.bodiesOf('statistics/invoice')).toHaveLength(4));
    expect(api.bodiesOf('statistics/invoice').slice(1)).toEqual([
      { from: '2026-01-01', to: '2026-06-15', by: 'month' },
      { from: '2026-06-09', to: '2026-06-15', by: 'day' },
      { from: '2026-05-17', to: '2026-06-15', by: 'day' },
    ]);
  });

  test('自定义 shows the range’s days, each opening a date picker', async () => {
    renderPage(<InvoiceStatisticsPage />, { url: URL, calls: { 'statistics/invoice': ok(STATS) } });
    await screen.findByText('开票张数');
    fireEvent.click(screen.getByText('自定义'));
    fireEvent.click(screen.getByRole('button', { name: '开始日期 2026-06-01' }));
    expect(await screen.findByText('选择开始日期')).toBeTruthy();
    expect(screen.getByRole('button', { name: '结束日期 2026-06-15' })).toBeTruthy();
  });

  test('a failed load says so, and 重试 loads again', async () => {
    const { api } = renderPage(<InvoiceStatisticsPage />, { url: URL, calls: { 'statistics/invoice': sequence(noAnswer(), ok(STATS)) } });
    expect(await screen.findByText('加载失败')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('开票张数')).toBeTruthy();
    expect(api.bodiesOf('statistics/invoice')).toHaveLength(2);
  });

  test('a range without invoices says so', async () => {
    renderPage(<InvoiceStatisticsPage />, { url: URL, calls: { 'statistics/invoice': ok(EMPTY) } });
    expect(await screen.findByText('区间内暂无开票')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  test('a manager switches to 收入统计 with the tabs, in place of this page', async () => {
    const { url, router } = renderPage(<InvoiceStatisticsPage />, {
      url: URL,
      history: ['/my'],
      calls: { 'statistics/invoice': ok(STATS) },
    });
    await screen.findByText('开票张数');
    expect(screen.getByRole('tab', { name: '开票统计', selected: true })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '收入统计' }));
    await waitFor(() => expect(url()).toBe('/my/statistics/incomeStatistics'));
    await router.navigate(-1);
    await waitFor(() => expect(url()).toBe('/my'));
  });

  test('an employee without the money permissions sees no tabs (收入统计 is not theirs)', async () => {
    renderPage(<InvoiceStatisticsPage />, {
      url: URL,
      user: userDetail({ permissions: ['company_user_role'] }),
      calls: { 'statistics/invoice': ok(STATS) },
    });
    await screen.findByText('开票张数');
    expect(screen.queryByRole('tab')).toBeNull();
  });
});
