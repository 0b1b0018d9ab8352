/**
 * The folder's month groups. The list comes newest issue date first, so a month's tickets follow each other: a month's
 * heading goes before the first of them. The pages arrive one by one; `MonthStarts` remembers, for the rows loaded so
 * far, which ticket starts each month.
 */
import { monthOfTicket } from '../../features/tickets/ticket-labels';
import type { TicketSummary } from '../../features/tickets/tickets-api';

export class MonthStarts {
  private readonly starts = new Map<string, string>();

  /** `firstPage`: the tickets of a first page already at hand. */
  constructor(firstPage: readonly Pick<TicketSummary, 'id' | 'issueDate'>[] = []) {
    this.add(firstPage);
  }

  /** A first page: what was remembered is of another list. */
  reset(): void {
    this.starts.clear();
  }

  /** The next page's tickets, in the list's order. */
  add(tickets: readonly Pick<TicketSummary, 'id' | 'issueDate'>[]): void {
    for (const ticket of tickets) {
      const month = monthOfTicket(ticket);
      if (!this.starts.has(month)) this.starts.set(month, ticket.id);
    }
  }

  /** Whether a loaded ticket is of `month`. */
  has(month: string): boolean {
    return this.starts.has(month);
  }

  /** The month `ticket` starts, or null when it is not the first of its month. */
  monthStartedBy(ticket: Pick<TicketSummary, 'id' | 'issueDate'>): string | null {
    const month = monthOfTicket(ticket);
    return this.starts.get(month) === ticket.id ? month : null;
  }
}
