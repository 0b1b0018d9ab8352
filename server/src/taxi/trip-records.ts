/**
 * Taxi trips as they are stored and shown (docs/domain-rules.md, "Taxis"): who sees what of a trip, the stored state
 * and its moves, and the day totals kept beside the trips.
 *
 * A trip's state is stored (`taxi_trips.state`, indexed per list filter) and moved in the transaction of each
 * transition, always compare-and-set on the columns the move depends on:
 *   未分享 → 待领取 (shareTrip: share_code null) → 已领取 (receiveTrip: receiver null) → 待开票 (applyInvoice)
 *   → 开票中 (taxiInvoice/create: invoice_id null) → 已开票 (the invoice issued: invoice-steps.ts)
 * and back to 已领取 / 待开票 (`releaseTrips`) when the invoice fails or is reversed in full; a retried invoice claims
 * them again (`reclaimTrips`) or is refused when another invoice took them meanwhile.
 */
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { TaxiTrip, TripState } from '@app/contract/taxi';
import { chinaDayNumber } from '@app/domain/china-time';
import type { Caller } from '../auth/caller';
import type { Database } from '../db/database';
import { companies } from '../db/schema/companies';
import { invoices } from '../db/schema/invoices';
import { taxiInvoiceTrips, taxiTripDayTotals, taxiTrips } from '../db/schema/taxi';
import { users } from '../db/schema/users';
import { ApiFailure, ErrorCode } from '../http/api-failure';

export type TripRow = typeof taxiTrips.$inferSelect;

/** A trip with what its view shows from other tables. */
export interface ShownTrip {
  trip: TripRow;
  companyName: string;
  passengerName: string | null;
  invoiceNumber: string | null;
}

/** The list's order, as its indexes hold it: newest start first. */
export const TRIP_ORDER = [sql`${taxiTrips.startTime} desc nulls first`, sql`${taxiTrips.id} desc nulls first`];

/** States in which a trip may be invoiced (nothing live claims it). */
export const INVOICEABLE: readonly TripState[] = ['已领取', '待开票'];

export const TRIP_NOT_FOUND = '行程不存在';
export const LINK_GONE = '行程不存在或链接已失效';
export const TRIP_INVOICED = '行程已开票';

/** The company whose trips the caller sees as the company: their current one, when they are a taxi user there. */
export function taxiCompanyOf(caller: Caller): string | null {
  const company = caller.company;
  // TAXI_USER's permission (http/access.ts).
  return company?.permissions.includes('taxi_trip_manage') ? company.id : null;
}

/** Trips with their company's name, passenger's nickname and invoice number (left joins by key). */
export function shownTrips(db: Database) {
  return db
    .select({ trip: taxiTrips, companyName: companies.name, passengerName: users.nickname, invoiceNumber: invoices.number })
    .from(taxiTrips)
    .innerJoin(companies, eq(companies.id, taxiTrips.companyId))
    .leftJoin(users, eq(users.id, taxiTrips.receiverId))
    .leftJoin(invoices, eq(invoices.id, taxiTrips.invoiceId));
}

export async function shownTripsWhere(db: Database, where: SQL | undefined): Promise<ShownTrip[]> {
  return shownTrips(db).where(where);
}

export async function shownTrip(db: Database, id: string): Promise<ShownTrip | null> {
  const [row] = await shownTripsWhere(db, eq(taxiTrips.id, id.toLowerCase()));
  return row ?? null;
}

/**
 * The trip as `caller` may see it: the passenger's nickname, the share code and the car's id to the company only; the
 * title the passenger asked for and the invoice to the company and that passenger only.
 */
/** What a trip is on an invoice and in every list: the car's plate, when, where, how far and the fare. */
export function tripLine(trip: TripRow) {
  return {
    id: trip.id,
    licensePlateNumber: trip.licensePlateNumber,
    startTime: trip.startTime.toISOString(),
    endTime: trip.endTime.toISOString(),
    fromPlace: trip.fromPlace,
    toPlace: trip.toPlace,
    distanceMetres: trip.distanceMetres,
    fareFen: trip.fareFen,
  };
}

export function tripView({ trip, companyName, passengerName, invoiceNumber }: ShownTrip, caller: Caller): TaxiTrip {
  const company = taxiCompanyOf(caller) === trip.companyId;
  const receivedByMe = trip.receiverId !== null && trip.receiverId === caller.userId;
  return {
    ...tripLine(trip),
    carId: company ? trip.carId : null,
    companyName,
    state: trip.state,
    shareCode: company ? trip.shareCode : null,
    receivedAt: trip.receivedAt?.toISOString() ?? null,
    receivedByMe,
    passengerName: company ? passengerName : null,
    invoiceBuyer: company || receivedByMe ? trip.invoiceBuyer : null,
    deliverPhone: company || receivedByMe ? trip.deliverPhone : null,
    deliverEmail: company || receivedByMe ? trip.deliverEmail : null,
    invoiceId: company || receivedByMe ? trip.invoiceId : null,
    invoiceNumber: company || receivedByMe ? invoiceNumber : null,
    createdAt: trip.createdAt.toISOString(),
  };
}

/** A trip of the caller's company: 4004 when there is none, 1004 when another company's. */
export async function companyTrip(db: Database, id: string, companyId: string): Promise<ShownTrip> {
  const found = await shownTrip(db, id);
  if (!found) throw new ApiFailure(ErrorCode.NotFound, TRIP_NOT_FOUND);
  if (found.trip.companyId !== companyId) throw new ApiFailure(ErrorCode.NoAccess, '无权访问该企业的行程');
  return found;
}

/** Adds a trip just recorded to its car's and its company's day row (in that order, so no two inserts wait in a cycle). */
export async function addTripToTotals(
  tx: Database,
  trip: Pick<TripRow, 'companyId' | 'carId' | 'startTime' | 'fareFen' | 'distanceMetres'>,
): Promise<void> {
  const day = chinaDayNumber(trip.startTime);
  for (const carId of [trip.carId, null]) {
    await tx
      .insert(taxiTripDayTotals)
      .values({ companyId: trip.companyId, carId, day, trips: 1, fareFen: trip.fareFen, distanceMetres: trip.distanceMetres })
      .onConflictDoUpdate({
        target: [taxiTripDayTotals.companyId, taxiTripDayTotals.carId, taxiTripDayTotals.day],
        set: {
          trips: sql`${taxiTripDayTotals.trips} + 1`,
          fareFen: sql`${taxiTripDayTotals.fareFen} + ${trip.fareFen}`,
          distanceMetres: sql`${taxiTripDayTotals.distanceMetres} + ${trip.distanceMetres}`,
        },
      });
  }
}

/** The state a trip goes back to when its invoice no longer holds it: 待开票 if the passenger asked for one. */
const releasedState = sql`case when ${taxiTrips.invoiceBuyer} is null then '已领取' else '待开票' end`;

/** The trips of an invoice that failed or was reversed in full, given back (in the transaction that records that). */
export async function releaseTrips(tx: Database, invoiceId: string): Promise<void> {
  await tx.update(taxiTrips).set({ invoiceId: null, state: releasedState }).where(eq(taxiTrips.invoiceId, invoiceId));
}

/** The trips of an invoice just issued: 已开票. */
export async function tripsInvoiced(tx: Database, invoiceId: string): Promise<void> {
  await tx.update(taxiTrips).set({ state: '已开票' }).where(eq(taxiTrips.invoiceId, invoiceId));
}

/**
 * Claims trips for an invoice (compare-and-set: none may be claimed by another); refused with 2005 when any is, and
 * the caller's transaction is undone.
 */
export async function claimTrips(tx: Database, invoiceId: string, tripIds: readonly string[]): Promise<void> {
  const claimed = await tx
    .update(taxiTrips)
    .set({ invoiceId, state: '开票中' })
    .where(and(inArray(taxiTrips.id, [...tripIds]), isNull(taxiTrips.invoiceId), inArray(taxiTrips.state, [...INVOICEABLE])))
    .returning({ id: taxiTrips.id });
  if (claimed.length !== tripIds.length) throw new ApiFailure(ErrorCode.TaskStateConflict, TRIP_INVOICED);
}

/** A retried taxi invoice claims its trips again (task/retryTask); other invoices claim nothing. */
export async function reclaimTrips(tx: Database, invoiceId: string): Promise<void> {
  const covered = await tx
    .select({ tripId: taxiInvoiceTrips.tripId })
    .from(taxiInvoiceTrips)
    .where(eq(taxiInvoiceTrips.invoiceId, invoiceId));
  if (covered.length)
    await claimTrips(
      tx,
      invoiceId,
      covered.map((row) => row.tripId),
    );
}
