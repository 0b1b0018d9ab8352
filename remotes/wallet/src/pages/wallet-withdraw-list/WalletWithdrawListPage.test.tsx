import { afterEach, describe, expect, rs, test } from '@rstest/core';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { advance, ok, renderPage, sequence, settle } from '@app/host-sdk/testing';
import { useListPageEnvironment } from '@app/ui/test-support/list-layout';
import { employee, wholeText, withdrawal } from '../../test-support/wallet-fixtures';
import WalletWithdrawListPage, { PENDING_REFRESH_MS } from './WalletWithdrawListPage';

useListPageEnvironment();
afterEach(() => {
  rs.useRealTimers();
  cleanup();
  document.body.innerHTML = '';
});

const card = (name: string) => screen.getByRole('article', { name });
const tag = (name: string) => card(name).querySelector('.adm-tag') as HTMLElement;

describe('WalletWithdrawListPage', () => {
  test('each withdrawal with its state: 审核中, 已到账, 失败 with the reason and the refund', async () => {
    renderPage(<WalletWithdrawListPage />, {
      url: '/my/wallet/tixian/list',
      calls: {
        'wallet/withdrawals': ok({
          total: 3,
          list: [
            withdrawal('w-3', {
              amountFen: 3_000,
              feeFen: 100,
              state: '失败',
              failReason: '银行账户状态异常',
              finishedAt: '2026-11-23T05:00:00.000Z',
            }),
            withdrawal('w-2', { amountFen: 2_000, feeFen: 100, state: '已到账', finishedAt: '2026-11-23T04:00:00.000Z' }),
            withdrawal('w-1', { amountFen: 150_000, feeFen: 900, state: '审核中' }),
          ],
        }),
      },
    });
    await waitFor(() => expect(screen.queryAllByRole('article')).toHaveLength(3));
    expect(screen.queryAllByRole('article').map((node) => node.getAttribute('aria-label'))).toEqual([
      '提现 ¥30.00 失败',
      '提现 ¥20.00 已到账',
      '提现 ¥1,500.00 审核中',
    ]);

    const failed = card('提现 ¥30.00 失败');
    expect(tag('提现 ¥30.00 失败').textContent).toBe('失败');
    expect(within(failed).getByText('失败原因：银行账户状态异常')).toBeTruthy();
    expect(within(failed).getByText('金额已退回可提现余额')).toBeTruthy();
    expect(within(failed).getByText('2026-11-23 13:00')).toBeTruthy();

    const arrived = card('提现 ¥20.00 已到账');
    expect(tag('提现 ¥20.00 已到账').textContent).toBe('已到账');
    expect(within(arrived).getByText('到账时间')).toBeTruthy();
    expect(within(arrived).getByText('2026-11-23 12:00')).toBeTruthy();
    expect(within(arrived).queryByText('金额已退回可提现余额')).toBeNull();

    const pending = card('提现 ¥1,500.00 审核中');
    expect(tag('提现 ¥1,500.00 审核中').textContent).toBe('审核中');
    expect(within(pending).getByText('¥9.00')).toBeTruthy();
    expect(within(pending).getByText(wholeText('招商银行（尾号 8888）'))).toBeTruthy();
    // The 尾号 is one piece, which never breaks across lines.
    expect(within(pending).getByText('（尾号 8888）').hasAttribute('data-digits')).toBe(true);
    expect(within(pending).getByText('2026-11-23 11:00')).toBeTruthy();
    expect(within(pending).queryByText('到账时间')).toBeNull();
  });

  test('while one is 审核中 the list asks again, until it has arrived', async () => {
    rs.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = renderPage(<WalletWithdrawListPage />, {
      url: '/my/wallet/tixian/list',
      calls: {
        'wallet/withdrawals': sequence(
          ok({ total: 1, list: [withdrawal('w-1', { state: '审核中' })] }),
          ok({ total: 1, list: [withdrawal('w-1', { state: '已到账', finishedAt: '2026-11-23T03:00:02.000Z' })] }),
        ),
      },
    });
    expect(await screen.findByRole('article', { name: '提现 ¥50.00 审核中' })).toBeTruthy();
    await advance(PENDING_REFRESH_MS);
    expect(await screen.findByRole('article', { name: '提现 ¥50.00 已到账' })).toBeTruthy();
    const asked = api.bodiesOf('wallet/withdrawals').length;
    // A whole period more: nothing 审核中 is left, so nothing is asked.
    await advance(PENDING_REFRESH_MS);
    expect(api.bodiesOf('wallet/withdrawals')).toHaveLength(asked);
  });

  test('none yet: an empty state', async () => {
    renderPage(<WalletWithdrawListPage />, { url: '/my/wallet/tixian/list', calls: { 'wallet/withdrawals': ok({ total: 0, list: [] }) } });
    expect(await screen.findByText('暂无提现记录')).toBeTruthy();
  });

  test('not for a user without the wallet permissions: nothing is asked', async () => {
    rs.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = renderPage(<WalletWithdrawListPage />, {
      url: '/my/wallet/tixian/list',
      user: employee(),
      calls: { 'wallet/withdrawals': ok({ total: 0, list: [] }) },
    });
    expect(screen.getByText('仅管理员或收款管理员可使用钱包')).toBeTruthy();
    await settle();
    expect(api.calls).toHaveLength(0);
  });
});
