/**
 * One line of the wallet's ledger: what it was (收款, 结算, 提现…), its memo and time, and the signed change. A change
 * of the frozen balance says so; a settlement is one movement from 冻结 to 可提现, so it shows what moved, unsigned:
 * the merchant's money neither came nor went.
 */
import { Amount, amountText } from '@app/widgets/amount';
import { ChinaTime } from '@app/widgets/china-time';
import type { WalletEntry } from './wallet-api';
import './entry-row.css';

const BALANCE_TAGS: Record<WalletEntry['balance'], string | null> = { frozen: '冻结', available: null, frozenToAvailable: '冻结 → 可提现' };

export function EntryRow({ entry }: { entry: WalletEntry }) {
  const signed = entry.balance !== 'frozenToAvailable';
  const tag = BALANCE_TAGS[entry.balance];
  return (
    <article className="wallet-entry" aria-label={`${entry.kind} ${amountText(entry.amountFen, signed)}`}>
      <div className="wallet-entry__main">
        <div className="wallet-entry__head">
          <span className="wallet-entry__kind">{entry.kind}</span>
          {tag ? <span className="wallet-entry__balance">{tag}</span> : null}
        </div>
        {entry.memo ? <div className="wallet-entry__memo">{entry.memo}</div> : null}
        <ChinaTime className="wallet-entry__time" at={entry.at} />
      </div>
      <Amount fen={entry.amountFen} signed={signed} tone={signed && entry.amountFen > 0 ? 'in' : 'plain'} size="medium" />
    </article>
  );
}
