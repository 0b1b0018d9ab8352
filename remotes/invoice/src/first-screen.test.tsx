/**
 * The home's first screen as the server paints it (first-screen.tsx): the page the app draws first from the same
 * answers, in the host's frame with the tab bar, for a company user only.
 */
import { afterEach, describe, expect, test } from '@rstest/core';
import { cleanup, screen } from '@testing-library/react';
import type { UserDetail } from '@app/contract/user';
import { comparableMarkup, noAnswer, ok, paintFirstScreen, renderPage, taxAccount, userDetail } from '@app/host-sdk/testing';
import * as firstScreen from './first-screen';
import InvoiceDefaultCreatePage from './pages/invoice-default-create/InvoiceDefaultCreatePage';
import { HOME_META } from './pages/invoice-default-create/home-meta';
import InvoiceCreatePage from './pages/invoice-create/InvoiceCreatePage';
import { INVOICE_CREATE_META } from './pages/invoice-create/invoice-create-meta';
import InvoiceListPage from './pages/invoice-list/InvoiceListPage';
import { INVOICE_LIST_META } from './pages/invoice-list/invoice-list-meta';
import { invoiceSummary } from './test-support/invoice-documents';

const paint = (pathname: string, options: Parameters<typeof paintFirstScreen>[2]) => paintFirstScreen(firstScreen, pathname, options);

const LIST_CARRIED = [
  {
    path: 'invoice/list',
    body: { page: 1 },
    result: {
      total: 2,
      list: [
        invoiceSummary({ id: 'blue-1', buyerName: '北京示例科技有限公司' }),
        invoiceSummary({ id: 'red-1', kind: 'red', grossFen: -10_000, buyerName: '上海红冲贸易有限公司' }),
      ],
    },
  },
];

afterEach(cleanup);

describe("the home's first screen painted by the server", () => {
  test("a company user's home is the page the app draws first from the same answers, in the host's frame", async () => {
    const user = userDetail();
    const account = taxAccount();
    const painted = await paint('/', { user, taxAccount: account, demo: true });
    const page = painted?.querySelector('.app-layout > .app-layout__page--first');
    expect(page?.getAttribute('data-page')).toBe(HOME_META.name);
    expect(page?.getAttribute('data-owner')).toBe('invoice');
    const tabs = painted?.querySelector('nav.app-tab-bar.app-tab-bar--still[aria-label="底部导航"]');
    expect(tabs?.querySelector('.adm-tab-bar-item-active')?.textContent).toBe('开票');
    expect(painted?.querySelector('[aria-label="演示环境"]')).not.toBeNull();

    // The app's first render of the page, the counts not yet in: the same elements, the same text.
    renderPage(<InvoiceDefaultCreatePage />, {
      url: '/',
      meta: HOME_META,
      user,
      taxAccount: account,
      calls: { 'invoice/homeSummary': noAnswer(), 'taxAccount/getTaxAccount': ok(account) },
    });
    await screen.findByRole('region', { name: '当前企业' });
    expect(comparableMarkup(page?.querySelector('.app-page') ?? null)).toBe(comparableMarkup(document.querySelector('.app-page')));
    expect(page?.textContent).toContain(user.companyInfo?.name);
    expect(page?.textContent).toContain('登录状态未登录');
  });

  test('the counts the page carries: painted with them, the app draws them so at once and does not ask again', async () => {
    const user = userDetail();
    const account = taxAccount();
    const carried = [
      {
        path: 'invoice/homeSummary',
        body: {},
        result: { applying: 3, waiting: 12, pendingTasks: 1, issuedThisMonth: 7, issuedThisMonthFen: 1_234_550 },
      },
    ];
    const painted = await paint('/', { user, taxAccount: account, carried });
    const page = painted?.querySelector('.app-layout > .app-layout__page--first .app-page') ?? null;
    expect(page?.querySelector('[aria-label="当前企业"]')?.textContent).toContain('本月已开票 7 张 · 价税合计 ¥12,345.50');

    const { api } = renderPage(<InvoiceDefaultCreatePage />, {
      url: '/',
      meta: HOME_META,
      user,
      taxAccount: account,
      carried,
      calls: { 'invoice/homeSummary': noAnswer(), 'taxAccount/getTaxAccount': ok(account) },
    });
    await screen.findByRole('region', { name: '当前企业' });
    expect(comparableMarkup(page)).toBe(comparableMarkup(document.querySelector('.app-page')));
    expect(api.bodiesOf('invoice/homeSummary')).toEqual([]);
  });

  test('while the tax account is not answered, the screen says it is being asked, as the app does', async () => {
    const painted = await paint('/', { user: userDetail() });
    expect(painted?.querySelector('[aria-label="税务局状态"]')?.textContent).toBe('正在查询税务局登录状态…');
    expect(painted?.querySelector('[aria-label="演示环境"]')).toBeNull();
  });

  test('anyone but a company user, any other address and a service not open to everyone are left to the app', async () => {
    const person = userDetail({ company: false, companyUser: false, companyInfo: null, permissions: [] });
    expect(await paint('/', { user: person })).toBeNull();
    expect(await paint('/invoice/list', { user: person, carried: LIST_CARRIED })).toBeNull();
    expect(await paint('/invoice/create', { user: person })).toBeNull();
    expect(await paint('/invoice/task/list', { user: userDetail(), taxAccount: taxAccount() })).toBeNull();
    expect(await paint('/', {})).toBeNull();
    // The app sends everyone, or everyone but testers, to 服务暂停.
    expect(await paint('/', { user: userDetail(), available: 'none' })).toBeNull();
    expect(await paint('/', { user: userDetail(), available: 'self' })).toBeNull();
  });

  test("renders side by side each paint their own user's company", async () => {
    const other = userDetail({
      companyInfo: { ...(userDetail().companyInfo as NonNullable<UserDetail['companyInfo']>), name: '杭州另一家有限公司' },
    });
    const [first, second] = await Promise.all([
      paint('/', { user: userDetail(), taxAccount: null }),
      paint('/', { user: other, taxAccount: null }),
    ]);
    expect(first?.querySelector('.home-company__name')?.textContent).toBe('上海示例商贸有限公司');
    expect(second?.querySelector('.home-company__name')?.textContent).toBe('杭州另一家有限公司');
  });
});

describe("发票列表's first screen painted by the server", () => {
  test("a company user's: the first page the page carries as the app draws it first, with the tab bar", async () => {
    const user = userDetail();
    const painted = await paint('/invoice/list', { user, carried: LIST_CARRIED });
    const page = painted?.querySelector('.app-layout > .app-layout__page--first');
    expect(page?.getAttribute('data-page')).toBe(INVOICE_LIST_META.name);
    expect(page?.getAttribute('data-owner')).toBe('invoice');
    expect(page?.textContent).toContain('共 2 张发票');
    expect(
      [...(page?.querySelectorAll('.app-paged-list__row [role="button"]') ?? [])].map(
        (row) => row.getAttribute('aria-label')?.split(' ')[0],
      ),
    ).toEqual(['北京示例科技有限公司', '上海红冲贸易有限公司']);
    expect(painted?.querySelector('.app-tab-bar')).not.toBeNull();

    const { api } = renderPage(<InvoiceListPage />, { url: '/invoice/list', meta: INVOICE_LIST_META, user, carried: LIST_CARRIED });
    expect(screen.getByText('共 2 张发票')).toBeTruthy();
    expect(comparableMarkup(page?.querySelector('.app-page') ?? null)).toBe(comparableMarkup(document.querySelector('.app-page')));
    expect(api.calls).toEqual([]);
  });

  test('without the carried answer, the skeleton the app draws first', async () => {
    const bare = await paint('/invoice/list', { user: userDetail() });
    expect(bare?.querySelector('.app-paged-list__skeleton[aria-label="加载中"]')).not.toBeNull();
  });
});

describe("开具发票's first screen painted by the server", () => {
  test("a company user's empty form as the app draws it first, inert until the app takes its place", async () => {
    const user = userDetail();
    const painted = await paint('/invoice/create', { user, taxAccount: taxAccount() });
    const page = painted?.querySelector('.app-layout > .app-layout__page--first');
    expect(page?.getAttribute('data-page')).toBe(INVOICE_CREATE_META.name);
    // Nothing typed before the app is there would survive the swap: the painted form takes no input.
    expect(page?.hasAttribute('inert')).toBe(true);
    expect(page?.querySelector('input[placeholder]')).not.toBeNull();
    expect(page?.textContent).toContain('购买方');
    expect(painted?.querySelector('.app-tab-bar')).toBeNull();

    const { api } = renderPage(<InvoiceCreatePage />, {
      url: '/invoice/create',
      meta: INVOICE_CREATE_META,
      user,
      taxAccount: taxAccount(),
    });
    await screen.findByRole('button', { name: '开具发票' });
    // The remarks' height is the browser's to measure once drawn (antd-mobile's autoSize): left out of both.
    const unmeasured = (root: Element | null | undefined) => {
      for (const area of root?.querySelectorAll('textarea') ?? []) area.removeAttribute('style');
      return comparableMarkup(root?.querySelector('.app-page') ?? null);
    };
    expect(unmeasured(page)).toBe(unmeasured(document.body));
    expect(api.calls).toEqual([]);
  });

  test('the tabs that take no input are painted as they are', async () => {
    const painted = await paint('/invoice/list', { user: userDetail(), carried: LIST_CARRIED });
    expect(painted?.querySelector('.app-layout__page--first')?.hasAttribute('inert')).toBe(false);
  });
});
