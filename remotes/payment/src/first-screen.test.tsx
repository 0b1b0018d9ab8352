/**
 * 收支's first screen as the server paints it (first-screen.tsx): the page the app draws first from the same answers
 * (this month's first page the page carries), in the host's frame with the tab bar, for a company's user only.
 */
import { afterEach, beforeEach, describe, expect, rs, test } from '@rstest/core';
import { cleanup, screen } from '@testing-library/react';
import { comparableMarkup, paintFirstScreen, renderPage, userDetail } from '@app/host-sdk/testing';
import * as firstScreen from './first-screen';
import PaymentListPage from './pages/payment-list/PaymentListPage';
import { PAYMENT_LIST_META } from './pages/payment-list/payment-list-meta';
import { paymentRecord } from './test-support/payments';

const RECORD = paymentRecord({ providerTradeNo: 'WX0001', at: '2026-12-01T02:00:05.000Z', invoiceState: '申请中', applicationId: 'a-1' });
const carried = [
  { path: 'payment/list', body: { month: '2026-12', page: 1 }, result: { total: 1, list: [RECORD], incomeFen: 8800, expenseFen: 0 } },
];

beforeEach(() => {
  rs.useFakeTimers({ toFake: ['Date'] });
  rs.setSystemTime(new Date('2026-12-04T04:00:00.000Z'));
});
afterEach(() => {
  cleanup();
  rs.useRealTimers();
});

describe("收支's first screen painted by the server", () => {
  test("a manager's: this month's totals and rows as the app draws them first, in the host's frame with the tab bar", async () => {
    const user = userDetail();
    const painted = await paintFirstScreen(firstScreen, '/payment/list', { user, carried });
    const page = painted?.querySelector('.app-layout > .app-layout__page--first');
    expect(page?.getAttribute('data-page')).toBe(PAYMENT_LIST_META.name);
    expect(page?.getAttribute('data-owner')).toBe('payment');
    expect(page?.querySelector('[data-testid="income-total"]')?.textContent).toBe('¥88.00');
    expect(page?.textContent).toContain('店铺收款');
    expect(painted?.querySelector('.app-tab-bar .adm-tab-bar-item-active')?.textContent).toBe('收支');

    const { api } = renderPage(<PaymentListPage />, { url: '/payment/list', meta: PAYMENT_LIST_META, user, carried });
    expect(screen.getByRole('button', { name: '店铺收款 +¥88.00' })).toBeTruthy();
    expect(comparableMarkup(page?.querySelector('.app-page') ?? null)).toBe(comparableMarkup(document.querySelector('.app-page')));
    expect(api.calls).toEqual([]);
  });

  test('without the carried answer, the skeleton the app draws first; for a user who may not see it, 暂无权限', async () => {
    const bare = await paintFirstScreen(firstScreen, '/payment/list', { user: userDetail() });
    expect(bare?.querySelector('.app-paged-list__skeleton[aria-label="加载中"]')).not.toBeNull();
    const employee = userDetail({ permissions: ['company_user_role'] });
    const refused = await paintFirstScreen(firstScreen, '/payment/list', { user: employee, carried });
    expect(refused?.textContent).toContain('暂无权限');
    expect(refused?.textContent).not.toContain('店铺收款');
  });

  test("a personal user's, and any other address, are left to the app", async () => {
    const person = userDetail({ company: false, companyUser: false, companyInfo: null, permissions: [] });
    expect(await paintFirstScreen(firstScreen, '/payment/list', { user: person, carried })).toBeNull();
    expect(await paintFirstScreen(firstScreen, '/payment/detail', { user: userDetail(), carried })).toBeNull();
  });
});
