/**
 * `/my/wallet/tixian/list`: the withdrawals, newest first, 20 a page, each with its state. While one on the first
 * page is still 审核中 the list loads again every few seconds (only while the page is shown), so 已到账 or 失败
 * appears without a pull; it also loads again after a new withdrawal (the wallet's revision).
 */
import { useEffect, useRef, useState } from 'react';
import { Page } from '@app/ui/page';
import { PagedList, type PagedListHandle } from '@app/ui/paged-list';
import { useReloadOnChange } from '@app/ui/list-revision';
import { listWithdrawals, type Withdrawal } from '../../features/wallet/wallet-api';
import { walletRevision } from '../../features/wallet/wallet-revision';
import { WalletGate } from '../../features/wallet/WalletGate';
import { WithdrawalCard } from './WithdrawalCard';
import './wallet-withdraw-list.css';

const TITLE = '提现记录';
/** How often a list with a withdrawal 审核中 asks again. */
export const PENDING_REFRESH_MS = 3000;

function WithdrawalList() {
  const list = useRef<PagedListHandle>(null);
  const [pending, setPending] = useState(false);
  useReloadOnChange(list, walletRevision);

  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => void list.current?.reload(), PENDING_REFRESH_MS);
    return () => clearInterval(timer);
  }, [pending]);

  async function load(page: number) {
    const result = await listWithdrawals(page);
    if (page === 1) setPending(result.list.some((withdrawal) => withdrawal.state === '审核中'));
    return result;
  }

  return (
    <Page title={TITLE}>
      <div className="withdrawal-list">
        <PagedList<Withdrawal>
          ref={list}
          queryKey="withdrawals"
          load={load}
          itemKey={(withdrawal) => withdrawal.id}
          renderItem={(withdrawal) => <WithdrawalCard withdrawal={withdrawal} />}
          skeletonRows={4}
          empty={{ description: '暂无提现记录' }}
        />
      </div>
    </Page>
  );
}

export default function WalletWithdrawListPage() {
  return (
    <WalletGate title={TITLE}>
      <WithdrawalList />
    </WalletGate>
  );
}
