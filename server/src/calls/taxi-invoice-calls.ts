/**
 * A taxi company's invoices of its trips (docs/domain-rules.md, "Taxis"): issuing one for a passenger's trips, and the
 * list of them. What the taxi calls share is in server/src/taxi/.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { invoices } from '../db/schema/invoices';
import { taxiInvoices, taxiInvoiceTrips, taxiTrips } from '../db/schema/taxi';
import { defineCall } from '../http/define-call';
import { TAXI_USER } from '../http/access';
import { cappedCount, pageWindow } from '../http/paging';
import { invoiceSummary } from '../invoices/invoice-records';
import { createTaxiInvoice } from '../taxi/taxi-invoices';
import { tripLine } from '../taxi/trip-records';

const createInvoice = defineCall('taxiInvoice/create', {
  access: { ...TAXI_USER, agreement: true },
  rateLimit: { max: 30, windowMs: 60_000 },
  handler: async ({ caller, company, body, services }) => {
    const created = await createTaxiInvoice(services.db, services.tasks, caller.userId, company, body);
    services.tasks.wake();
    return created;
  },
});

/** The company's taxi invoices, newest first (their index), each with the trips it covers. */
const listInvoices = defineCall('taxiInvoice/list', {
  access: TAXI_USER,
  handler: async ({ company, body, services }) => {
    const db = services.db;
    const where = eq(taxiInvoices.companyId, company.id);
    const order = [desc(taxiInvoices.createdAt), desc(taxiInvoices.invoiceId)];
    const window = pageWindow(body.page, body.pageSize);
    const [page, total] = await Promise.all([
      db
        .select({ invoiceId: taxiInvoices.invoiceId })
        .from(taxiInvoices)
        .where(where)
        .orderBy(...order)
        .limit(window.limit)
        .offset(window.offset),
      cappedCount(db, taxiInvoices, where, order),
    ]);
    const ids = page.map((row) => row.invoiceId);
    if (!ids.length) return { total, list: [] };
    const [invoiceRows, tripRows, reversed] = await Promise.all([
      db.select().from(invoices).where(inArray(invoices.id, ids)),
      db
        .select({ invoiceId: taxiInvoiceTrips.invoiceId, trip: taxiTrips })
        .from(taxiInvoiceTrips)
        .innerJoin(taxiTrips, eq(taxiTrips.id, taxiInvoiceTrips.tripId))
        .where(inArray(taxiInvoiceTrips.invoiceId, ids))
        .orderBy(asc(taxiTrips.startTime), asc(taxiTrips.id)),
      db
        .select({ originalId: invoices.originalId, total: sql<number>`sum(${invoices.grossFen})`.mapWith(Number) })
        .from(invoices)
        .where(and(inArray(invoices.originalId, ids), sql`${invoices.status} <> '开具失败'`))
        .groupBy(invoices.originalId),
    ]);
    const byId = new Map(invoiceRows.map((row) => [row.id, row]));
    const reversedFen = new Map(reversed.map((row) => [row.originalId, row.total]));
    return {
      total,
      list: ids.flatMap((id) => {
        const invoice = byId.get(id);
        if (!invoice) return [];
        const trips = tripRows.filter((row) => row.invoiceId === id).map(({ trip }) => tripLine(trip));
        return [{ invoice: invoiceSummary(invoice, reversedFen.get(id) ?? 0), trips }];
      }),
    };
  },
});

export const taxiInvoiceCalls = [createInvoice, listInvoices];
