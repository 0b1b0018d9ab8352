/**
 * Automatic collection (自动归集): an invoice issued in this system reaches the buyer's ticket folder when its buyer's
 * tax number is a company here — verified (查验通过) with its lines, since the system issued it. Called from the
 * step that records an invoice as issued (invoices/invoice-steps.ts), inside its transaction and after its
 * compare-and-set, so a replayed completion adds nothing; the folder's unique (company, code, number) holds too. A
 * ticket the buyer already imported by hand is completed instead. A red invoice updates every ticket of its blue one
 * that the bureau's record reached (collected, or verified and found issued here): its red amounts recomputed from
 * the issued red invoices, 已红冲 when nothing is left.
 */
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { chinaDate } from '@app/domain/china-time';
import type { Database } from '../db/database';
import { companies } from '../db/schema/companies';
import { invoices } from '../db/schema/invoices';
import { tickets } from '../db/schema/tickets';
import { documentLine, linesOf, type InvoiceRow } from '../invoices/invoice-records';
import { changeTicket, insertTicket, invoiceFieldsOf, type TicketChange } from './ticket-records';

export const COLLECTED_MESSAGE = '本系统开具的发票，已自动归集';

export async function collectIssuedInvoice(
  tx: Database,
  invoice: InvoiceRow,
  issued: { number: string; issuedAt: Date },
  at: Date,
): Promise<void> {
  if (invoice.kind !== 'blue' || !invoice.buyer.taxNumber) return;
  const [buyer] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.xsfNsrsbh, invoice.buyer.taxNumber));
  if (!buyer) return;
  const lines = ((await linesOf(tx, [invoice.id])).get(invoice.id) ?? []).map(documentLine);
  const verified = {
    ...invoiceFieldsOf(invoice),
    issueDate: chinaDate(issued.issuedAt),
    lines,
    verifyState: '查验通过',
    verifyMessage: COLLECTED_MESSAGE,
    verifiedAt: at,
    invoiceId: invoice.id,
    updatedAt: at,
  } satisfies TicketChange;
  const added = await insertTicket(tx, {
    companyId: buyer.id,
    source: '自动归集',
    invoiceCode: '',
    number: issued.number,
    ...verified,
    createdAt: at,
  });
  if (added) return;
  await changeTicket(tx, and(eq(tickets.companyId, buyer.id), eq(tickets.invoiceCode, ''), eq(tickets.number, issued.number)), (row) =>
    row.invoiceId === invoice.id ? null : { ...verified, verifyTaskId: null },
  );
}

/** After a red invoice against `blueId` was recorded as issued (at `at`): the blue one's tickets carry what is reversed. */
export async function reverseCollectedTickets(tx: Database, blueId: string, fullyReversed: boolean, at: Date): Promise<void> {
  const [sums] = await tx
    .select({
      netFen: sql<number>`coalesce(-sum(${invoices.netFen}), 0)`.mapWith(Number),
      taxFen: sql<number>`coalesce(-sum(${invoices.taxFen}), 0)`.mapWith(Number),
      grossFen: sql<number>`coalesce(-sum(${invoices.grossFen}), 0)`.mapWith(Number),
    })
    .from(invoices)
    .where(and(eq(invoices.originalId, blueId), eq(invoices.kind, 'red'), isNotNull(invoices.issuedAt)));
  const red = sums ?? { netFen: 0, taxFen: 0, grossFen: 0 };
  const holders = await tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.invoiceId, blueId), inArray(tickets.verifyState, ['查验通过', '已红冲'])));
  for (const { id } of holders) {
    await changeTicket(tx, eq(tickets.id, id), (row) =>
      row.verifyState !== '查验通过' && row.verifyState !== '已红冲'
        ? null
        : {
            redNetFen: red.netFen,
            redTaxFen: red.taxFen,
            redGrossFen: red.grossFen,
            verifyState: fullyReversed ? '已红冲' : '查验通过',
            verifyMessage: fullyReversed ? '发票已红冲' : '发票已部分红冲',
            updatedAt: at,
          },
    );
  }
}
