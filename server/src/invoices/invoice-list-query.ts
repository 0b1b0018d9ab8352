/**
 * The conditions of `invoice/list` (kind, status, failed deliveries, a range of China time) and the red sums its rows
 * show, shared by the list and its export (server/src/exports/), so both select exactly the same invoices.
 */
import { and, eq, gte, inArray, lt, ne, sum, type SQL } from 'drizzle-orm';
import type { InvoiceKind, InvoiceStatus } from '@app/domain/invoice-document';
import type { Database } from '../db/database';
import { invoices } from '../db/schema/invoices';
import { deliveryFailedFilter } from '../delivery/delivery-records';
import type { Access } from '../http/access';

/** Who sees the list, and so who may export it. */
export const INVOICE_LIST_ACCESS = { kind: 'company' } as const satisfies Access;

export interface InvoiceListFilters {
  kind?: InvoiceKind;
  status?: InvoiceStatus;
  deliveryFailed?: boolean;
}

/**
 * The list's conditions on `invoices` besides the company, or undefined. `range`: issued (or, not yet issued,
 * created) from `start` up to `end` — a month or days of the China calendar.
 */
export function invoiceListConditions(
  db: Database,
  companyId: string,
  filters: InvoiceListFilters,
  range?: { start: Date; end: Date },
): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.kind) conditions.push(eq(invoices.kind, filters.kind));
  if (filters.status) conditions.push(eq(invoices.status, filters.status));
  if (filters.deliveryFailed) conditions.push(deliveryFailedFilter(db, companyId));
  if (range) conditions.push(gte(invoices.listedAt, range.start), lt(invoices.listedAt, range.end));
  return conditions.length ? and(...conditions) : undefined;
}

/** For each of these blue invoices, the 价税合计 of its red invoices that did not fail (negative), by blue id. */
export async function reversedOfBlue(db: Database, blueIds: readonly string[]): Promise<Map<string, number>> {
  const reversed = new Map<string, number>();
  if (!blueIds.length) return reversed;
  const sums = await db
    .select({ originalId: invoices.originalId, total: sum(invoices.grossFen).mapWith(Number) })
    .from(invoices)
    .where(and(inArray(invoices.originalId, [...blueIds]), ne(invoices.status, '开具失败')))
    .groupBy(invoices.originalId);
  for (const row of sums) if (row.originalId) reversed.set(row.originalId, row.total);
  return reversed;
}
