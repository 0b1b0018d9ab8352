/** How a ticket's states read and look: 查验 state colours, month and amount labels the pages share. */
import type { TicketSummary } from '@app/contract/ticket';
import type { TicketVerifyState } from '@app/domain/ticket';

export const VERIFY_STATE_COLORS: Record<TicketVerifyState, 'default' | 'primary' | 'success' | 'warning' | 'danger'> = {
  未查验: 'default',
  查验中: 'primary',
  查验通过: 'success',
  查无此票: 'danger',
  已作废: 'danger',
  已红冲: 'warning',
  查验失败: 'warning',
};

/** `2026-11` → 2026年11月. */
export function monthLabel(month: string): string {
  const [year, number] = month.split('-');
  return `${year}年${Number(number)}月`;
}

/** The month (YYYY-MM) of a ticket's issue date: the folder's months. */
export function monthOfTicket(ticket: Pick<TicketSummary, 'issueDate'>): string {
  return ticket.issueDate.slice(0, 7);
}

/** What the ticket is worth on screen: 价税合计 once known, else the 不含税金额 that was typed or scanned. */
export function shownAmountFen(ticket: Pick<TicketSummary, 'grossFen' | 'netFen'>): number {
  return ticket.grossFen ?? ticket.netFen;
}

/** What a ticket whose seller is not known (not verified yet, or unknown to the bureau) is headed by. */
export const UNKNOWN_SELLER = '未知销售方';

/** The row's and the detail's headline: the seller, once the bureau (or the issuing here) told it. */
export function ticketTitle(ticket: Pick<TicketSummary, 'sellerName'>): string {
  return ticket.sellerName || UNKNOWN_SELLER;
}
