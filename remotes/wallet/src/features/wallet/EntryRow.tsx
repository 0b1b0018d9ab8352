/**
 * One line of the wallet's ledger: what it was (收款, 结算, 提现…), its memo and time, and the signed change. A change
 * of the frozen balance says so, since the same payment appears twice: 收款 into 冻结, then 结算 out of it.
 */
import { Amount, amountText } from '@app/widgets/amount';
import { ChinaTime } from '@app/widgets/china-time';
import type { WalletEntry } from './wallet-api';
import './entry-row.css';

export function EntryRow({ entry }: { entry: WalletEntry }) {
  return (
    <article className="wallet-entry" aria-label={`${entry.kind} ${amountText(entry.amountFen, true)}`}>
      <div className="wallet-entry__main">
        <div className="wallet-entry__head">
          <span className="wallet-entry__kind">{entry.kind}</span>
          {entry.balance === 'frozen' ? <span className="wallet-entry__balance">冻结</span> : null}
        </div>
        {entry.memo ? <div className="wallet-entry__memo">{entry.memo}</div> : null}
        <ChinaTime className="wallet-entry__time" at={entry.at} />
      </div>
      <Amount fen={entry.amountFen} signed tone={entry.amountFen > 0 ? 'in' : 'plain'} size="medium" />
    </article>
  );
}
