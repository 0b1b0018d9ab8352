/**
 * One withdrawal: its amount and state (审核中, 已到账, 失败), the fee, the account, when it was asked
 * for and when it finished; a failed one says why, and that the amount went back to the available balance.
 */
import { chinaDateTime } from '@app/domain/china-time';
import { Tag, type TagProps } from '@app/ui/tag';
import { Amount } from '@app/widgets/amount';
import { DetailRow } from '@app/widgets/card';
import { formatYuan } from '@app/domain/money';
import { AccountText } from '../../features/wallet/AccountText';
import type { Withdrawal } from '../../features/wallet/wallet-api';

const STATE_COLOR: Record<Withdrawal['state'], TagProps['color']> = {
  审核中: 'primary',
  已到账: 'success',
  失败: 'danger',
};

export function WithdrawalCard({ withdrawal }: { withdrawal: Withdrawal }) {
  const { amountFen, feeFen, state } = withdrawal;
  return (
    <article className="withdrawal-card" aria-label={`提现 ${formatYuan(amountFen)} ${state}`}>
      <header className="withdrawal-card__head">
        <span className="withdrawal-card__title">提现</span>
        <Amount fen={amountFen} className="withdrawal-card__amount" />
        <Tag className="withdrawal-card__tag" color={STATE_COLOR[state]} fill="outline">
          {state}
        </Tag>
      </header>
      <div className="withdrawal-card__body">
        <DetailRow label="手续费">{formatYuan(feeFen)}</DetailRow>
        <DetailRow label="到账账户">
          <AccountText account={withdrawal.account} />
        </DetailRow>
        <DetailRow label="申请时间">{chinaDateTime(withdrawal.createdAt)}</DetailRow>
        {withdrawal.finishedAt ? (
          <DetailRow label={state === '失败' ? '处理时间' : '到账时间'}>{chinaDateTime(withdrawal.finishedAt)}</DetailRow>
        ) : null}
      </div>
      {state === '失败' ? (
        <div className="withdrawal-card__failure" role="note">
          <div>失败原因：{withdrawal.failReason ?? '提现未成功'}</div>
          <div className="withdrawal-card__refund">金额已退回可提现余额</div>
        </div>
      ) : null}
      {state === '审核中' ? <div className="withdrawal-card__pending">提现审核中，到账后将更新状态</div> : null}
    </article>
  );
}
