/**
 * Taxi invoices (taxiInvoice/create): one blue invoice for received trips of one passenger, a line per trip from the
 * company's 客运服务 goods (tax code PASSENGER_TRANSPORT_TAX_CODE) with the car's plate as its model, through the
 * same task pipeline as any blue invoice (`insertBlueInvoice`: once per request serial; the worker needs the
 * tax-bureau login and today's face). The trips are claimed in the invoice's transaction (compare-and-set: a trip is
 * in at most one live invoice), and the invoice and its trips are kept for taxiInvoice/list.
 */
import { formatYuan } from '@app/domain/money';
import { recordAudit } from '../audit/audit-trail';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { CreatedInvoice } from '@app/domain/invoice-requests';
import type { InvoiceParty } from '@app/domain/invoice-document';
import { INVOICE_LIMITS } from '@app/domain/invoice-buyer';
import { lineIssue, priceLine } from '@app/domain/invoice-line';
import { chinaDate } from '@app/domain/china-time';
import { formatKilometres, PASSENGER_TRANSPORT_TAX_CODE } from '@app/domain/taxi-trip';
import type { CallerCompany } from '../auth/caller';
import type { Database } from '../db/database';
import { goods, liveGoods } from '../db/schema/companies';
import { tasks } from '../db/schema/tasks';
import { taxiInvoices, taxiInvoiceTrips, taxiTrips } from '../db/schema/taxi';
import { ApiFailure, ErrorCode, invalidField, invalidInput } from '../http/api-failure';
import { insertBlueInvoice, SERIAL_REUSED, type NewLine } from '../invoices/create-invoices';
import { checkedBuyer, checkedDelivery, checkedRemarks } from '../invoices/invoice-input';
import type { TaskQueue } from '../tasks/task-queue';
import { claimTrips, INVOICEABLE, TRIP_INVOICED, TRIP_NOT_FOUND, type TripRow } from './trip-records';

export const NO_TRANSPORT_GOODS = `请先在商品管理中添加“客运服务”商品（税收分类编码 ${PASSENGER_TRANSPORT_TAX_CODE}）`;

export interface TaxiInvoiceRequest {
  requestSerial: string;
  tripIds: readonly string[];
  buyer: InvoiceParty;
  remarks?: string | undefined;
  deliverPhone?: string | undefined;
  deliverEmail?: string | undefined;
}

/** The remarks that list the trips (plate, date, from→to, km): as many as fit, then how many there are in all. */
export function tripRemarks(trips: readonly TripRow[]): string {
  const entries = trips.map(
    (trip) =>
      `${trip.licensePlateNumber} ${chinaDate(trip.startTime)} ${trip.fromPlace}→${trip.toPlace} ${formatKilometres(trip.distanceMetres)}km`,
  );
  const text = (shown: number) =>
    shown === entries.length ? entries.join('；') : [...entries.slice(0, shown), `等 ${entries.length} 笔行程`].join('；');
  const length = (value: string) => Array.from(value).length;
  let shown = entries.length;
  while (shown > 0 && length(text(shown)) > INVOICE_LIMITS.remarks) shown--;
  return Array.from(text(shown)).slice(0, INVOICE_LIMITS.remarks).join('');
}

/** The trips of the request, each the company's, received, by one passenger and free to invoice. */
async function invoiceableTrips(db: Database, companyId: string, tripIds: readonly string[]): Promise<TripRow[]> {
  const rows = await db
    .select()
    .from(taxiTrips)
    .where(inArray(taxiTrips.id, [...tripIds]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const trips = tripIds.map((id) => {
    const trip = byId.get(id);
    if (!trip) throw new ApiFailure(ErrorCode.NotFound, TRIP_NOT_FOUND);
    if (trip.companyId !== companyId) throw new ApiFailure(ErrorCode.NoAccess, '无权访问该企业的行程');
    return trip;
  });
  if (trips.some((trip) => trip.receiverId === null)) throw new ApiFailure(ErrorCode.TaskStateConflict, '行程尚未被乘客领取，不能开票');
  if (new Set(trips.map((trip) => trip.receiverId)).size > 1) throw invalidField('tripIds', '一张发票只能包含同一位乘客的行程');
  if (trips.some((trip) => !INVOICEABLE.includes(trip.state) || trip.invoiceId !== null))
    throw new ApiFailure(ErrorCode.TaskStateConflict, TRIP_INVOICED);
  return trips;
}

/** The goods a taxi invoice's lines are printed from: the company's first live goods with the passenger-transport code. */
async function transportGoods(db: Database, companyId: string) {
  const [item] = await db
    .select()
    .from(goods)
    .where(and(eq(goods.companyId, companyId), eq(goods.taxCode, PASSENGER_TRANSPORT_TAX_CODE), liveGoods))
    .orderBy(asc(goods.createdAt), asc(goods.id))
    .limit(1);
  if (!item) throw new ApiFailure(ErrorCode.TaskStateConflict, NO_TRANSPORT_GOODS);
  return item;
}

/** A line per trip: the goods' name, unit and rate, the plate as its model, quantity 1 at the fare. */
function tripLines(item: Awaited<ReturnType<typeof transportGoods>>, trips: readonly TripRow[]): NewLine[] {
  return trips.map((trip, index) => {
    const priced = priceLine({ grossFen: trip.fareFen, rate: item.taxFree ?? item.taxRatePermille ?? 0, quantity: '1' });
    const printed = {
      goodsName: item.name,
      taxShortName: item.taxShortName,
      taxCode: item.taxCode,
      model: trip.licensePlateNumber,
      unit: item.unit,
      ...priced,
    };
    const issue = lineIssue({ ...printed, itemName: `*${item.taxShortName}*${item.name}` });
    if (issue) throw invalidInput(`第 ${index + 1} 笔行程：${issue.message}`, { [`tripIds.${index}`]: issue.message });
    return { lineNo: index + 1, goodsId: item.id, ...printed };
  });
}

export async function createTaxiInvoice(
  db: Database,
  queue: TaskQueue,
  userId: string,
  company: CallerCompany,
  request: TaxiInvoiceRequest,
): Promise<CreatedInvoice> {
  // A repeated request (the same serial) answers what the first made, whatever its trips are now.
  const [repeat] = await db
    .select({ id: tasks.id, type: tasks.type, payload: tasks.payload })
    .from(tasks)
    .where(and(eq(tasks.companyId, company.id), eq(tasks.requestSerial, request.requestSerial)));
  if (repeat) {
    const invoiceId = String(repeat.payload.invoiceId ?? '');
    const [taxi] =
      repeat.type === 'blue_invoice' && invoiceId ? await db.select().from(taxiInvoices).where(eq(taxiInvoices.invoiceId, invoiceId)) : [];
    if (!taxi) throw invalidInput(SERIAL_REUSED);
    return { taskId: repeat.id, invoiceId };
  }
  const tripIds = [...new Set(request.tripIds.map((id) => id.toLowerCase()))];
  const buyer = checkedBuyer(request.buyer, '数电普票');
  const delivery = checkedDelivery(request.deliverPhone ?? '', request.deliverEmail ?? '');
  const trips = await invoiceableTrips(db, company.id, tripIds);
  const item = await transportGoods(db, company.id);
  const lines = tripLines(item, trips);
  const remarks = request.remarks?.trim() ? checkedRemarks(request.remarks) : tripRemarks(trips);
  return insertBlueInvoice(
    db,
    queue,
    userId,
    company,
    { requestSerial: request.requestSerial, type: '数电普票', buyer, remarks, delivery, lines, applicationId: null },
    undefined,
    async (tx, created) => {
      await claimTrips(tx, created.invoiceId, tripIds);
      await tx.insert(taxiInvoices).values({ invoiceId: created.invoiceId, companyId: company.id });
      await tx.insert(taxiInvoiceTrips).values(tripIds.map((tripId) => ({ invoiceId: created.invoiceId, tripId })));
      const summary = `为 ${tripIds.length} 个行程开具发票，车费合计 ${formatYuan(trips.reduce((sum, trip) => sum + trip.fareFen, 0))}`;
      await recordAudit(tx, { type: 'invoice', id: created.invoiceId, summary });
    },
  );
}
