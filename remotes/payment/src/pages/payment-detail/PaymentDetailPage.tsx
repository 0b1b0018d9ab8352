/**
 * `/payment/detail?id=` (no tab bar): one line of 收支: the amount, time, payer, channel, order number, the provider's
 * trade number and, for an income, where its invoice stands: 未开票 offers 开票 (IssueInvoiceSheet.tsx), 开票中 and
 * 已开票 link to the invoice's task, 申请中 points to the customer's application in the applying list.
 */
import { useState, type ReactNode } from 'react';
import { chinaDateTime } from '@app/domain/china-time';
import { appHref } from '@app/host-sdk/paths';
import { useNavigate, useSearchParams } from '@app/host-sdk/router';
import { Button } from '@app/ui/button';
import { Page } from '@app/ui/page';
import { Tag } from '@app/ui/tag';
import { getPayment, type PaymentRecord } from '../../features/payments/payments-api';
import { CHANNEL_LABELS, INVOICE_STATE_COLORS, TYPE_LABELS } from '../../features/payments/labels';
import { useShownAgain } from '@app/widgets/use-shown-again';
import { Amount } from '@app/widgets/amount';
import { Card, DetailRow } from '@app/widgets/card';
import { LoadingCard } from '@app/widgets/form-page';
import { LoadedView } from '@app/widgets/state-view';
import { useLoadedByCode } from '@app/widgets/use-loaded-by-code';
import { WhenOpened } from '@app/widgets/when-opened';
import { Note } from '@app/widgets/note';
import { IssueInvoiceSheet } from './IssueInvoiceSheet';
import './payment-detail.css';

function InvoicePart({ record, onIssue }: { record: PaymentRecord; onIssue(): void }) {
  const navigate = useNavigate();
  const state = record.invoiceState;
  if (record.type !== 'income' || !state) return null;
  let action: ReactNode = null;
  if (state === '未开票') {
    action = (
      <Button block color="primary" size="large" onClick={onIssue}>
        开票
      </Button>
    );
  } else if (state === '申请中') {
    action = <Note>顾客已申请开票，请到「开票申请」中审核开具。</Note>;
  } else if (record.taskId) {
    const taskId = record.taskId;
    action = (
      <Button block color="primary" fill="outline" onClick={() => navigate(appHref('invoiceTaskDetail', {}, { id: taskId }))}>
        {state === '已开票' ? '查看开票记录' : '查看开票进度'}
      </Button>
    );
  }
  return (
    <Card
      flush
      raised
      title="发票"
      aria-label="发票"
      extra={
        <Tag color={INVOICE_STATE_COLORS[state]} fill="outline">
          {state}
        </Tag>
      }
    >
      {action}
    </Card>
  );
}

function Detail({ record, onIssue }: { record: PaymentRecord; onIssue(): void }) {
  const income = record.type === 'income';
  return (
    <>
      <Card flush raised as="div">
        <div className="payment-detail__summary">
          <span className="payment-detail__title">{record.title}</span>
          <Amount fen={record.amountFen} signed tone={income ? 'in' : 'plain'} className="payment-detail__amount" />
          <Note as="span">{TYPE_LABELS[record.type]}</Note>
        </div>
      </Card>
      <Card flush raised as="div">
        <DetailRow label="时间">{chinaDateTime(record.at)}</DetailRow>
        <DetailRow label={income ? '付款方' : '收款方'}>{record.counterparty}</DetailRow>
        <DetailRow label="渠道">{CHANNEL_LABELS[record.channel]}</DetailRow>
        <DetailRow label="订单号">{record.orderNo}</DetailRow>
        <DetailRow label="交易单号">{record.providerTradeNo ?? '—'}</DetailRow>
      </Card>
      <InvoicePart record={record} onIssue={onIssue} />
    </>
  );
}

export default function PaymentDetailPage() {
  const [params] = useSearchParams();
  const { loaded, retry, refresh } = useLoadedByCode(params.get('id') ?? '', getPayment, undefined);
  const [issuing, setIssuing] = useState(false);
  useShownAgain(refresh);

  return (
    <Page title="收支详情">
      <div className="payment-detail">
        <LoadedView
          loaded={loaded}
          placeholder={<LoadingCard />}
          missing={{ title: '收支记录不存在', description: '它可能属于其他企业，或链接有误' }}
          onRetry={retry}
        >
          {(record) => (
            <>
              <Detail record={record} onIssue={() => setIssuing(true)} />
              <WhenOpened visible={issuing}>
                <IssueInvoiceSheet record={record} visible={issuing} onClose={() => setIssuing(false)} />
              </WhenOpened>
            </>
          )}
        </LoadedView>
      </div>
    </Page>
  );
}
