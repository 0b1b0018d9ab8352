import { afterEach, describe, expect, rs, test } from '@rstest/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { NO_REPEAT_MESSAGE, setApiErrorHandler } from '@app/host-sdk/api-client';
import { fail, ok, renderPage, sequence, taxAccount, type ApiMock, type Route } from '@app/host-sdk/testing';
import type { Application } from '@app/contract/invoice-application';
import { application } from '../../test-support/applications';
import { useListPageEnvironment } from '@app/ui/test-support/list-layout';
import InvoiceWaitingListPage from './InvoiceWaitingListPage';

const NOT_LOGGED_IN = '电子税务局未登录，请先登录后重试';
const waiting = (id: string, blockedReason: string | null = NOT_LOGGED_IN): Application =>
  application(id, { status: '待开票', blockedReason });
const A = waiting('a');
const B = waiting('b');
const issued = (ids: string[]) => ok({ results: ids.map((id) => ({ id, status: '开票中', taskId: `task-${id}`, blockedReason: null })) });
/** Logged in at the tax bureau and authenticated today. */
const READY = ok(taxAccount({ loginState: '已登录', scanFaceState: '已认证', scanFaceTime: '2025-03-01T01:00:00.000Z' }));

/** The page, `invoiceApplication/list` answering `rows` (what is still 待开票), the tax bureau ready unless `calls` say otherwise. */
function serve(
  rows: Application[],
  issue: Route = ({ ids }) => issued((ids as string[] | undefined) ?? rows.map((row) => row.id)),
  calls: Record<string, Route> = {},
) {
  return renderPage(<InvoiceWaitingListPage />, {
    url: '/invoice/waiting/list',
    calls: {
      'invoiceApplication/list': () => ok({ total: rows.length, list: rows }),
      'invoiceApplication/issueWaiting': issue,
      'taxAccount/getTaxAccount': READY,
      ...calls,
    },
  });
}

const listLoads = (api: ApiMock) => api.bodiesOf('invoiceApplication/list').length;
/** The tax-bureau steps in order: `ready?` each time the tax account was asked (ensureTaxReady), `issue` each issue. */
const taxSteps = (api: ApiMock) =>
  api.calls.flatMap((call) =>
    call.path === 'taxAccount/getTaxAccount' ? ['ready?'] : call.path === 'invoiceApplication/issueWaiting' ? ['issue'] : [],
  );

useListPageEnvironment();
afterEach(() => {
  cleanup();
  setApiErrorHandler(null);
  rs.useRealTimers();
  // The toasts and the login dialog live outside the page: none is left for the next test to find.
  document.body.innerHTML = '';
});

describe('InvoiceWaitingListPage', () => {
  test('says why they wait in a notice whose button gets the tax bureau ready, then reloads', async () => {
    const { api } = serve([A, B]);
    expect(await screen.findByText(NOT_LOGGED_IN)).toBeTruthy();
    expect(await screen.findByRole('article', { name: '购买方a' })).toBeTruthy();
    expect(screen.getByText('共 2 条已同意、待开具的申请')).toBeTruthy();
    expect(api.bodiesOf('invoiceApplication/list')).toEqual([{ status: '待开票', page: 1 }]);

    fireEvent.click(screen.getByRole('button', { name: '去登录' }));
    await waitFor(() => expect(listLoads(api)).toBe(2));
    expect(await screen.findByText('已就绪，可以开具了')).toBeTruthy();
    expect(taxSteps(api)).toEqual(['ready?']);
    expect(api.bodiesOf('invoiceApplication/issueWaiting')).toEqual([]);
  });

  test('the face authentication missing: the notice offers 去刷脸认证; nothing blocking: no notice', async () => {
    serve([waiting('a', '今日尚未完成刷脸认证，请先刷脸认证后重试')]);
    expect(await screen.findByRole('button', { name: '去刷脸认证' })).toBeTruthy();
    cleanup();
    serve([waiting('a', null)]);
    await screen.findByRole('article', { name: '购买方a' });
    expect(document.querySelector('.adm-notice-bar')).toBeNull();
  });

  test('开具全部 gets the tax bureau ready first, then issues every waiting one, says how many, and reloads', async () => {
    const { api } = serve([A, B]);
    fireEvent.click(await screen.findByRole('button', { name: '开具全部 (2)' }));
    expect(await screen.findByText('已提交 2 张发票开具')).toBeTruthy();
    expect(taxSteps(api)).toEqual(['ready?', 'issue']);
    expect(api.bodiesOf('invoiceApplication/issueWaiting')).toEqual([{}]);
    await waitFor(() => expect(listLoads(api)).toBe(2));
  });

  test('开具 on a row issues that one', async () => {
    const { api } = serve([A, B]);
    fireEvent.click(within(await screen.findByRole('article', { name: '购买方b' })).getByRole('button', { name: '开具' }));
    expect(await screen.findByText('已提交 1 张发票开具')).toBeTruthy();
    expect(api.bodiesOf('invoiceApplication/issueWaiting')).toEqual([{ ids: ['b'] }]);
    await waitFor(() => expect(listLoads(api)).toBe(2));
  });

  test('the user gives up on the login dialog: nothing is issued', async () => {
    const { api } = serve([A], undefined, { 'taxAccount/getTaxAccount': ok(taxAccount()) });
    fireEvent.click(await screen.findByRole('button', { name: '开具全部 (1)' }));
    // Not logged in at the tax bureau: 登录授权 opens, and the user closes it.
    const login = await screen.findByRole('dialog', { name: '登录授权' });
    await within(login).findByText('短信授权');
    fireEvent.click(login.querySelector('.adm-center-popup-close') as Element);
    await waitFor(() => expect(listLoads(api)).toBe(2));
    expect(api.bodiesOf('invoiceApplication/issueWaiting')).toEqual([]);
    expect(screen.queryByText(/已提交/)).toBeNull();
  });

  test('2002 (still not ready at the bureau): the dialogs open again and the issue is tried once more, quietly the first time', async () => {
    // The clock stands still: every no-repeat call with the same body is a repeat within 2 s.
    rs.useFakeTimers({ toFake: ['Date'] });
    const toldTheCatalogue: string[] = [];
    setApiErrorHandler((error) => toldTheCatalogue.push(error.message));
    const { api } = serve([A, B], sequence(fail(2002, NOT_LOGGED_IN), issued(['a', 'b'])));
    fireEvent.click(await screen.findByRole('button', { name: '开具全部 (2)' }));
    expect(await screen.findByText('已提交 2 张发票开具')).toBeTruthy();
    expect(taxSteps(api)).toEqual(['ready?', 'issue', 'ready?', 'issue']);
    // The same body twice at once: the second try is no no-repeat call; the 2002 was the page's to explain.
    expect(api.bodiesOf('invoiceApplication/issueWaiting')).toEqual([{}, {}]);
    expect(toldTheCatalogue).toEqual([]);

    // The first try is a no-repeat call: 开具全部 again at once is refused on the phone.
    await waitFor(() => expect(listLoads(api)).toBe(2));
    fireEvent.click(await screen.findByRole('button', { name: '开具全部 (2)' }));
    await waitFor(() => expect(toldTheCatalogue).toEqual([NO_REPEAT_MESSAGE]));
    expect(api.bodiesOf('invoiceApplication/issueWaiting')).toHaveLength(2);
  });

  test('2002 twice: the second failure is left to the API client, no success toast, the list reloads', async () => {
    const toldTheCatalogue: string[] = [];
    setApiErrorHandler((error) => toldTheCatalogue.push(error.message));
    const { api } = serve([A], fail(2002, NOT_LOGGED_IN));
    fireEvent.click(await screen.findByRole('button', { name: '开具全部 (1)' }));
    await waitFor(() => expect(api.bodiesOf('invoiceApplication/issueWaiting')).toHaveLength(2));
    await waitFor(() => expect(listLoads(api)).toBe(2));
    expect(taxSteps(api)).toEqual(['ready?', 'issue', 'ready?', 'issue']);
    expect(toldTheCatalogue).toEqual([NOT_LOGGED_IN]);
    expect(screen.queryByText(/已提交/)).toBeNull();
  });

  test('nothing waits: says so, with 查看开票申请 as the next step, and no 开具全部', async () => {
    const { url } = serve([]);
    expect(await screen.findByText('没有待开具的发票')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /开具全部/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '查看开票申请' }));
    expect(url()).toBe('/invoice/applying/list');
  });
});
