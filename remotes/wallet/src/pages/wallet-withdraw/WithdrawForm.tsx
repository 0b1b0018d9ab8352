/**
 * The withdrawal form: the account it goes to, the amount in yuan with 全部提现, checked as it is typed (more than 0,
 * at most two decimals, with its fee at most the available balance), the server's fee and what arrives shown before
 * confirming, then a confirmation with amount, fee, what leaves the balance and what arrives. `wallet/withdraw` is sent once: the button is busy
 * while it runs, and a retry of the same amount sends the same request serial (the server pays out once per serial).
 * A refusal of the amount (4000) shows under the field.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ApiError } from '@app/host-sdk/api-client';
import { Link } from '@app/host-sdk/router';
import { confirmDialog } from '@app/ui/feedback';
import { applyServerErrors, Form, useFieldValue, type FormInstance } from '@app/ui/form';
import { Input } from '@app/ui/input';
import { Card } from '@app/widgets/card';
import { SubmitButton } from '@app/widgets/form-page';
import { Note } from '@app/widgets/note';
import { href } from '../../paths';
import { formatYuan } from '@app/domain/money';
import { newRequestSerial } from '@app/domain/request-serial';
import { AccountText } from '../../features/wallet/AccountText';
import { withdraw, type Wallet, type Withdrawal, type WithdrawPreview } from '../../features/wallet/wallet-api';
import { walletRevision } from '../../features/wallet/wallet-revision';
import { useWithdrawPreview } from './use-withdraw-preview';
import { amountFenOf, amountProblem, feeRuleText, leavingFen, maxWithdrawFen, OVER_BALANCE, yuanText } from './withdraw-rules';

interface Values {
  amount?: string;
}

/**
 * The form's values once valid. The fee's arrival checks the amount again, and a check overtaken by a newer one is
 * rejected as out of date with no error: a tap at that moment must not be lost, so such a check is made again.
 */
async function validValues(form: FormInstance<Values>): Promise<Values> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await form.validateFields();
    } catch (error) {
      if (!(error as { outOfDate?: boolean }).outOfDate || attempt === 3) throw error;
    }
  }
}

/** The amount field: ¥, the input, and 全部提现 beside it. */
function AmountInput({
  value,
  onChange,
  onAll,
  id,
}: {
  value?: string;
  onChange?: (value: string) => void;
  onAll: () => void;
  id?: string;
}) {
  return (
    <div className="withdraw-amount">
      <span className="withdraw-amount__currency" aria-hidden="true">
        ¥
      </span>
      <Input
        id={id}
        className="withdraw-amount__input"
        value={value ?? ''}
        onChange={onChange}
        placeholder="请输入提现金额"
        inputMode="decimal"
        clearable
        aria-label="提现金额"
      />
      <button type="button" className="withdraw-amount__all" onClick={onAll}>
        全部提现
      </button>
    </div>
  );
}

function ConfirmLine({ label, children, strong = false }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div className={`withdraw-confirm__line${strong ? ' withdraw-confirm__line--strong' : ''}`}>
      <span>{label}</span>
      <span>{children}</span>
    </div>
  );
}

function FeeLine({
  amountFen,
  preview,
  error,
  loading,
  rule,
}: {
  amountFen: number | null;
  preview: WithdrawPreview | null;
  error: string | null;
  loading: boolean;
  rule: string;
}) {
  let text: ReactNode = rule;
  if (amountFen !== null && preview) {
    text = (
      <>
        手续费 <b>{formatYuan(preview.feeFen)}</b>，余额扣除 <b>{formatYuan(leavingFen(preview))}</b>，实际到账{' '}
        <b>{formatYuan(preview.arriveFen)}</b>
      </>
    );
  } else if (amountFen !== null && error) {
    text = `手续费计算失败：${error}`;
  } else if (loading) {
    text = '正在计算手续费…';
  }
  return (
    <p className={`withdraw-fee${error && !preview ? ' withdraw-fee--error' : ''}`} aria-live="polite" data-testid="withdraw-fee">
      {text}
    </p>
  );
}

export function WithdrawForm({ wallet, onDone }: { wallet: Wallet; onDone: (withdrawal: Withdrawal, preview: WithdrawPreview) => void }) {
  const [form] = Form.useForm<Values>();
  const text = useFieldValue<string | undefined>(form, 'amount', undefined);
  const amountFen = amountFenOf(text);
  const candidate = amountFen !== null && amountFen <= wallet.availableFen ? amountFen : null;
  const { preview, error, loading, previewOf } = useWithdrawPreview(candidate);
  const [submitting, setSubmitting] = useState(false);
  const busy = useRef(false);
  /** The request serial of the amount last sent: a retry of the same amount sends it again. */
  const serial = useRef<{ amountFen: number; value: string } | null>(null);
  /** The server's latest fee, read by the field's rule for the amount it was given for. */
  const feeRef = useRef<WithdrawPreview | null>(null);
  feeRef.current = preview;

  // Once the fee arrives, the amount is checked again with it (amount + fee within the balance).
  useEffect(() => {
    if (preview && form.isFieldTouched('amount')) form.validateFields(['amount']).catch(() => undefined);
  }, [preview, form]);

  const fillAll = () => {
    const max = maxWithdrawFen(wallet.availableFen, wallet);
    form.setFields([{ name: 'amount', value: max > 0 ? yuanText(max) : '', touched: true }]);
    form.validateFields(['amount']).catch(() => undefined);
  };

  async function submit() {
    if (busy.current) return;
    busy.current = true;
    setSubmitting(true);
    try {
      let values: Values;
      try {
        values = await validValues(form);
      } catch {
        return;
      }
      const fen = amountFenOf(values.amount);
      if (fen === null) return;
      let fee: WithdrawPreview;
      try {
        fee = await previewOf(fen);
      } catch (reason) {
        form.setFields([{ name: 'amount', errors: [`手续费计算失败：${(reason as Error).message}`] }]);
        return;
      }
      if (fen + fee.feeFen > wallet.availableFen) {
        form.setFields([{ name: 'amount', errors: [OVER_BALANCE] }]);
        return;
      }
      const confirmed = await confirmDialog({
        title: '确认提现',
        content: (
          <div className="withdraw-confirm">
            <ConfirmLine label="提现金额">{formatYuan(fee.amountFen)}</ConfirmLine>
            <ConfirmLine label="手续费">{formatYuan(fee.feeFen)}</ConfirmLine>
            <ConfirmLine label="余额扣除">{formatYuan(leavingFen(fee))}</ConfirmLine>
            <ConfirmLine label="实际到账" strong>
              {formatYuan(fee.arriveFen)}
            </ConfirmLine>
            <ConfirmLine label="到账账户">{wallet.account ? <AccountText account={wallet.account} /> : null}</ConfirmLine>
          </div>
        ),
        confirmText: '确认提现',
        cancelText: '取消',
      });
      if (!confirmed) return;
      if (serial.current?.amountFen !== fen) serial.current = { amountFen: fen, value: newRequestSerial() };
      try {
        const withdrawal = await withdraw(fen, serial.current.value);
        serial.current = null;
        walletRevision.note();
        onDone(withdrawal, fee);
      } catch (failure) {
        showRefusal(failure);
      }
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  }

  /** The server's refusal of the amount, under the field (the API client has shown it as well). */
  function showRefusal(failure: unknown) {
    if (applyServerErrors(form, failure, (path) => (path === 'amountFen' ? 'amount' : null))) return;
    if (failure instanceof ApiError && (failure.errorCode === 4000 || failure.errorCode === 2005)) {
      form.setFields([{ name: 'amount', errors: [failure.message] }]);
    }
  }

  return (
    <div className="withdraw">
      <Card className="withdraw-account" aria-label="到账账户">
        <Note as="span">到账账户</Note>
        <span className="withdraw-account__value">{wallet.account ? <AccountText account={wallet.account} /> : null}</span>
      </Card>
      <Form form={form} layout="vertical" mode="card" className="withdraw-form">
        <Form.Item
          name="amount"
          label="提现金额"
          description={<span className="withdraw-available">可提现余额 {formatYuan(wallet.availableFen)}</span>}
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                const known = feeRef.current;
                const fee = known && known.amountFen === amountFenOf(value) ? known.feeFen : null;
                const problem = amountProblem(value, wallet.availableFen, fee);
                if (problem) throw new Error(problem);
              },
            },
          ]}
        >
          <AmountInput onAll={fillAll} />
        </Form.Item>
      </Form>
      <FeeLine amountFen={candidate} preview={preview} error={error} loading={loading} rule={feeRuleText(wallet, formatYuan)} />
      <div className="withdraw-actions">
        <SubmitButton submitting={submitting} submittingText="提交中" onClick={() => void submit()}>
          确认提现
        </SubmitButton>
        <Link className="withdraw-actions__records" to={href('walletWithdrawList')}>
          查看提现记录
        </Link>
      </div>
    </div>
  );
}
