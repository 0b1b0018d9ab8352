import { afterEach, describe, expect, rs, test } from '@rstest/core';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { ok, renderPage, settle } from '@app/host-sdk/testing';
import type { WalletEntry } from '@app/contract/wallet';
import { useListPageEnvironment } from '@app/ui/test-support/list-layout';
import { employee, entry } from '../../test-support/wallet-fixtures';
import { walletRevision } from '../../features/wallet/wallet-revision';
import WalletListPage from './WalletListPage';

useListPageEnvironment();
afterEach(() => {
  rs.useRealTimers();
  cleanup();
  document.body.innerHTML = '';
});

/** A ledger of `count` entries in memory, answered 20 a page. */
function ledger(count: number): WalletEntry[] {
  return Array.from({ length: count }, (_, index) =>
    entry(`e-${index + 1}`, { memo: `第${index + 1}笔`, amountFen: index % 2 ? -100 : 8_800, kind: index % 2 ? '提现' : '收款' }),
  );
}

function open(entries: WalletEntry[], user = undefined as ReturnType<typeof employee> | undefined) {
  return renderPage(<WalletListPage />, {
    url: '/my/wallet/list',
    history: ['/my/wallet'],
    ...(user ? { user } : {}),
    calls: {
      'wallet/entries': ({ page = 1, pageSize = 20 }) => {
        const start = ((page as number) - 1) * (pageSize as number);
        return ok({ total: entries.length, list: entries.slice(start, start + (pageSize as number)) });
      },
    },
  });
}

const rows = () => screen.queryAllByRole('article');

describe('WalletListPage', () => {
  test('every entry, 20 a page: the next page loads as the list scrolls to its end', async () => {
    const { api } = open(ledger(25));
    await waitFor(() => expect(rows().length).toBe(25));
    expect(api.bodiesOf('wallet/entries')).toEqual([
      { page: 1, pageSize: 20 },
      { page: 2, pageSize: 20 },
    ]);
    expect(rows()[0]?.getAttribute('aria-label')).toBe('收款 +¥88.00');
    expect(rows()[1]?.getAttribute('aria-label')).toBe('提现 -¥1.00');
    expect(screen.getByText('第25笔')).toBeTruthy();
    expect(await screen.findByText('没有更多了')).toBeTruthy();
  });

  test('a settlement is one movement from 冻结 to 可提现, never money leaving', async () => {
    open([
      entry('e-2', { kind: '结算', amountFen: 12_500, balance: 'frozenToAvailable', memo: 'YST202611230001' }),
      entry('e-1', { kind: '收款', amountFen: 12_500, balance: 'frozen', memo: 'YST202611230001' }),
    ]);
    await waitFor(() => expect(rows().length).toBe(2));
    expect(rows().map((row) => row.getAttribute('aria-label'))).toEqual(['结算 ¥125.00', '收款 +¥125.00']);
    expect(rows()[0]?.textContent).toContain('冻结 → 可提现');
    expect(rows()[0]?.textContent).not.toContain('-¥');
  });

  test('no entries: an empty state', async () => {
    open([]);
    expect(await screen.findByText('暂无明细，顾客付款后将显示在这里')).toBeTruthy();
  });

  test('after a withdrawal (the wallet revision) it loads again', async () => {
    const entries = ledger(1);
    const { api } = open(entries);
    await waitFor(() => expect(rows().length).toBe(1));
    entries.unshift(entry('e-new', { kind: '提现', amountFen: -5_000, balance: 'available', memo: '提现' }));
    act(() => walletRevision.note());
    await waitFor(() => expect(rows().length).toBe(2));
    expect(api.bodiesOf('wallet/entries').length).toBeGreaterThanOrEqual(2);
  });

  test('not for a user without the wallet permissions: nothing is asked', async () => {
    rs.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = open(ledger(3), employee());
    expect(screen.getByText('仅管理员或收款管理员可使用钱包')).toBeTruthy();
    await settle();
    expect(api.calls).toHaveLength(0);
  });
});
