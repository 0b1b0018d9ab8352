/**
 * What to reverse of the chosen blue invoice: the reason, 全额 or 部分 (per line, what is left at most), the red totals
 * with the capitals, and 提交红冲 — confirmed, then the tax-bureau login and face checks, then the task. One request
 * serial per filled-in form (a new form, a new serial): submitting the same form again never issues twice.
 */
import { useState } from 'react';
import { amountInCapitals } from '@app/domain/capital-numerals';
import { RED_REASONS, type InvoiceDocument, type RedReason } from '@app/domain/invoice-document';
import { formatYuan } from '@app/domain/money';
import { ensureTaxReady } from '@app/host-sdk/dialogs';
import { Dialog } from '@app/ui/dialog';
import { List } from '@app/ui/list';
import { Selector } from '@app/ui/selector';
import { Toast } from '@app/ui/toast';
import { AMOUNT_MESSAGES, canReverseAsMistake, fullPlan, partialPlan, redRequest, type ReversalMode } from './red-amounts';
import { RedLinesInput } from './RedLinesInput';
import { newRequestSerial } from '@app/domain/request-serial';
import { createRedInvoiceTask } from './return-api';
import { BottomBar } from '@app/widgets/bottom-bar';
import { SubmitButton } from '@app/widgets/form-page';
import { Note } from '@app/widgets/note';

const REASON_CODES = Object.keys(RED_REASONS) as RedReason[];
const MISTAKE: RedReason = '01';

export interface RedInvoiceFormProps {
  invoice: InvoiceDocument;
  /** The red-invoice task was created. */
  onSubmitted(taskId: string): void;
}

export function RedInvoiceForm({ invoice, onSubmitted }: RedInvoiceFormProps) {
  const [serial] = useState(newRequestSerial);
  const [reason, setReason] = useState<RedReason | null>(null);
  const [chosenMode, setChosenMode] = useState<ReversalMode>('full');
  const [typed, setTyped] = useState<Record<number, string>>({});
  /** Problems of a missing choice show once 提交 was tapped. */
  const [tried, setTried] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const mistakeAllowed = canReverseAsMistake(invoice);
  const mode: ReversalMode = reason === MISTAKE ? 'full' : chosenMode;
  const plan = mode === 'full' ? fullPlan(invoice) : partialPlan(invoice, typed);
  const amountFen = -plan.totals.grossFen;
  const reasonMissing = tried && reason === null;
  const linesMissing = tried && mode === 'partial' && plan.lines.length === 0 && Object.keys(plan.problems).length === 0;

  async function submit() {
    setTried(true);
    if (reason === null || Object.keys(plan.problems).length > 0 || plan.lines.length === 0) return;
    const confirmed = await Dialog.confirm({
      title: '确认红冲',
      content: `本次红冲 ${formatYuan(amountFen)}，确认提交？`,
      confirmText: '提交',
      cancelText: '再看看',
    });
    if (!confirmed) return;
    setSubmitting(true);
    try {
      if (!(await ensureTaxReady())) {
        Toast.show({ content: '请先完成电子税务局登录和今日刷脸认证' });
        return;
      }
      const { taskId } = await createRedInvoiceTask(redRequest(invoice, reason, mode, plan, serial));
      Toast.show({ icon: 'success', content: '红冲已提交' });
      onSubmitted(taskId);
    } catch {
      // The API client has shown why; the form (and its serial) stays for another try.
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <div className="red-form">
      <List mode="card" header="红冲原因" className="red-form__card">
        <div className="red-form__choice">
          <Selector<RedReason>
            aria-label="红冲原因"
            columns={2}
            options={REASON_CODES.map((code) => ({
              value: code,
              label: RED_REASONS[code],
              description: code,
              disabled: code === MISTAKE && !mistakeAllowed,
            }))}
            value={reason ? [reason] : []}
            onChange={([picked]) => picked && setReason(picked)}
          />
          {reasonMissing ? (
            <Note tone="danger" as="div" className="red-form__problem" role="alert">
              请选择红冲原因
            </Note>
          ) : null}
          {!mistakeAllowed ? (
            <Note small className="red-form__hint">
              该发票已部分红冲，不能再选“开票有误”：开票有误须对整张发票全额红冲。
            </Note>
          ) : null}
        </div>
      </List>

      <List mode="card" header="红冲方式" className="red-form__card">
        <div className="red-form__choice">
          <Selector<ReversalMode>
            aria-label="红冲方式"
            columns={2}
            options={[
              { value: 'full', label: '全额红冲', description: `剩余 ${formatYuan(invoice.leftFen)}` },
              { value: 'partial', label: '部分红冲', description: '按行填写金额', disabled: reason === MISTAKE },
            ]}
            value={[mode]}
            onChange={([picked]) => picked && setChosenMode(picked)}
          />
          {reason === MISTAKE ? (
            <Note small className="red-form__hint">
              “开票有误”只能全额红冲：整张发票冲销后，再重新开具正确的发票。
            </Note>
          ) : null}
        </div>
      </List>

      {mode === 'partial' ? (
        <List mode="card" header="红冲明细（填写本次红冲的含税金额，不填的行不红冲）" className="red-form__card">
          <RedLinesInput
            invoice={invoice}
            typed={typed}
            plan={plan}
            onType={(lineNo, value) => setTyped((previous) => ({ ...previous, [lineNo]: value }))}
          />
          {linesMissing ? (
            <Note tone="danger" as="div" className="red-form__problem red-form__problem--lines" role="alert">
              {AMOUNT_MESSAGES.noneChosen}
            </Note>
          ) : null}
        </List>
      ) : null}

      <List mode="card" header="红字发票合计" className="red-form__card red-form__totals" aria-label="红字发票合计">
        <List.Item extra={formatYuan(plan.totals.netFen)}>合计金额</List.Item>
        <List.Item extra={formatYuan(plan.totals.taxFen)}>合计税额</List.Item>
        <List.Item extra={<strong className="red-form__gross">{formatYuan(plan.totals.grossFen)}</strong>}>价税合计</List.Item>
        <List.Item>
          <div className="red-form__capitals">
            <span>大写</span>
            {amountInCapitals(plan.totals.grossFen)}
          </div>
        </List.Item>
      </List>

      <BottomBar>
        <div className="red-form__bar-amount">
          本次红冲
          <strong>{formatYuan(amountFen)}</strong>
        </div>
        <SubmitButton block={false} color="danger" submitting={submitting} submittingText="提交中" onClick={() => void submit()}>
          提交红冲
        </SubmitButton>
      </BottomBar>
    </div>
  );
}
