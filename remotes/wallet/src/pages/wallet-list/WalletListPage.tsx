/**
 * `/my/wallet/list`: every entry of the wallet's ledger, newest first, 20 a page with infinite scroll and
 * pull-to-refresh; it loads again after a withdrawal (the wallet's revision).
 */
import { useRef } from 'react';
import { Page } from '@app/ui/page';
import { PagedList, type PagedListHandle } from '@app/ui/paged-list';
import { useReloadOnChange } from '@app/ui/list-revision';
import { EntryRow } from '../../features/wallet/EntryRow';
import { listEntries, type WalletEntry } from '../../features/wallet/wallet-api';
import { walletRevision } from '../../features/wallet/wallet-revision';
import { WalletGate } from '../../features/wallet/WalletGate';
import './wallet-list.css';

const TITLE = '钱包明细';

function EntryList() {
  const list = useRef<PagedListHandle>(null);
  useReloadOnChange(list, walletRevision);
  return (
    <Page title={TITLE}>
      <div className="wallet-list">
        <PagedList<WalletEntry>
          ref={list}
          queryKey="entries"
          load={listEntries}
          itemKey={(entry) => entry.id}
          renderItem={(entry) => <EntryRow entry={entry} />}
          skeletonRows={6}
          empty={{ description: '暂无明细，顾客付款后将显示在这里' }}
        />
      </div>
    </Page>
  );
}

export default function WalletListPage() {
  return (
    <WalletGate title={TITLE}>
      <EntryList />
    </WalletGate>
  );
}
