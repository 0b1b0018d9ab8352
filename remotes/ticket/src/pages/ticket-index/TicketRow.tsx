/**
 * A ticket in the folder: the seller (未知销售方 until the bureau tells it) and its amount (价税合计 once known), the
 * 查验 state, the type and issue date, the number and whether it was reimbursed. The amount of a ticket whose state does
 * not count into the totals (`@app/domain/ticket`) is shown weak and said to be left out. Tapping it opens the detail.
 */
import { formatYuan } from '@app/domain/money';
import { ticketCountsInTotals } from '@app/domain/ticket';
import { Tag } from '@app/ui/tag';
import { Amount } from '@app/widgets/amount';
import { ListRow, ListRowLine } from '@app/widgets/list-row';
import { shownAmountFen, ticketTitle, VERIFY_STATE_COLORS } from '../../features/tickets/ticket-labels';
import type { TicketSummary } from '../../features/tickets/tickets-api';

export function TicketRow({ ticket, onOpen }: { ticket: TicketSummary; onOpen(ticket: TicketSummary): void }) {
  const title = ticketTitle(ticket);
  const amount = shownAmountFen(ticket);
  const reversed = ticket.verifyState === '已红冲' || ticket.verifyState === '已作废';
  const counts = ticketCountsInTotals(ticket.verifyState);
  return (
    <ListRow
      title={title}
      aria-label={`${title} ${formatYuan(amount)}${counts ? '' : ' 不计入合计'}`}
      extra={
        <Amount
          fen={amount}
          size="medium"
          tone={reversed ? 'red' : 'plain'}
          className={counts || reversed ? undefined : 'ticket-row__amount--left-out'}
        />
      }
      onClick={() => onOpen(ticket)}
    >
      <ListRowLine>
        <span className="ticket-row__meta">
          <Tag color={VERIFY_STATE_COLORS[ticket.verifyState]} fill="outline">
            {ticket.verifyState}
          </Tag>
          <span>{ticket.type ?? '发票'}</span>
          <span className="ticket-row__dot" aria-hidden="true">
            ·
          </span>
          <span>{ticket.issueDate}</span>
        </span>
      </ListRowLine>
      <ListRowLine
        divided
        truncate
        extra={
          <Tag color={ticket.reimbursed ? 'success' : 'default'} fill={ticket.reimbursed ? 'solid' : 'outline'}>
            {ticket.reimbursed ? '已报销' : '未报销'}
          </Tag>
        }
      >
        <span className="ticket-row__number">No. {ticket.number}</span>
      </ListRowLine>
    </ListRow>
  );
}
