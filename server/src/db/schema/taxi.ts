/** Companies' cars, their taxi trips and the trips' invoices (server/src/taxi). */
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { InvoiceParty } from '@app/domain/invoice-document';
import type { TripState } from '@app/contract/taxi';
import { createdAt } from './columns';
import { users } from './users';
import { companies } from './companies';
import { invoices } from './invoices';
import { dayColumn, totalsTable } from './totals-table';

export const cars = pgTable(
  'cars',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    licensePlateNumber: text('license_plate_number').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('cars_company_plate').on(table.companyId, table.licensePlateNumber)],
);

/**
 * Taxi trips: recorded by a driver of the company for one of its cars, shared with a passenger by a short
 * link, received by one passenger, invoiced at most once at a time. The plate is the car's as recorded (the car may be
 * removed: `car_id` becomes null). `state` is stored and moved on every transition (server/src/taxi/trip-records.ts),
 * so every filter of the lists is an index in the list's order (docs/architecture.md, "Lists that stay flat").
 */
export const taxiTrips = pgTable(
  'taxi_trips',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    carId: uuid('car_id').references(() => cars.id, { onDelete: 'set null' }),
    licensePlateNumber: text('license_plate_number').notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    fromPlace: text('from_place').notNull(),
    toPlace: text('to_place').notNull(),
    distanceMetres: integer('distance_metres').notNull(),
    fareFen: integer('fare_fen').notNull(),
    state: text('state').$type<TripState>().notNull().default('未分享'),
    /** The code of its short link `/t/{code}` (→ `/taxi/ride/{code}`), set once when first shared. */
    shareCode: text('share_code').unique(),
    receiverId: uuid('receiver_id').references(() => users.id),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    /** The title the passenger asked the invoice for (a snapshot), and where to send it. */
    invoiceBuyer: jsonb('invoice_buyer').$type<InvoiceParty>(),
    deliverPhone: text('deliver_phone').notNull().default(''),
    deliverEmail: text('deliver_email').notNull().default(''),
    /** The live invoice (开具中, 已开具 or 部分红冲); null again once it failed or was reversed in full. */
    invoiceId: uuid('invoice_id'),
    createdAt: createdAt(),
  },
  (table) => [
    index('taxi_trips_company_start').on(table.companyId, table.startTime.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('taxi_trips_company_state_start').on(
      table.companyId,
      table.state,
      table.startTime.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('taxi_trips_car_start').on(table.carId, table.startTime.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('taxi_trips_car_state_start').on(table.carId, table.state, table.startTime.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('taxi_trips_receiver_start').on(table.receiverId, table.startTime.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('taxi_trips_receiver_state_start').on(
      table.receiverId,
      table.state,
      table.startTime.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('taxi_trips_invoice').on(table.invoiceId),
  ],
);

/**
 * Trips by company, car and China day of their start (YYYYMMDD): count, fares and distance, added to in the
 * transaction that records each trip. `car_id` null is the row of all the company's cars; a removed car's rows stay.
 * queryTrips' totals sum the rows of the filter's days.
 */
export const taxiTripDayTotals = totalsTable(
  'taxi_trip_day_totals',
  { carId: uuid('car_id'), day: dayColumn() },
  { trips: 'integer', fareFen: 'bigint', distanceMetres: 'bigint' },
  { nullable: true },
);

/** The taxi invoices of a company (taxiInvoice/list, newest first) and the trips each covered (kept after a release). */
export const taxiInvoices = pgTable(
  'taxi_invoices',
  {
    invoiceId: uuid('invoice_id')
      .primaryKey()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [index('taxi_invoices_company').on(table.companyId, table.createdAt.desc().nullsFirst(), table.invoiceId.desc().nullsFirst())],
);

export const taxiInvoiceTrips = pgTable(
  'taxi_invoice_trips',
  {
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => taxiInvoices.invoiceId, { onDelete: 'cascade' }),
    tripId: uuid('trip_id')
      .notNull()
      .references(() => taxiTrips.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.invoiceId, table.tripId] }), index('taxi_invoice_trips_trip').on(table.tripId)],
);
