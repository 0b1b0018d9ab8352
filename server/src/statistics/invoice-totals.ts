/**
 * The maintained totals of issued invoices (docs/architecture.md, "Lists that stay flat"): by company, China month or
 * day and kind (`invoice_month_totals`, the home summary; `invoice_day_totals`), and by China month or day and the
 * rate of the lines (`invoice_month_rate_totals`, `invoice_day_rate_totals`); statistics/invoice reads them. Added to
 * once per invoice, inside the transaction and right after the compare-and-set that records the invoice as issued
 * (`issued_at is null` → its instant), so concurrent issuing and red reversal add each invoice exactly once. Rows are
 * added to in one fixed order (month, day, month's rates, day's rates, rates by rate and exemption) so that two
 * transactions never wait on each other's rows in a cycle.
 */
import { sql } from 'drizzle-orm';
import { chinaDayNumber, chinaMonthNumber } from '@app/domain/china-time';
import type { InvoiceKind } from '@app/domain/invoice-document';
import type { Database } from '../db/database';
import { invoiceDayTotals, invoiceMonthTotals } from '../db/schema/invoice-totals';

export interface IssuedInvoice {
  id: string;
  companyId: string;
  kind: InvoiceKind;
  grossFen: number;
}

/** Adds an invoice just recorded as issued (and its stored lines) to every invoice totals table, inside `tx`. */
export async function addIssuedInvoiceToTotals(tx: Database, invoice: IssuedInvoice, issuedAt: Date): Promise<void> {
  const { companyId, kind, grossFen } = invoice;
  await tx
    .insert(invoiceMonthTotals)
    .values({ companyId, month: chinaMonthNumber(issuedAt), kind, count: 1, grossFen })
    .onConflictDoUpdate({
      target: [invoiceMonthTotals.companyId, invoiceMonthTotals.month, invoiceMonthTotals.kind],
      set: { count: sql`${invoiceMonthTotals.count} + 1`, grossFen: sql`${invoiceMonthTotals.grossFen} + ${grossFen}` },
    });
  const day = chinaDayNumber(issuedAt);
  await tx
    .insert(invoiceDayTotals)
    .values({ companyId, day, kind, count: 1, grossFen })
    .onConflictDoUpdate({
      target: [invoiceDayTotals.companyId, invoiceDayTotals.day, invoiceDayTotals.kind],
      set: { count: sql`${invoiceDayTotals.count} + 1`, grossFen: sql`${invoiceDayTotals.grossFen} + ${grossFen}` },
    });
  // The invoice's lines by rate, summed by the database (an invoice has a few lines), added to the month's and the
  // day's rows in the rows' fixed order.
  const lines = sql`
    from invoice_lines where invoice_id = ${invoice.id}::uuid
    group by rate_permille, tax_free
    order by rate_permille desc nulls last, tax_free nulls last`;
  await tx.execute(sql`
    insert into invoice_month_rate_totals (company_id, month, rate_permille, tax_free, net_fen, tax_fen, gross_fen)
    select ${companyId}::uuid, ${chinaMonthNumber(issuedAt)}::integer, rate_permille, tax_free, sum(net_fen), sum(tax_fen), sum(gross_fen) ${lines}
    on conflict (company_id, month, rate_permille, tax_free) do update set
      net_fen = invoice_month_rate_totals.net_fen + excluded.net_fen,
      tax_fen = invoice_month_rate_totals.tax_fen + excluded.tax_fen,
      gross_fen = invoice_month_rate_totals.gross_fen + excluded.gross_fen`);
  await tx.execute(sql`
    insert into invoice_day_rate_totals (company_id, day, rate_permille, tax_free, net_fen, tax_fen, gross_fen)
    select ${companyId}::uuid, ${day}::integer, rate_permille, tax_free, sum(net_fen), sum(tax_fen), sum(gross_fen) ${lines}
    on conflict (company_id, day, rate_permille, tax_free) do update set
      net_fen = invoice_day_rate_totals.net_fen + excluded.net_fen,
      tax_fen = invoice_day_rate_totals.tax_fen + excluded.tax_fen,
      gross_fen = invoice_day_rate_totals.gross_fen + excluded.gross_fen`);
}
