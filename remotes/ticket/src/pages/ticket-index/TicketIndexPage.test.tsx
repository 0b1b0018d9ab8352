import { afterEach, describe, expect, test } from '@rstest/core';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ok, renderPage, userDetail, type Route } from '@app/host-sdk/testing';
import { FIRST_CALLS } from '../../first-calls';
import { summary } from '../../test-support/tickets';
import TicketIndexPage from './TicketIndexPage';
import { TICKET_INDEX_META } from './ticket-index-meta';

afterEach(cleanup);

const NOVEMBER = [
  summary(),
  summary({
    id: 'ticket-2',
    number: '26332000000000000025',
    issueDate: '2026-11-03',
    sellerName: '',
    type: null,
    netFen: 5_000,
    taxFen: null,
    grossFen: null,
    verifyState: '查验中',
    reimbursed: true,
  }),
];
const OCTOBER = [
  summary({
    id: 'ticket-3',
    number: '25332000000000000031',
    issueDate: '2026-10-30',
    sellerName: '宁波某某餐饮有限公司',
    netFen: 20_000,
    taxFen: 1_200,
    grossFen: 21_200,
  }),
];
// The ticket still being verified is counted in 张 but not in the amounts.
const TOTALS = { count: 3, counted: 2, netFen: 120_000, taxFen: 7_200, grossFen: 127_200 };
const MONTHS: Record<string, { count: number; counted: number; netFen: number; taxFen: number; grossFen: number }> = {
  '2026-11': { count: 2, counted: 1, netFen: 100_000, taxFen: 6_000, grossFen: 106_000 },
  '2026-10': { count: 1, counted: 1, netFen: 20_000, taxFen: 1_200, grossFen: 21_200 },
};

/** The folder as the server answers it: the filter's totals, one month's totals when asked with `month`. */
const folder: Route = (body) => {
  if (typeof body.month === 'string') return ok({ total: MONTHS[body.month]?.count ?? 0, list: [], totals: MONTHS[body.month] });
  if (body.keyword || body.type || body.verifyState || body.reimbursed !== undefined)
    return ok({ total: 0, list: [], totals: { count: 0, counted: 0, netFen: 0, taxFen: 0, grossFen: 0 } });
  return ok({ total: 3, list: [...NOVEMBER, ...OCTOBER], totals: TOTALS });
};

const open = (calls: Record<string, Route> = { 'ticket/list': folder }) =>
  renderPage(<TicketIndexPage />, { url: '/ticket/index', meta: TICKET_INDEX_META, calls });

describe('TicketIndexPage', () => {
  test("the folder's first page the page carries is drawn in the first render; only each month's totals are asked", async () => {
    const carried = [{ path: 'ticket/list', body: { page: 1 }, result: { total: 3, list: [...NOVEMBER, ...OCTOBER], totals: TOTALS } }];
    const { api } = renderPage(<TicketIndexPage />, {
      url: '/ticket/index',
      meta: TICKET_INDEX_META,
      carried,
      calls: { 'ticket/list': folder },
    });
    expect(screen.getByRole('heading', { name: '2026年11月' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '2026年10月' })).toBeTruthy();
    expect(screen.getByTestId('folder-gross').textContent).toBe('¥1,272.00');
    await waitFor(() => expect(screen.getByTestId('month-totals-2026-10').textContent).toBe('1 张 · 价税合计 ¥212.00 · 税额 ¥12.00'));
    expect(api.bodiesOf('ticket/list')).toEqual([
      { month: '2026-11', page: 1, pageSize: 1 },
      { month: '2026-10', page: 1, pageSize: 1 },
    ]);
  });

  test('tickets by month, each month with the server’s totals, the filter’s totals above', async () => {
    const { api } = open();
    await screen.findByRole('heading', { name: '2026年11月' });
    await waitFor(() => expect(screen.getByTestId('month-totals-2026-11').textContent).toBe('2 张 · 价税合计 ¥1,060.00 · 税额 ¥60.00'));
    await waitFor(() => expect(screen.getByTestId('month-totals-2026-10').textContent).toBe('1 张 · 价税合计 ¥212.00 · 税额 ¥12.00'));
    const totals = screen.getByRole('region', { name: '票夹合计' });
    expect(within(totals).getByText('¥1,272.00')).toBeTruthy();
    expect(totals.textContent).toContain('共 3 张');
    expect(totals.textContent).toContain('税额 ¥72.00');
    expect(within(totals).getByText('其中 1 张未查验通过，不计入金额')).toBeTruthy();
    // Rows: the seller (未知销售方 until verified) and 价税合计 (or the amount typed), the states.
    const first = screen.getByRole('button', { name: '杭州优税通科技有限公司 ¥1,060.00' });
    expect(within(first).getByText('查验通过')).toBeTruthy();
    expect(within(first).getByText('未报销')).toBeTruthy();
    const pending = screen.getByRole('button', { name: '未知销售方 ¥50.00 不计入合计' });
    expect(within(pending).getByText('查验中')).toBeTruthy();
    expect(within(pending).getByText('已报销')).toBeTruthy();
    // The months come in the list's order, each heading before its first ticket.
    const order = screen.getAllByRole('heading').map((heading) => heading.getAttribute('aria-label'));
    expect(order).toEqual(['2026年11月', '2026年10月']);
    expect(api.bodiesOf('ticket/list')).toEqual(
      expect.arrayContaining([{ page: 1 }, { month: '2026-11', page: 1, pageSize: 1 }, { month: '2026-10', page: 1, pageSize: 1 }]),
    );
    // The page's first call is the one the remote declares (the host page may have sent it already).
    expect(api.bodiesOf('ticket/list')[0]).toEqual({ page: 1 });
    expect(FIRST_CALLS['/ticket/index']).toEqual([{ path: 'ticket/list', body: { page: 1 } }]);
  });

  test('the search waits for a pause in typing, then asks with the keyword; the filters are sent as chosen', async () => {
    const { api } = open();
    await screen.findByRole('heading', { name: '2026年11月' });
    const search = screen.getByPlaceholderText('搜索销售方名称或发票号码后几位');
    fireEvent.change(search, { target: { value: '优' } });
    fireEvent.change(search, { target: { value: '优税' } });
    await screen.findByText('没有符合条件的发票');
    const keywords = api.bodiesOf('ticket/list').filter((body) => 'keyword' in body);
    expect(keywords).toEqual([{ keyword: '优税', page: 1 }]);

    fireEvent.click(screen.getByRole('button', { name: '清除筛选' }));
    await screen.findByRole('heading', { name: '2026年11月' });
    fireEvent.click(screen.getByText('报销状态'));
    fireEvent.click(await screen.findByText('已报销', { selector: '.adm-selector-item, .adm-selector-item *' }));
    await waitFor(() => expect(api.bodiesOf('ticket/list')).toContainEqual({ reimbursed: true, page: 1 }));
    fireEvent.click(screen.getByText('查验状态'));
    fireEvent.click(await screen.findByText('查无此票', { selector: '.adm-selector-item, .adm-selector-item *' }));
    await waitFor(() => expect(api.bodiesOf('ticket/list')).toContainEqual({ reimbursed: true, verifyState: '查无此票', page: 1 }));
  });

  test('导出 opens the export sheet with the filters and the search of the folder', async () => {
    const { api } = open({ 'ticket/list': folder, 'export/create': () => new Promise(() => undefined) });
    await screen.findByRole('heading', { name: '2026年11月' });
    fireEvent.click(screen.getByText('报销状态'));
    fireEvent.click(await screen.findByText('未报销', { selector: '.adm-selector-item, .adm-selector-item *' }));
    fireEvent.change(screen.getByPlaceholderText('搜索销售方名称或发票号码后几位'), { target: { value: '优税' } });
    await waitFor(() => expect(api.bodiesOf('ticket/list')).toContainEqual({ reimbursed: false, keyword: '优税', page: 1 }));
    fireEvent.click(screen.getByRole('button', { name: '导出' }));
    const sheet = await screen.findByRole('dialog', { name: '导出票夹' });
    expect(within(sheet).getByText('筛选条件：未报销、“优税”')).toBeTruthy();
    fireEvent.click(within(sheet).getByRole('button', { name: '生成 Excel' }));
    await waitFor(() => expect(api.bodiesOf('export/create')).toHaveLength(1));
    expect(api.bodiesOf('export/create')[0]).toMatchObject({
      source: 'tickets',
      format: 'xlsx',
      tickets: { reimbursed: false, keyword: '优税' },
    });
  });

  test('a row opens its detail; 导入 opens the import page', async () => {
    const { url } = open();
    fireEvent.click(await screen.findByRole('button', { name: '杭州优税通科技有限公司 ¥1,060.00' }));
    expect(url()).toBe('/ticket/detail?id=ticket-1');
    cleanup();
    const second = open();
    fireEvent.click(screen.getByRole('button', { name: '导入' }));
    expect(second.url()).toBe('/ticket/import/index');
  });

  test('shown again (back from a ticket), it loads again: the months keep their totals on screen until the new ones come', async () => {
    let november = MONTHS['2026-11'];
    const { api, router } = open({
      'ticket/list': (body) => (body.month === '2026-11' ? ok({ total: 2, list: [], totals: november }) : folder(body)),
    });
    await waitFor(() => expect(screen.getByTestId('month-totals-2026-11').textContent).toBe('2 张 · 价税合计 ¥1,060.00 · 税额 ¥60.00'));
    fireEvent.click(screen.getByRole('button', { name: '杭州优税通科技有限公司 ¥1,060.00' }));
    november = { count: 2, counted: 1, netFen: 100_000, taxFen: 6_000, grossFen: 106_000 - 106_000 + 5_001 };
    const asked = api.bodiesOf('ticket/list').length;
    const seen = new Set<string>();
    const watch = new MutationObserver(() => seen.add(document.querySelector('[data-testid="month-totals-2026-11"]')?.textContent ?? ''));
    watch.observe(document.body, { subtree: true, childList: true, characterData: true });
    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.getByTestId('month-totals-2026-11').textContent).toBe('2 张 · 价税合计 ¥50.01 · 税额 ¥60.00'));
    watch.disconnect();
    expect(seen.has('合计加载中')).toBe(false);
    expect(api.bodiesOf('ticket/list').slice(asked)).toEqual(
      expect.arrayContaining([{ page: 1 }, { month: '2026-11', page: 1, pageSize: 1 }]),
    );
  });

  test('a month whose totals were still on their way when the list loaded again is asked again, not left 合计加载中', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let holding = true;
    const { api, router } = open({
      'ticket/list': async (body) => {
        if (body.month === '2026-10' && holding) {
          holding = false;
          await held;
        }
        return folder(body);
      },
    });
    const monthAsks = (month: string) => api.bodiesOf('ticket/list').filter((body) => body.month === month).length;
    await waitFor(() => expect(monthAsks('2026-10')).toBe(1));
    fireEvent.click(screen.getByRole('button', { name: '杭州优税通科技有限公司 ¥1,060.00' }));
    await act(() => router.navigate(-1));
    // The list's page 1 came back (the months shown are asked again), the first October answer still out.
    await waitFor(() => expect(monthAsks('2026-11')).toBe(2));
    await act(async () => release());
    await waitFor(() => expect(screen.getByTestId('month-totals-2026-10').textContent).toBe('1 张 · 价税合计 ¥212.00 · 税额 ¥12.00'));
    expect(monthAsks('2026-10')).toBe(2);
  });

  test('an empty folder offers to import', async () => {
    const { url } = open({ 'ticket/list': ok({ total: 0, list: [], totals: { count: 0, netFen: 0, taxFen: 0, grossFen: 0 } }) });
    expect(await screen.findByText('票夹里还没有发票')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '导入发票' }));
    expect(url()).toBe('/ticket/import/index');
  });

  test('someone without a company is told to bind one', () => {
    renderPage(<TicketIndexPage />, {
      url: '/ticket/index',
      user: userDetail({ company: false, companyUser: false, companyInfo: null, permissions: [] }),
    });
    expect(screen.getByText('仅企业用户可用票夹')).toBeTruthy();
    expect(screen.getByRole('button', { name: '绑定企业' })).toBeTruthy();
  });
});
