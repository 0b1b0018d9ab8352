/**
 * `/my/wallet/tixian`: withdraw to the bound account (WithdrawForm), then 提现申请已提交 with the way to the
 * withdrawals. Without a bound account there is nothing to withdraw to, and the page says so. The route is not kept
 * alive: every visit starts a new form (and request serial) on the current balance.
 */
import { useState } from 'react';
import { appHref } from '@app/host-sdk/paths';
import { useNavigate } from '@app/host-sdk/router';
import { Button } from '@app/ui/button';
import { Page } from '@app/ui/page';
import { Result } from '@app/ui/result';
import { StatusView } from '@app/ui/status-view';
import { LoadingCard, useGoBack } from '@app/widgets/form-page';
import { LoadedView } from '@app/widgets/state-view';
import { href } from '../../paths';
import { formatYuan } from '@app/domain/money';
import { AccountText } from '../../features/wallet/AccountText';
import { useWallet } from '../../features/wallet/use-wallet';
import type { Withdrawal, WithdrawPreview } from '../../features/wallet/wallet-api';
import { WalletGate } from '../../features/wallet/WalletGate';
import { WithdrawForm } from './WithdrawForm';
import { leavingFen } from './withdraw-rules';
import './wallet-withdraw.css';

const TITLE = '提现';

function Submitted({ withdrawal, preview }: { withdrawal: Withdrawal; preview: WithdrawPreview }) {
  const navigate = useNavigate();
  const goBack = useGoBack();
  const back = () => goBack(appHref('myWallet'));
  return (
    <div className="withdraw-done">
      <Result
        status="success"
        title="提现申请已提交"
        description={
          <>
            {formatYuan(withdrawal.amountFen)} 将提现至 <AccountText account={withdrawal.account} />
            <br />
            余额扣除 {formatYuan(leavingFen(withdrawal))}（含手续费 {formatYuan(withdrawal.feeFen)}），实际到账{' '}
            {formatYuan(preview.arriveFen)}，审核通过后到账
          </>
        }
      />
      <div className="withdraw-done__actions">
        <Button block color="primary" size="large" onClick={() => navigate(href('walletWithdrawList'), { replace: true })}>
          查看提现记录
        </Button>
        <Button block size="large" onClick={back}>
          返回钱包
        </Button>
      </div>
    </div>
  );
}

function Withdraw() {
  const { loaded, retry } = useWallet();
  const [done, setDone] = useState<{ withdrawal: Withdrawal; preview: WithdrawPreview } | null>(null);
  if (done) {
    return (
      <Page title={TITLE}>
        <Submitted withdrawal={done.withdrawal} preview={done.preview} />
      </Page>
    );
  }
  return (
    <Page title={TITLE}>
      <LoadedView
        loaded={loaded}
        placeholder={<LoadingCard lines={4} />}
        missing={{ title: '钱包不存在' }}
        failedTitle="钱包加载失败"
        onRetry={retry}
      >
        {(wallet) =>
          wallet.account ? (
            <WithdrawForm wallet={wallet} onDone={(withdrawal, preview) => setDone({ withdrawal, preview })} />
          ) : (
            <StatusView icon="closed" title="尚未绑定提现账户" description="绑定收款银行账户后才能提现，请联系客服绑定。" />
          )
        }
      </LoadedView>
    </Page>
  );
}

export default function WalletWithdrawPage() {
  return (
    <WalletGate title={TITLE}>
      <Withdraw />
    </WalletGate>
  );
}
