/** Issued invoices' day and month totals (server/src/statistics/invoice-totals.ts keeps them). */
import { integer, text } from 'drizzle-orm/pg-core';
import type { InvoiceKind } from '@app/domain/invoice-document';
import type { TaxExemption } from '@app/domain/tax-maths';
import { dayColumn, monthColumn, totalsTable } from './totals-table';

/**
 * Issued invoices by company, China month (YYYYMM) and kind: count and gross, kept in the transaction that records an
 * invoice as issued, so the home summary and the statistics read one row instead of a month of invoices.
 */
export const invoiceMonthTotals = totalsTable(
  'invoice_month_totals',
  { month: monthColumn(), kind: text('kind').$type<InvoiceKind>().notNull() },
  { count: 'integer', grossFen: 'bigint' },
);

/**
 * Issued invoices by company, China day (YYYYMMDD) and kind: count and gross, kept beside `invoice_month_totals` in the
 * same compare-and-set step (statistics/invoice reads a range's days here: by day, or the partial first and last
 * months of a range by month).
 */
export const invoiceDayTotals = totalsTable(
  'invoice_day_totals',
  { day: dayColumn(), kind: text('kind').$type<InvoiceKind>().notNull() },
  { count: 'integer', grossFen: 'bigint' },
);

/**
 * The lines of issued invoices by company, China day (YYYYMMDD) and rate (per mille, or how they are untaxed): net,
 * tax and gross, red lines negative; kept with `invoice_day_totals` (and by month in `invoice_month_rate_totals`).
 * Rate and exemption may be null, and a null is one key (`NULLS NOT DISTINCT`).
 */
export const invoiceDayRateTotals = totalsTable(
  'invoice_day_rate_totals',
  { day: dayColumn(), ratePermille: integer('rate_permille'), taxFree: text('tax_free').$type<TaxExemption>() },
  { netFen: 'bigint', taxFen: 'bigint', grossFen: 'bigint' },
  { nullable: true },
);

/** `invoice_day_rate_totals` by China month (YYYYMM): statistics/invoice reads a range's whole months here. */
export const invoiceMonthRateTotals = totalsTable(
  'invoice_month_rate_totals',
  { month: monthColumn(), ratePermille: integer('rate_permille'), taxFree: text('tax_free').$type<TaxExemption>() },
  { netFen: 'bigint', taxFen: 'bigint', grossFen: 'bigint' },
  { nullable: true },
);
