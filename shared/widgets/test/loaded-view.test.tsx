import { afterEach, describe, expect, test } from '@rstest/core';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { callApi } from '@app/host-sdk/api-client';
import { fail, httpAnswer, noAnswer, ok, renderPage, sequence, type Route } from '@app/host-sdk/testing';
import { LoadingCard } from '../src/form-page';
import { LOAD_PROBLEM_CODES } from '../src/load-problem';
import { LoadedView } from '../src/state-view';
import { useLoaded, useLoadedByCode } from '../src/use-loaded-by-code';

afterEach(cleanup);

const getTicket = async (id: string) => (await callApi('ticket/get', { id }, { handles: LOAD_PROBLEM_CODES })).number;

/** A detail page as every remote writes one: the one hook, the one view. */
function TicketNumber({ id }: { id: string }) {
  const { loaded, retry } = useLoadedByCode(id, getTicket, undefined);
  return (
    <LoadedView
      loaded={loaded}
      placeholder={<LoadingCard />}
      missing={{ title: '发票不存在' }}
      failedTitle="票据加载失败"
      onRetry={retry}
      waysOut={(problem) => (problem.state === 'failed' ? null : <button type="button">返回列表</button>)}
    >
      {(number) => <p>发票号码 {number}</p>}
    </LoadedView>
  );
}

const open = (answer: Route, id = 'ticket-1') =>
  renderPage(<TicketNumber id={id} />, { url: '/ticket/detail', calls: { 'ticket/get': answer } });

describe('LoadedView with useLoadedByCode, through the real API client', () => {
  test('loading, then the content', async () => {
    open(ok({ number: '26332000000000000017' }));
    expect(screen.getByLabelText('加载中')).toBeTruthy();
    expect(await screen.findByText('发票号码 26332000000000000017')).toBeTruthy();
  });

  test("the API's no-permission code is refused: 无权查看 with its reason, no 重试, and the page's way out", async () => {
    open(fail(1004, '无权查看该企业的票夹'));
    const view = await screen.findByRole('region', { name: '无权查看' });
    expect(view.getAttribute('data-icon')).toBe('refused');
    expect(within(view).getByText('无权查看该企业的票夹')).toBeTruthy();
    expect(within(view).queryByRole('button', { name: '重试' })).toBeNull();
    expect(within(view).getByRole('button', { name: '返回列表' })).toBeTruthy();
  });

  test("an HTTP 403 without the API's words (a gateway) is refused too, never drawn as the network", async () => {
    open(httpAnswer(403, '<html>Forbidden</html>'));
    const view = await screen.findByRole('region', { name: '无权查看' });
    expect(view.getAttribute('data-icon')).toBe('refused');
    expect(within(view).getByText('您没有查看此内容的权限')).toBeTruthy();
    expect(within(view).queryByRole('button', { name: '重试' })).toBeNull();
  });

  test('a failure says why with 重试, which loads again: the network drawn as the network, a server failure not', async () => {
    const { api } = open(sequence(noAnswer(), fail(5000, '服务繁忙，请稍后重试'), ok({ number: '26332000000000000017' })));
    const offline = await screen.findByRole('region', { name: '票据加载失败' });
    expect(offline.getAttribute('data-icon')).toBe('disconnected');
    expect(within(offline).getByText('请检查网络后重试')).toBeTruthy();
    expect(within(offline).queryByRole('button', { name: '返回列表' })).toBeNull();
    fireEvent.click(within(offline).getByRole('button', { name: '重试' }));
    await screen.findByText('服务繁忙，请稍后重试');
    const view = screen.getByRole('region', { name: '票据加载失败' });
    expect(view.getAttribute('data-icon')).toBe('error');
    fireEvent.click(within(view).getByRole('button', { name: '重试' }));
    expect(await screen.findByText('发票号码 26332000000000000017')).toBeTruthy();
    expect(api.bodiesOf('ticket/get')).toHaveLength(3);
  });

  test("not found says the page's own words, without 重试", async () => {
    open(fail(4004, '发票不存在'));
    const view = await screen.findByRole('region', { name: '发票不存在' });
    expect(view.getAttribute('data-icon')).toBe('notFound');
    expect(within(view).queryByRole('button', { name: '重试' })).toBeNull();
  });

  test('no id: not found at once, and nothing is asked', async () => {
    const { api } = open(ok({ number: '26332000000000000017' }), '');
    expect(await screen.findByRole('region', { name: '发票不存在' })).toBeTruthy();
    expect(api.bodiesOf('ticket/get')).toEqual([]);
  });
});

describe('useLoaded', () => {
  function Wallet() {
    const { loaded, retry } = useLoaded(() => callApi('wallet/get'));
    return (
      <LoadedView
        loaded={loaded}
        placeholder={<LoadingCard />}
        missing={{ title: '钱包不存在' }}
        failedTitle="钱包加载失败"
        onRetry={retry}
      >
        {(wallet) => <p>可提现 {wallet.availableFen}</p>}
      </LoadedView>
    );
  }

  test('what no code names loads the same way: a refusal is refused, a failure offers 重试', async () => {
    const { api } = renderPage(<Wallet />, {
      url: '/my/wallet',
      calls: { 'wallet/get': sequence(noAnswer(), ok({ availableFen: 100 })) },
    });
    fireEvent.click(within(await screen.findByRole('region', { name: '钱包加载失败' })).getByRole('button', { name: '重试' }));
    expect(await screen.findByText('可提现 100')).toBeTruthy();
    expect(api.bodiesOf('wallet/get')).toEqual([{}, {}]);
    cleanup();
    renderPage(<Wallet />, { url: '/my/wallet', calls: { 'wallet/get': httpAnswer(403) } });
    expect(await screen.findByRole('region', { name: '无权查看' })).toBeTruthy();
  });
});
