/**
 * The totals `taxiTrip/queryTrips` shows beside its list (docs/architecture.md, "Lists that stay flat"): the day totals
 * kept beside the trips when the filter has no state, the sums of the listed matches when it has one.
 */
import { and, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { TripTotals } from '@app/contract/taxi';
import { LIST_LIMIT } from '@app/contract/limits';
import { chinaDayNumber } from '@app/domain/china-time';
import type { Database } from '../db/database';
import { taxiTripDayTotals, taxiTrips } from '../db/schema/taxi';
import { TRIP_ORDER } from './trip-records';

/** The day totals of [from, until) (one row a day: the company's, with `carId` null, or the car's). */
export async function dayTotals(
  db: Database,
  companyId: string,
  carId: string | null,
  from: Date | null,
  until: Date | null,
): Promise<TripTotals> {
  const [row] = await db
    .select({
      trips: sql<number>`coalesce(sum(${taxiTripDayTotals.trips}), 0)`.mapWith(Number),
      fareFen: sql<number>`coalesce(sum(${taxiTripDayTotals.fareFen}), 0)`.mapWith(Number),
      distanceMetres: sql<number>`coalesce(sum(${taxiTripDayTotals.distanceMetres}), 0)`.mapWith(Number),
    })
    .from(taxiTripDayTotals)
    .where(
      and(
        eq(taxiTripDayTotals.companyId, companyId),
        carId ? eq(taxiTripDayTotals.carId, carId) : isNull(taxiTripDayTotals.carId),
        from ? gte(taxiTripDayTotals.day, chinaDayNumber(from)) : undefined,
        until ? lt(taxiTripDayTotals.day, chinaDayNumber(until)) : undefined,
      ),
    );
  return row ?? { trips: 0, fareFen: 0, distanceMetres: 0 };
}

/** The sums of the first LIST_LIMIT matches in the list's order (on the list's index), as `total` counts them. */
export async function listedTotals(db: Database, where: SQL): Promise<TripTotals> {
  const matching = db
    .select({ fareFen: taxiTrips.fareFen, distanceMetres: taxiTrips.distanceMetres })
    .from(taxiTrips)
    .where(where)
    .orderBy(...TRIP_ORDER)
    .limit(LIST_LIMIT)
    .as('matching');
  const [row] = await db
    .select({
      trips: sql<number>`count(*)`.mapWith(Number),
      fareFen: sql<number>`coalesce(sum(${matching.fareFen}), 0)`.mapWith(Number),
      distanceMetres: sql<number>`coalesce(sum(${matching.distanceMetres}), 0)`.mapWith(Number),
    })
    .from(matching);
  return row ?? { trips: 0, fareFen: 0, distanceMetres: 0 };
}
