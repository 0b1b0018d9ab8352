/**
 * `/ticket/detail?id=` (票据详情): one ticket of the folder: its amount and states at the top; 查验 (the bureau's
 * answer, when, and 重新查验, which runs as a task and is followed until its answer shows); the invoice's fields, its
 * parties and lines once verified; 报销 (marked, by whom and when); and at the bottom 查看PDF (an invoice issued in this
 * system), 删除 (asked first, then back to the folder) and 标记报销 / 取消报销 (asked first).
 */
import { useState } from 'react';
import { chinaDateTime } from '@app/domain/china-time';
import { appHref } from '@app/host-sdk/paths';
import { useRouteMeta, useSearchParams } from '@app/host-sdk/router';
import { Button } from '@app/ui/button';
import { confirmDialog, showToast } from '@app/ui/feedback';
import { Page } from '@app/ui/page';
import { Tag } from '@app/ui/tag';
import { Amount, amountText } from '@app/widgets/amount';
import { BottomBar } from '@app/widgets/bottom-bar';
import { Card, DetailRow } from '@app/widgets/card';
import { confirmRemoval } from '@app/widgets/confirm-removal';
import { LoadingCard, useGoBack } from '@app/widgets/form-page';
import { LoadedView } from '@app/widgets/state-view';
import { Note } from '@app/widgets/note';
import { useShownAgain } from '@app/widgets/use-shown-again';
import { shownAmountFen, ticketTitle, VERIFY_STATE_COLORS } from '../../features/tickets/ticket-labels';
import type { TicketDetail } from '../../features/tickets/tickets-api';
import { deleteTicket, getTicketPdfLink, markReimbursed, verifyTicket } from './ticket-detail-api';
import { useTicket } from './use-ticket';
import './ticket-detail.css';

/** What each 查验 state tells the user when the bureau gave no message of its own. */
const VERIFY_NOTES: Record<TicketDetail['verifyState'], string> = {
  未查验: '尚未向税务局查验',
  查验中: '正在向税务局查验，请稍候',
  查验通过: '税务局查验通过，发票真实有效',
  查无此票: '税务局查无此票，请核对发票信息',
  已作废: '该发票已作废',
  已红冲: '该发票已全额红冲',
  查验失败: '税务局暂未响应，请稍后重新查验',
};

function Headline({ ticket }: { ticket: TicketDetail }) {
  return (
    <Card flush raised as="div">
      <div className="ticket-detail__headline">
        <span className="ticket-detail__title">{ticketTitle(ticket)}</span>
        <Amount fen={shownAmountFen(ticket)} className="ticket-detail__amount" />
        <span className="ticket-detail__amount-label">{ticket.grossFen === null ? '不含税金额' : '价税合计'}</span>
        <span className="ticket-detail__tags">
          <Tag color={VERIFY_STATE_COLORS[ticket.verifyState]} fill="outline">
            {ticket.verifyState}
          </Tag>
          <Tag color={ticket.reimbursed ? 'success' : 'default'} fill="outline">
            {ticket.reimbursed ? '已报销' : '未报销'}
          </Tag>
        </span>
      </div>
    </Card>
  );
}

function Verification({ ticket, onVerify, starting }: { ticket: TicketDetail; onVerify(): void; starting: boolean }) {
  const verifying = ticket.verifyState === '查验中';
  return (
    <Card
      flush
      title="查验"
      aria-label="查验"
      extra={
        <Tag color={VERIFY_STATE_COLORS[ticket.verifyState]} fill="outline">
          {ticket.verifyState}
        </Tag>
      }
    >
      <Note className="ticket-detail__verify-note" tone={['查验通过', '查验中', '未查验'].includes(ticket.verifyState) ? 'weak' : 'danger'}>
        {verifying ? VERIFY_NOTES.查验中 : (ticket.verifyMessage ?? VERIFY_NOTES[ticket.verifyState])}
      </Note>
      {ticket.verifiedAt ? <DetailRow label="查验时间">{chinaDateTime(ticket.verifiedAt)}</DetailRow> : null}
      <Button
        className="ticket-detail__verify"
        block
        color="primary"
        fill="outline"
        loading={verifying || starting}
        loadingText="查验中"
        disabled={verifying || starting}
        onClick={onVerify}
      >
        重新查验
      </Button>
    </Card>
  );
}

function Facts({ ticket }: { ticket: TicketDetail }) {
  const reversed = ticket.redGrossFen > 0;
  return (
    <Card flush title="发票信息" aria-label="发票信息">
      <DetailRow label="发票类型">{ticket.type ?? '查验后显示'}</DetailRow>
      {ticket.invoiceCode ? <DetailRow label="发票代码">{ticket.invoiceCode}</DetailRow> : null}
      <DetailRow label="发票号码">{ticket.number}</DetailRow>
      <DetailRow label="开票日期">{ticket.issueDate}</DetailRow>
      {ticket.checkCodeLast6 ? <DetailRow label="校验码后6位">{ticket.checkCodeLast6}</DetailRow> : null}
      <DetailRow label="不含税金额">{amountText(ticket.netFen)}</DetailRow>
      <DetailRow label="税额">{ticket.taxFen === null ? '查验后显示' : amountText(ticket.taxFen)}</DetailRow>
      <DetailRow label="价税合计">{ticket.grossFen === null ? '查验后显示' : amountText(ticket.grossFen)}</DetailRow>
      {reversed ? <DetailRow label="已红冲金额">{amountText(ticket.redGrossFen)}</DetailRow> : null}
      {ticket.remarks ? <DetailRow label="备注">{ticket.remarks}</DetailRow> : null}
      <DetailRow label="来源">{ticket.source}</DetailRow>
      <DetailRow label="加入时间">{chinaDateTime(ticket.createdAt)}</DetailRow>
    </Card>
  );
}

function Parties({ ticket }: { ticket: TicketDetail }) {
  if (!ticket.sellerName && !ticket.buyerName) return null;
  return (
    <Card flush title="交易方" aria-label="交易方">
      <DetailRow label="销售方">{ticket.sellerName || '—'}</DetailRow>
      {ticket.sellerTaxNumber ? <DetailRow label="销售方税号">{ticket.sellerTaxNumber}</DetailRow> : null}
      <DetailRow label="购买方">{ticket.buyerName || '—'}</DetailRow>
      {ticket.buyerTaxNumber ? <DetailRow label="购买方税号">{ticket.buyerTaxNumber}</DetailRow> : null}
    </Card>
  );
}

function Lines({ ticket }: { ticket: TicketDetail }) {
  if (!ticket.lines.length) return null;
  return (
    <Card flush title="商品明细" aria-label="商品明细">
      {ticket.lines.map((line) => (
        <div className="ticket-detail__line" key={line.lineNo}>
          <div className="ticket-detail__line-head">
            <span className="ticket-detail__line-name">{line.itemName}</span>
            <span>{amountText(line.grossFen)}</span>
          </div>
          <div className="ticket-detail__line-facts">
            {line.quantity && line.unitPrice ? `${line.quantity}${line.unit} × ${line.unitPrice} · ` : ''}
            金额 {amountText(line.netFen)} · {line.taxFree ?? (line.ratePermille === null ? '' : `税率 ${line.ratePermille / 10}%`)} · 税额{' '}
            {amountText(line.taxFen)}
          </div>
        </div>
      ))}
    </Card>
  );
}

function Reimbursement({ ticket }: { ticket: TicketDetail }) {
  return (
    <Card
      flush
      title="报销"
      aria-label="报销"
      extra={<span className={ticket.reimbursed ? 'ticket-detail__done' : undefined}>{ticket.reimbursed ? '已报销' : '未报销'}</span>}
    >
      {ticket.reimbursed ? (
        <>
          {ticket.reimbursedBy ? <DetailRow label="标记人">{ticket.reimbursedBy}</DetailRow> : null}
          {ticket.reimbursedAt ? <DetailRow label="报销时间">{chinaDateTime(ticket.reimbursedAt)}</DetailRow> : null}
        </>
      ) : (
        <Note>报销后请点击下方「报销」标记，避免重复报销。</Note>
      )}
    </Card>
  );
}

function Detail({ ticket, show, reload }: { ticket: TicketDetail; show(ticket: TicketDetail): void; reload(): void }) {
  const goBack = useGoBack();
  const [starting, setStarting] = useState(false);
  const [busy, setBusy] = useState(false);

  const verify = async () => {
    setStarting(true);
    try {
      const taskId = await verifyTicket(ticket.id);
      show({ ...ticket, verifyState: '查验中', verifyTaskId: taskId, verifyMessage: null });
    } catch {
      // The API client said why.
    } finally {
      setStarting(false);
    }
  };
  const reimburse = async () => {
    const marking = !ticket.reimbursed;
    const confirmed = await confirmDialog({
      title: marking ? '标记为已报销' : '取消报销',
      content: marking ? '确定将这张发票标记为已报销吗？' : '确定取消这张发票的报销标记吗？',
      confirmText: marking ? '确定报销' : '取消报销',
      cancelText: '再想想',
    });
    if (!confirmed) return;
    setBusy(true);
    try {
      show(await markReimbursed(ticket.id, marking));
      showToast({ icon: 'success', content: marking ? '已标记为已报销' : '已取消报销' });
    } catch {
      // Already so (someone else did it): the API client said who and when; show what is stored now.
      reload();
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    const removed = await confirmRemoval({
      title: '删除发票',
      content: `确定从票夹中删除发票 ${ticket.number} 吗？删除后可重新导入。`,
      remove: async () => {
        await deleteTicket(ticket.id);
        return '已删除';
      },
    });
    if (removed) goBack(appHref('ticketIndex'));
  };
  const openPdf = async () => {
    try {
      window.location.assign((await getTicketPdfLink(ticket.id)).url);
    } catch {
      // The API client said why.
    }
  };

  return (
    <>
      <div className="ticket-detail">
        <Headline ticket={ticket} />
        <Verification ticket={ticket} onVerify={() => void verify()} starting={starting} />
        <Facts ticket={ticket} />
        <Parties ticket={ticket} />
        <Lines ticket={ticket} />
        <Reimbursement ticket={ticket} />
      </div>
      <BottomBar className="ticket-detail__bar">
        {ticket.invoiceId ? (
          <Button fill="outline" color="primary" onClick={() => void openPdf()}>
            查看PDF
          </Button>
        ) : null}
        <Button fill="outline" color="danger" onClick={() => void remove()} disabled={busy}>
          删除
        </Button>
        <Button color="primary" fill={ticket.reimbursed ? 'outline' : 'solid'} loading={busy} onClick={() => void reimburse()}>
          {ticket.reimbursed ? '取消报销' : '报销'}
        </Button>
      </BottomBar>
    </>
  );
}

export default function TicketDetailPage() {
  const title = useRouteMeta()?.title ?? '票据详情';
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const { loaded, show, retry, refresh } = useTicket(id);
  useShownAgain(refresh);

  return (
    <Page title={title}>
      <LoadedView
        loaded={loaded}
        placeholder={<LoadingCard />}
        missing={{ title: '发票不存在', description: '它可能已被删除，或链接有误' }}
        onRetry={retry}
      >
        {(ticket) => <Detail ticket={ticket} show={show} reload={refresh} />}
      </LoadedView>
    </Page>
  );
}
