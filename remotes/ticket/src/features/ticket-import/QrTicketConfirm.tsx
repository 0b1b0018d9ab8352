/**
 * What a scanned or photographed QR code says, to confirm before it is added: the invoice's type, code, number, date,
 * amount and check code, what the domain's rules find wrong with them, and 加入票夹.
 */
import { useState } from 'react';
import { formatYuan } from '@app/domain/money';
import { Button } from '@app/ui/button';
import { Card, DetailRow } from '@app/widgets/card';
import { SubmitButton } from '@app/widgets/form-page';
import { Note } from '@app/widgets/note';
import type { TicketImportBody } from '../tickets/tickets-api';
import { useImportTicket } from './use-import';
import './qr-ticket-confirm.css';

export interface QrTicketConfirmProps {
  body: TicketImportBody;
  /** What the domain's rules find wrong with it (it cannot be added then). */
  problem: string | null;
  /** 重新选择 / 重新扫码. */
  againText: string;
  onAgain(): void;
}

export function QrTicketConfirm({ body, problem, againText, onAgain }: QrTicketConfirmProps) {
  const importTicket = useImportTicket();
  const [submitting, setSubmitting] = useState(false);
  const add = async () => {
    if (submitting) return;
    setSubmitting(true);
    try {
      await importTicket(body);
    } catch {
      // The API client said why (该发票已在票夹中…); the user may pick another.
    } finally {
      setSubmitting(false);
    }
  };
  return (
    <>
      <Card title="识别结果" aria-label="识别结果">
        <DetailRow label="发票类型">{body.type ?? '—'}</DetailRow>
        {body.invoiceCode ? <DetailRow label="发票代码">{body.invoiceCode}</DetailRow> : null}
        <DetailRow label="发票号码">{body.number}</DetailRow>
        <DetailRow label="开票日期">{body.issueDate}</DetailRow>
        <DetailRow label="不含税金额">{formatYuan(body.netFen)}</DetailRow>
        {body.checkCodeLast6 ? <DetailRow label="校验码后6位">{body.checkCodeLast6}</DetailRow> : null}
      </Card>
      {problem ? (
        <Note tone="danger" role="alert" className="qr-confirm__note">
          {problem}
        </Note>
      ) : (
        <Note className="qr-confirm__note">加入票夹后将自动向税务局查验发票真伪。</Note>
      )}
      <div className="qr-confirm__actions">
        {problem ? null : (
          <SubmitButton submitting={submitting} submittingText="导入中" onClick={() => void add()}>
            加入票夹
          </SubmitButton>
        )}
        <Button block fill="outline" color="primary" size="large" onClick={onAgain} disabled={submitting}>
          {againText}
        </Button>
      </div>
    </>
  );
}
