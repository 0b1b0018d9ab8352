/**
 * `/my/wallet` (managers and 收款管理员): the balance card — 可提现 large, 冻结 with when it becomes available, the
 * account withdrawals go to — with 提现 (disabled, saying why, when nothing is available or no account is bound) and
 * 提现记录; then 最近明细 with 查看全部. The balances load again each time the page is shown and on pull-to-refresh.
 */
import { Link, useNavigate } from '@app/host-sdk/router';
import { Button } from '@app/ui/button';
import { Page } from '@app/ui/page';
import { RefreshOnPull } from '@app/ui/refresh-on-pull';
import { Skeleton } from '@app/ui/skeleton';
import { LoadedView } from '@app/widgets/state-view';
import { href } from '../../paths';
import { AccountText } from '../../features/wallet/AccountText';
import { EntryRow } from '../../features/wallet/EntryRow';
import { formatYuan } from '@app/domain/money';
import { useWallet } from '../../features/wallet/use-wallet';
import type { Wallet } from '../../features/wallet/wallet-api';
import { WalletGate } from '../../features/wallet/WalletGate';
import './wallet.css';

const TITLE = '钱包';

/** Why 提现 cannot be tapped now, or null when it can. */
export function withdrawBlocked(wallet: Wallet): string | null {
  if (!wallet.account) return '尚未绑定提现账户，请联系客服绑定后再提现';
  if (wallet.availableFen <= 0) return '暂无可提现余额';
  return null;
}

function BalanceCard({ wallet }: { wallet: Wallet }) {
  const navigate = useNavigate();
  const blocked = withdrawBlocked(wallet);
  return (
    <section className="wallet-card" aria-label="余额">
      <div className="wallet-card__label">可提现余额</div>
      <output className="wallet-card__available" aria-label="可提现">
        {formatYuan(wallet.availableFen)}
      </output>
      <div className="wallet-card__frozen">
        <div className="wallet-card__frozen-line">
          <span>冻结中</span>
          <output className="wallet-card__frozen-amount" aria-label="冻结">
            {formatYuan(wallet.frozenFen)}
          </output>
        </div>
        <div className="wallet-card__hint">顾客付款结算后（T+1）转为可提现</div>
      </div>
      <div className="wallet-card__account">
        <span className="wallet-card__account-label">提现账户</span>
        <span className="wallet-card__account-value">{wallet.account ? <AccountText account={wallet.account} truncate /> : '未绑定'}</span>
      </div>
      <div className="wallet-card__actions">
        <Button
          className="wallet-card__withdraw"
          shape="rounded"
          disabled={blocked !== null}
          onClick={() => navigate(href('walletWithdraw'))}
        >
          提现
        </Button>
        <Button className="wallet-card__records" shape="rounded" fill="outline" onClick={() => navigate(href('walletWithdrawList'))}>
          提现记录
        </Button>
      </div>
      {blocked ? (
        <p className="wallet-card__blocked" role="note">
          {blocked}
        </p>
      ) : null}
    </section>
  );
}

function RecentEntries({ wallet }: { wallet: Wallet }) {
  return (
    <section className="wallet-recent" aria-labelledby="wallet-recent-title">
      <header className="wallet-recent__head">
        <h2 id="wallet-recent-title" className="wallet-recent__title">
          最近明细
        </h2>
        <Link className="wallet-recent__all" to={href('walletList')}>
          查看全部
          <span aria-hidden="true" className="wallet-recent__arrow">
            ›
          </span>
        </Link>
      </header>
      {wallet.recent.length === 0 ? (
        <p className="wallet-recent__empty">暂无明细，顾客付款后将显示在这里</p>
      ) : (
        <ul className="wallet-recent__rows">
          {wallet.recent.map((entry) => (
            <li key={entry.id} className="wallet-recent__row">
              <EntryRow entry={entry} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function WalletSkeleton() {
  return (
    <div className="wallet-loading" role="status" aria-busy="true" aria-label="加载中">
      <div className="wallet-loading__card">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={3} animated />
      </div>
      <div className="wallet-loading__card">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={4} animated />
      </div>
    </div>
  );
}

function WalletHome() {
  const { loaded, retry, reload } = useWallet();
  return (
    <Page title={TITLE}>
      <LoadedView
        loaded={loaded}
        placeholder={<WalletSkeleton />}
        missing={{ title: '钱包不存在' }}
        failedTitle="钱包加载失败"
        onRetry={retry}
      >
        {(wallet) => (
          <RefreshOnPull onRefresh={reload}>
            <div className="wallet-home">
              <BalanceCard wallet={wallet} />
              <RecentEntries wallet={wallet} />
            </div>
          </RefreshOnPull>
        )}
      </LoadedView>
    </Page>
  );
}

export default function WalletPage() {
  return (
    <WalletGate title={TITLE}>
      <WalletHome />
    </WalletGate>
  );
}
