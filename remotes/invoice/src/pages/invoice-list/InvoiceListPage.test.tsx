import { afterEach, describe, expect, rs, test } from '@rstest/core';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InvoiceSummary } from '@app/domain/invoice-document';
import { formatYuan } from '@app/domain/money';
import { fail, ok, renderPage, type Route } from '@app/host-sdk/testing';
import { blueInvoice, invoiceSummary, redInvoice } from '../../test-support/invoice-documents';
import { useListPageEnvironment } from '@app/ui/test-support/list-layout';
import { FIRST_CALLS } from '../../first-calls';
import InvoiceListPage from './InvoiceListPage';
import { recentChinaMonths } from '@app/domain/china-time';

const BLUE = blueInvoice();
const RED = redInvoice();
const PDF_URL = '/api/invoice-pdf/abc?expires=1&signature=xyz';

const ROWS: InvoiceSummary[] = [
  invoiceSummary({
    id: 'partly',
    status: '部分红冲',
    leftFen: 1_000_000,
    buyerName: '北京示例科技有限公司',
    number: '25110000000000000001',
  }),
  invoiceSummary({
    id: 'red',
    kind: 'red',
    type: '数电普票',
    grossFen: RED.grossFen,
    leftFen: 0,
    buyerName: '上海红冲贸易有限公司',
    number: RED.number,
  }),
  invoiceSummary({
    id: 'running',
    status: '开具中',
    number: null,
    issuedAt: null,
    createdAt: '2025-03-31T17:00:00.000Z',
    buyerName: '广州开票中有限公司',
  }),
  invoiceSummary({
    id: 'failed',
    status: '开具失败',
    number: null,
    issuedAt: null,
    failReason: '今日尚未完成刷脸认证，请先刷脸认证后重试',
    buyerName: '深圳失败有限公司',
  }),
  invoiceSummary({ id: 'not-sent', buyerName: '成都未送达有限公司', number: '25110000000000000009', deliveryFailed: true }),
];

/** The open dropdown's panel of choices. */
const dropdownPanel = () => document.querySelector<HTMLElement>('.adm-dropdown-popup-body') ?? document.body;
/** The open menu's panel, once there (the bar loads the dropdown on its first tap). */
const openedPanel = () =>
  waitFor(() => {
    const panel = document.querySelector<HTMLElement>('.adm-dropdown-popup-body');
    if (!panel) throw new Error('no open menu');
    return panel;
  });
const rowOf = (buyer: string) => screen.getByRole('button', { name: new RegExp(`^${buyer} `) });

/** The invoice list at `url`, the API answering `calls`. */
const openList = (calls: Record<string, Route>, url = '/invoice/list') => renderPage(<InvoiceListPage />, { url, calls });

useListPageEnvironment();
afterEach(cleanup);

describe('InvoiceListPage', () => {
  test('a row per invoice: buyer, 价税合计 (red in red), colour, type, date, number and status; 部分红冲 with what is left', async () => {
    const { api } = openList({ 'invoice/list': ok({ total: ROWS.length, list: ROWS }) });

    const partly = await waitFor(() => rowOf('北京示例科技有限公司'));
    expect(within(partly).getByText(formatYuan(BLUE.grossFen))).toBeTruthy();
    expect(within(partly).getByText('蓝票')).toBeTruthy();
    expect(within(partly).getByText('数电专票')).toBeTruthy();
    expect(within(partly).getByText('2025-03-15')).toBeTruthy();
    expect(within(partly).getByText('No. 25110000000000000001')).toBeTruthy();
    expect(within(partly).getByText('部分红冲')).toBeTruthy();
    expect(within(partly).getByText('剩余 ¥10,000.00')).toBeTruthy();

    const red = rowOf('上海红冲贸易有限公司');
    const total = within(red).getByText(formatYuan(RED.grossFen));
    expect(total.textContent?.startsWith('-¥')).toBe(true);
    // Red, unlike a blue invoice's total.
    expect(total.className).not.toBe(within(partly).getByText(formatYuan(BLUE.grossFen)).className);
    expect(within(red).getByText('红票')).toBeTruthy();

    const running = rowOf('广州开票中有限公司');
    // Not issued yet: the day it was created, in China time.
    expect(within(running).getByText('2025-04-01')).toBeTruthy();
    expect(within(running).getByText('发票号码开具后生成')).toBeTruthy();
    expect(within(rowOf('深圳失败有限公司')).getByText('今日尚未完成刷脸认证，请先刷脸认证后重试')).toBeTruthy();

    // Its delivery failed: a small 发送失败 beside the date; the others have none.
    expect(within(rowOf('成都未送达有限公司')).getByText('发送失败')).toBeTruthy();
    for (const buyer of ['北京示例科技有限公司', '上海红冲贸易有限公司', '广州开票中有限公司', '深圳失败有限公司'])
      expect(within(rowOf(buyer)).queryByText('发送失败')).toBeNull();

    expect(screen.getByText('共 5 张发票')).toBeTruthy();
    // The page's first call is the one the remote declares (the host page may have sent it already).
    expect(api.bodiesOf('invoice/list')).toEqual([{ page: 1 }]);
    expect(FIRST_CALLS['/invoice/list']).toEqual([{ path: 'invoice/list', body: { page: 1 } }]);
  });

  test('the first page the page carries is drawn in the first render, without asking; a filter asks the server', async () => {
    const carried = [{ path: 'invoice/list', body: { page: 1 }, result: { total: 2, list: ROWS.slice(0, 2) } }];
    const { api } = renderPage(<InvoiceListPage />, {
      url: '/invoice/list',
      carried,
      calls: { 'invoice/list': ok({ total: 1, list: [ROWS[1] as InvoiceSummary] }) },
    });
    expect(rowOf('北京示例科技有限公司')).toBeTruthy();
    expect(rowOf('上海红冲贸易有限公司')).toBeTruthy();
    expect(screen.getByText('共 2 张发票')).toBeTruthy();
    expect(api.calls).toEqual([]);
    // Another colour is another query: the server's.
    fireEvent.click(screen.getByText('全部发票'));
    fireEvent.click(within(await openedPanel()).getByText('红票'));
    await waitFor(() => expect(screen.queryByRole('button', { name: /^北京示例科技有限公司 / })).toBeNull());
    expect(await screen.findByText('共 1 张发票')).toBeTruthy();
    expect(api.bodiesOf('invoice/list')).toEqual([{ kind: 'red', page: 1 }]);
  });

  test('the filters and the search build the request, each from page 1', async () => {
    const { api } = openList({ 'invoice/list': ok({ total: ROWS.length, list: ROWS }) });
    await waitFor(() => rowOf('北京示例科技有限公司'));
    const lastQuery = () => api.bodiesOf('invoice/list').at(-1);

    fireEvent.click(screen.getByText('全部发票'));
    fireEvent.click(within(await openedPanel()).getByText('红票'));
    await waitFor(() => expect(lastQuery()).toEqual({ kind: 'red', page: 1 }));

    fireEvent.click(screen.getByText('全部状态'));
    fireEvent.click(within(dropdownPanel()).getByText('部分红冲'));
    await waitFor(() => expect(lastQuery()).toEqual({ kind: 'red', status: '部分红冲', page: 1 }));

    const [thisMonth, lastMonth] = recentChinaMonths(new Date(), 2) as [string, string];
    const label = (month: string) => `${month.slice(0, 4)}年${Number(month.slice(5))}月`;
    fireEvent.click(screen.getByText('全部月份'));
    fireEvent.click(within(dropdownPanel()).getByText(label(lastMonth)));
    await waitFor(() => expect(lastQuery()).toEqual({ kind: 'red', status: '部分红冲', month: lastMonth, page: 1 }));
    expect(screen.getByText(label(lastMonth), { selector: '.adm-dropdown-item-title-text' })).toBeTruthy();
    expect(thisMonth > lastMonth).toBe(true);

    fireEvent.change(screen.getByPlaceholderText('搜索购买方名称或发票号码后几位'), { target: { value: ' 北京 ' } });
    await waitFor(() => expect(lastQuery()).toEqual({ kind: 'red', status: '部分红冲', month: lastMonth, keyword: '北京', page: 1 }));

    // 全部 clears one filter again.
    fireEvent.click(screen.getByText('红票', { selector: '.adm-dropdown-item-title-text' }));
    fireEvent.click(within(dropdownPanel()).getByText('全部发票'));
    await waitFor(() => expect(lastQuery()).toEqual({ status: '部分红冲', month: lastMonth, keyword: '北京', page: 1 }));

    // 发送失败: the invoices whose delivery failed, with the other filters; 全部 takes it off again.
    fireEvent.click(screen.getByText('发送状态'));
    fireEvent.click(within(dropdownPanel()).getByText('发送失败'));
    await waitFor(() =>
      expect(lastQuery()).toEqual({ status: '部分红冲', month: lastMonth, deliveryFailed: true, keyword: '北京', page: 1 }),
    );
    expect(screen.getByText('发送失败', { selector: '.adm-dropdown-item-title-text' })).toBeTruthy();
    fireEvent.click(screen.getByText('发送失败', { selector: '.adm-dropdown-item-title-text' }));
    fireEvent.click(within(dropdownPanel()).getByText('全部'));
    await waitFor(() => expect(lastQuery()).toEqual({ status: '部分红冲', month: lastMonth, keyword: '北京', page: 1 }));
  });

  test('导出 opens the export sheet on the month shown, with the colour, status and search of the list', async () => {
    const { api } = openList({
      'invoice/list': ok({ total: ROWS.length, list: ROWS }),
      'export/create': () => new Promise(() => undefined),
    });
    await waitFor(() => rowOf('北京示例科技有限公司'));
    fireEvent.click(screen.getByText('全部发票'));
    fireEvent.click(within(await openedPanel()).getByText('蓝票'));
    const [, lastMonth] = recentChinaMonths(new Date(), 2) as [string, string];
    fireEvent.click(screen.getByText('全部月份'));
    fireEvent.click(within(dropdownPanel()).getByText(`${lastMonth.slice(0, 4)}年${Number(lastMonth.slice(5))}月`));
    fireEvent.change(screen.getByPlaceholderText('搜索购买方名称或发票号码后几位'), { target: { value: '北京' } });
    await waitFor(() => expect(api.bodiesOf('invoice/list').at(-1)).toEqual({ kind: 'blue', month: lastMonth, keyword: '北京', page: 1 }));

    fireEvent.click(screen.getByRole('button', { name: '导出' }));
    const sheet = await screen.findByRole('dialog', { name: '导出发票' });
    expect(within(sheet).getByText('筛选条件：蓝票、“北京”')).toBeTruthy();
    fireEvent.click(within(sheet).getByText('PDF 压缩包'));
    fireEvent.click(within(sheet).getByRole('button', { name: '生成 PDF 压缩包' }));
    await waitFor(() =>
      expect(api.bodiesOf('export/create')).toEqual([
        { source: 'invoices', format: 'zip', month: lastMonth, invoices: { kind: 'blue', keyword: '北京' } },
      ]),
    );
  });

  test('nothing issued yet: 开具发票; nothing matching the filters: 清除筛选', async () => {
    const { api, router, url } = openList({ 'invoice/list': ok({ total: 0, list: [] }) });
    expect(await screen.findByText('还没有开具过发票')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '开具发票' }));
    expect(url()).toBe('/invoice/create');
    await act(() => router.navigate(-1));

    fireEvent.click(screen.getByText('全部状态'));
    fireEvent.click(within(dropdownPanel()).getByText('开具失败'));
    expect(await screen.findByText('没有符合条件的发票')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '清除筛选' }));
    await waitFor(() => expect(api.bodiesOf('invoice/list').at(-1)).toEqual({ page: 1 }));
    expect(await screen.findByText('还没有开具过发票')).toBeTruthy();
  });

  test('?id= opens the sheet with the whole invoice and its actions; 红冲 opens the red-invoice form with it', async () => {
    const { api, url } = openList(
      {
        'invoice/list': ok({ total: 1, list: [invoiceSummary({})] }),
        'invoice/get': ok(blueInvoice({ status: '部分红冲', leftFen: 50_000 })),
        'invoice/pdfLink': ok({ url: PDF_URL, fileName: `发票_${BLUE.number}.pdf` }),
        'invoice/deliveries': ok({ list: [] }),
      },
      `/invoice/list?id=${BLUE.id}`,
    );

    const sheet = await screen.findByRole('dialog', { name: '发票详情' });
    await within(sheet).findByRole('article', { name: '电子发票（增值税专用发票）' });
    expect(api.bodiesOf('invoice/get')).toEqual([{ id: BLUE.id }]);
    expect(within(sheet).getByText('25332000000012345678')).toBeTruthy();
    expect(within(sheet).getByText('剩余可红冲 ¥500.00')).toBeTruthy();
    for (const action of ['查看 PDF', '下载 PDF', '重新发送', '红冲'])
      expect(within(sheet).getByRole('button', { name: action })).toBeTruthy();
    await waitFor(() => expect(api.bodiesOf('invoice/pdfLink')).toEqual([{ id: BLUE.id }]));

    const opened = rs.spyOn(window, 'open').mockImplementation(() => ({ opener: window }) as unknown as Window);
    fireEvent.click(within(sheet).getByRole('button', { name: '查看 PDF' }));
    await waitFor(() => expect(opened).toHaveBeenCalledWith(PDF_URL, '_blank'));
    opened.mockRestore();

    fireEvent.click(within(sheet).getByRole('button', { name: '红冲' }));
    expect(url()).toBe(`/invoice/return?id=${BLUE.id}`);
  });

  test('a tapped row opens its sheet; a red or fully reversed invoice has no 红冲; an unknown id says 发票不存在', async () => {
    openList({
      'invoice/list': ok({ total: ROWS.length, list: ROWS }),
      'invoice/get': ({ id }) => (id === 'red' ? ok(redInvoice()) : fail(4004, '发票不存在')),
      'invoice/pdfLink': ok({ url: PDF_URL, fileName: 'x.pdf' }),
      'invoice/deliveries': ok({ list: [] }),
    });
    fireEvent.click(await waitFor(() => rowOf('上海红冲贸易有限公司')));
    const sheet = await screen.findByRole('dialog', { name: '发票详情' });
    expect(await within(sheet).findByText('红字发票 · 销项负数')).toBeTruthy();
    expect(within(sheet).getByRole('button', { name: '查看 PDF' })).toBeTruthy();
    expect(within(sheet).queryByRole('button', { name: '红冲' })).toBeNull();
    fireEvent.click(within(sheet).getByRole('button', { name: '关闭' }));

    fireEvent.click(rowOf('深圳失败有限公司'));
    expect(await screen.findByText('发票不存在')).toBeTruthy();
  });

  test('重新发送: the invoice’s phone and e-mail filled in, checked under the fields, then 正在发送至 …', async () => {
    const { api } = openList(
      {
        'invoice/list': ok({ total: 0, list: [] }),
        'invoice/get': ok(blueInvoice({ deliverPhone: '13800138000', deliverEmail: '' })),
        'invoice/pdfLink': ok({ url: PDF_URL, fileName: 'x.pdf' }),
        'invoice/resend': ({ phone, email }) => ok({ sentTo: [phone, email].filter(Boolean).join('、') }),
        'invoice/deliveries': ok({ list: [] }),
      },
      `/invoice/list?id=${BLUE.id}`,
    );
    const sheet = await screen.findByRole('dialog', { name: '发票详情' });
    fireEvent.click(await within(sheet).findByRole('button', { name: '重新发送' }));

    const phone = (await screen.findByPlaceholderText('接收短信的手机号')) as HTMLInputElement;
    expect(phone.value).toBe('13800138000');
    fireEvent.change(phone, { target: { value: '1380013' } });
    fireEvent.change(screen.getByPlaceholderText('接收发票的邮箱'), { target: { value: 'finance@' } });
    fireEvent.click(screen.getByRole('button', { name: '发送' }));
    expect(await screen.findByText('请填写 11 位手机号码')).toBeTruthy();
    expect(screen.getByText('邮箱格式不正确')).toBeTruthy();
    expect(api.bodiesOf('invoice/resend')).toEqual([]);

    fireEvent.change(phone, { target: { value: '' } });
    fireEvent.change(screen.getByPlaceholderText('接收发票的邮箱'), { target: { value: 'finance@example.com' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '发送' }));
    });
    await waitFor(() => expect(api.bodiesOf('invoice/resend')).toEqual([{ id: BLUE.id, email: 'finance@example.com' }]));
    expect(await screen.findByText('正在发送至 finance@example.com')).toBeTruthy();
  });
});
