/**
 * The ticket folder's rows and their month totals (docs/architecture.md, "Lists that stay flat"). Every write of a
 * ticket goes through here: inserting adds it to its key of `ticket_month_totals` (company, month of the issue date,
 * type, 查验 state, reimbursed), changing it locks the row and moves its amounts from its old key to its new one, and
 * deleting takes them away — all in the caller's transaction, so the totals agree with the rows under concurrent
 * changes. A key holds its tickets' amounts net of red reversals (`ticketNetAmounts`: before the tax is known, the net
 * as the gross); which 查验 states count into the totals is the domain's rule, applied where they are read
 * (ticket-search.ts). Two keys are added to in a fixed order (by key), so two transactions never wait on each other's
 * rows in a cycle.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { TicketDetail, TicketSummary } from '@app/contract/ticket';
import { ticketNetAmounts } from '@app/domain/ticket';
import type { Database } from '../db/database';
import type { VerifiedInvoice } from '../etax/gateway';
import { ticketMonthTotals, tickets } from '../db/schema/tickets';
import { users } from '../db/schema/users';
import { ApiFailure, ErrorCode } from '../http/api-failure';

export type TicketRow = typeof tickets.$inferSelect;
export type TicketInsert = typeof tickets.$inferInsert;
export type TicketChange = Partial<Omit<TicketInsert, 'id' | 'companyId' | 'createdAt'>>;

/** Who changes a company's folder: the company and the member acting. */
export interface TicketActor {
  companyId: string;
  userId: string;
}

/** The month (YYYYMM) of an issue date `YYYY-MM-DD`. */
export function ticketMonth(issueDate: string): number {
  return Number(issueDate.slice(0, 4)) * 100 + Number(issueDate.slice(5, 7));
}

interface TotalsDelta {
  key: { companyId: string; month: number; type: string; verifyState: TicketRow['verifyState']; reimbursed: boolean };
  count: number;
  netFen: number;
  taxFen: number;
  grossFen: number;
}

function deltaOf(row: TicketRow, sign: 1 | -1): TotalsDelta {
  const amounts = ticketNetAmounts(row);
  return {
    key: {
      companyId: row.companyId,
      month: ticketMonth(row.issueDate),
      type: row.type ?? '',
      verifyState: row.verifyState,
      reimbursed: row.reimbursed,
    },
    count: sign,
    netFen: sign * amounts.netFen,
    taxFen: sign * amounts.taxFen,
    grossFen: sign * amounts.grossFen,
  };
}

async function applyDeltas(tx: Database, deltas: TotalsDelta[]): Promise<void> {
  const merged = new Map<string, TotalsDelta>();
  for (const delta of deltas) {
    const name = JSON.stringify(delta.key);
    const seen = merged.get(name);
    if (seen) {
      seen.count += delta.count;
      seen.netFen += delta.netFen;
      seen.taxFen += delta.taxFen;
      seen.grossFen += delta.grossFen;
    } else merged.set(name, { ...delta });
  }
  for (const [, delta] of [...merged].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (delta.count === 0 && delta.netFen === 0 && delta.taxFen === 0 && delta.grossFen === 0) continue;
    await tx
      .insert(ticketMonthTotals)
      .values({ ...delta.key, count: delta.count, netFen: delta.netFen, taxFen: delta.taxFen, grossFen: delta.grossFen })
      .onConflictDoUpdate({
        target: [
          ticketMonthTotals.companyId,
          ticketMonthTotals.month,
          ticketMonthTotals.type,
          ticketMonthTotals.verifyState,
          ticketMonthTotals.reimbursed,
        ],
        set: {
          count: sql`${ticketMonthTotals.count} + ${delta.count}`,
          netFen: sql`${ticketMonthTotals.netFen} + ${delta.netFen}`,
          taxFen: sql`${ticketMonthTotals.taxFen} + ${delta.taxFen}`,
          grossFen: sql`${ticketMonthTotals.grossFen} + ${delta.grossFen}`,
        },
      });
  }
}

/** Adds a ticket, or answers null when the company already holds that invoice (nothing is changed then). */
export async function insertTicket(tx: Database, values: TicketInsert): Promise<TicketRow | null> {
  const [row] = await tx
    .insert(tickets)
    .values(values)
    .onConflictDoNothing({ target: [tickets.companyId, tickets.invoiceCode, tickets.number] })
    .returning();
  if (!row) return null;
  await applyDeltas(tx, [deltaOf(row, 1)]);
  return row;
}

/** What a ticket takes from the invoice it is (issued here, or as the bureau's verification answered it). */
export function invoiceFieldsOf(
  invoice: Pick<VerifiedInvoice, 'seller' | 'buyer' | 'netFen' | 'taxFen' | 'grossFen' | 'remarks'> & { type: TicketChange['type'] },
) {
  return {
    type: invoice.type,
    sellerName: invoice.seller.name,
    sellerTaxNumber: invoice.seller.taxNumber,
    buyerName: invoice.buyer.name,
    buyerTaxNumber: invoice.buyer.taxNumber,
    netFen: invoice.netFen,
    taxFen: invoice.taxFen,
    grossFen: invoice.grossFen,
    remarks: invoice.remarks,
  } satisfies TicketChange;
}

/**
 * Changes a ticket under its row lock: `change` sees the row as it is and answers what to set (null: nothing, e.g. a
 * compare-and-set that does not hold; `updatedAt` now unless it says when). Answers the changed row, or null when there
 * is no such row or no change.
 */
export async function changeTicket(
  tx: Database,
  where: SQL | undefined,
  change: (row: TicketRow) => TicketChange | null,
): Promise<TicketRow | null> {
  if (!where) throw new Error('changeTicket needs a condition');
  const [row] = await tx.select().from(tickets).where(where).for('update');
  if (!row) return null;
  const set = change(row);
  if (!set) return null;
  const [updated] = await tx
    .update(tickets)
    .set({ updatedAt: new Date(), ...set })
    .where(eq(tickets.id, row.id))
    .returning();
  if (!updated) return null;
  await applyDeltas(tx, [deltaOf(row, -1), deltaOf(updated, 1)]);
  return updated;
}

export async function deleteTicket(tx: Database, id: string, companyId: string): Promise<TicketRow | null> {
  const [row] = await tx
    .delete(tickets)
    .where(and(eq(tickets.id, id), eq(tickets.companyId, companyId)))
    .returning();
  if (!row) return null;
  await applyDeltas(tx, [deltaOf(row, -1)]);
  return row;
}

/** A ticket of the caller's company: 4004 when there is none, 1004 when another company's. */
export async function loadCompanyTicket(db: Database, id: string, companyId: string): Promise<TicketRow> {
  const [row] = await db.select().from(tickets).where(eq(tickets.id, id.toLowerCase()));
  if (!row) throw new ApiFailure(ErrorCode.NotFound, '发票不存在');
  if (row.companyId !== companyId) throw new ApiFailure(ErrorCode.NoAccess, '无权查看该企业的票夹');
  return row;
}

/** Where a ticket is, for the duplicate refusal: 该发票已在票夹中（2026年11月，已报销）. */
export function whereTicketIs(row: Pick<TicketRow, 'issueDate' | 'reimbursed'>): string {
  return `该发票已在票夹中（${Number(row.issueDate.slice(0, 4))}年${Number(row.issueDate.slice(5, 7))}月，${row.reimbursed ? '已报销' : '未报销'}）`;
}

/** The columns a list row reads (not the lines). */
export const SUMMARY_COLUMNS = {
  id: tickets.id,
  source: tickets.source,
  type: tickets.type,
  invoiceCode: tickets.invoiceCode,
  number: tickets.number,
  issueDate: tickets.issueDate,
  sellerName: tickets.sellerName,
  netFen: tickets.netFen,
  taxFen: tickets.taxFen,
  grossFen: tickets.grossFen,
  redGrossFen: tickets.redGrossFen,
  verifyState: tickets.verifyState,
  reimbursed: tickets.reimbursed,
  createdAt: tickets.createdAt,
};

export function ticketSummary(row: Pick<TicketRow, keyof typeof SUMMARY_COLUMNS>): TicketSummary {
  return {
    id: row.id,
    source: row.source,
    type: row.type,
    invoiceCode: row.invoiceCode,
    number: row.number,
    issueDate: row.issueDate,
    sellerName: row.sellerName,
    netFen: row.netFen,
    taxFen: row.taxFen,
    grossFen: row.grossFen,
    redGrossFen: row.redGrossFen,
    verifyState: row.verifyState,
    reimbursed: row.reimbursed,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function ticketDetail(db: Database, row: TicketRow): Promise<TicketDetail> {
  let reimbursedBy: string | null = null;
  if (row.reimbursedBy) {
    const [user] = await db.select({ nickname: users.nickname }).from(users).where(eq(users.id, row.reimbursedBy));
    reimbursedBy = user?.nickname ?? null;
  }
  return {
    ...ticketSummary(row),
    sellerTaxNumber: row.sellerTaxNumber,
    buyerName: row.buyerName,
    buyerTaxNumber: row.buyerTaxNumber,
    checkCodeLast6: row.checkCodeLast6,
    redNetFen: row.redNetFen,
    redTaxFen: row.redTaxFen,
    remarks: row.remarks,
    // Lines stored before discount lines existed have no discountOf.
    lines: row.lines.map((line) => ({ ...line, discountOf: line.discountOf ?? null })),
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    verifyMessage: row.verifyMessage,
    verifyTaskId: row.verifyTaskId,
    reimbursedAt: row.reimbursedAt?.toISOString() ?? null,
    reimbursedBy: row.reimbursedBy ? reimbursedBy : null,
    invoiceId: row.invoiceId,
  };
}
