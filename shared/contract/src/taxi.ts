/**
 * Taxis: the company's cars, the trips its drivers record and share with passengers, the passengers who receive them
 * (`/t/{code}` → the ride page), and the taxi invoices issued for received trips (docs/domain-rules.md, "Taxis").
 *
 * A trip goes 未分享 → 待领取 (shared) → 已领取 (a passenger received it) → 待开票 (the passenger asked for an
 * invoice) → 开票中 → 已开票. An invoice that fails, or is reversed in full, gives its trips back: 已领取 or 待开票 again.
 */
import Type, { type Static } from 'typebox';
import { MAX_TRIP_FARE_FEN, MAX_TRIP_METRES } from '@app/domain/taxi-trip';
import { InvoiceParty, CreatedInvoice, InvoiceSummary } from './invoice';
import { Body, call, changes, Day, Id, IsoTime, Nullable, OneOf, Paged, Paging, READ_ONLY, Text } from './schema-kit';
import { Car } from './service';

export const TRIP_STATES = ['未分享', '待领取', '已领取', '待开票', '开票中', '已开票'] as const;
export type TripState = (typeof TRIP_STATES)[number];

/** The code of a trip's share link (`/t/{code}`), the passenger's proof that the driver showed it to them. */
export const ShareCode = Type.String({ title: '分享码', pattern: '^[A-Za-z0-9_-]{6,32}$', maxLength: 32 });

export const TaxiTrip = Type.Object({
  id: Type.String(),
  /** Null once the car is removed; the plate stays as it was recorded. */
  carId: Nullable(Type.String()),
  licensePlateNumber: Type.String(),
  companyName: Type.String(),
  startTime: IsoTime,
  endTime: IsoTime,
  fromPlace: Type.String(),
  toPlace: Type.String(),
  distanceMetres: Type.Integer(),
  fareFen: Type.Integer(),
  state: OneOf([...TRIP_STATES], '行程状态'),
  /** Set once shared: the share link is `/t/{shareCode}`. Only the company sees it. */
  shareCode: Nullable(Type.String()),
  receivedAt: Nullable(IsoTime),
  /** Whether the caller is the passenger who received it. */
  receivedByMe: Type.Boolean(),
  /** The passenger's nickname: to the company only. */
  passengerName: Nullable(Type.String()),
  /** The title the passenger asked the invoice for: to the company and that passenger only. */
  invoiceBuyer: Nullable(InvoiceParty),
  /** Where the passenger asked the invoice to be sent ('' for none): to the company and that passenger only. */
  deliverPhone: Nullable(Type.String()),
  deliverEmail: Nullable(Type.String()),
  invoiceId: Nullable(Type.String()),
  invoiceNumber: Nullable(Type.String()),
  createdAt: IsoTime,
});
export type TaxiTrip = Static<typeof TaxiTrip>;

export const TripTotals = Type.Object({ trips: Type.Integer(), fareFen: Type.Integer(), distanceMetres: Type.Integer() });
export type TripTotals = Static<typeof TripTotals>;

/** A taxi invoice in the list `/invoice/taxi/return` chooses from: the invoice and the trips it covers. */
export const TaxiInvoice = Type.Object({
  invoice: InvoiceSummary,
  trips: Type.Array(
    Type.Pick(TaxiTrip, ['id', 'licensePlateNumber', 'startTime', 'endTime', 'fromPlace', 'toPlace', 'distanceMetres', 'fareFen']),
  ),
});
export type TaxiInvoice = Static<typeof TaxiInvoice>;

const TripId = Id('行程');
const TripIds = Type.Array(TripId, { title: '行程', minItems: 1, maxItems: 50 });
const Place = (title: string) => Text(title, 50, 1);

export const taxiCalls = {
  // 'taxiCar/getMyCars' is in service.ts: the session loads it for every taxi user (spec §4).
  'taxiCar/add': call(Body({ licensePlateNumber: Text('车牌号', 16, 1) }), Car, changes('taxiCar.add')),
  'taxiCar/remove': call(Body({ id: Id('车辆') }), Type.Object({ id: Type.String() }), changes('taxiCar.remove')),

  /** The driver records a trip for a car of the company. */
  'taxiTrip/create': call(
    Body({
      carId: Id('车辆'),
      startTime: Type.String({ title: '上车时间', format: 'date-time', maxLength: 40 }),
      endTime: Type.String({ title: '下车时间', format: 'date-time', maxLength: 40 }),
      fromPlace: Place('上车地点'),
      toPlace: Place('下车地点'),
      distanceMetres: Type.Integer({ title: '里程', minimum: 1, maximum: MAX_TRIP_METRES }),
      fareFen: Type.Integer({ title: '车费', minimum: 1, maximum: MAX_TRIP_FARE_FEN }),
    }),
    TaxiTrip,
    changes('trip.create'),
  ),
  /** The company's trips, newest first, by car, day range (China time) and state, with the totals of the filter. */
  'taxiTrip/queryTrips': call(
    Body({
      carId: Type.Optional(Id('车辆')),
      fromDay: Type.Optional(Day('开始日期')),
      toDay: Type.Optional(Day('结束日期')),
      state: Type.Optional(OneOf([...TRIP_STATES], '行程状态')),
      ...Paging,
    }),
    Type.Object({ ...Paged(TaxiTrip).properties, totals: TripTotals }),
    READ_ONLY,
  ),
  /** Shares a trip (no-repeat): the same code every time it is shared. */
  'taxiTrip/shareTrip': call(
    Body({ id: TripId }),
    Type.Object({ code: Type.String(), url: Type.String(), trip: TaxiTrip }),
    changes('trip.share'),
  ),
  /** One trip: by id for the company and the passenger who received it; by share code for anyone signed in. */
  'taxiTrip/get': call(Body({ id: Type.Optional(TripId), code: Type.Optional(ShareCode) }), TaxiTrip, READ_ONLY),
  /** The passenger receives a shared trip; one passenger only, and receiving it again is harmless. */
  'taxiTrip/receiveTrip': call(Body({ id: TripId, code: ShareCode }), TaxiTrip, changes('trip.receive')),
  /** The trips the caller received, newest first. */
  'taxiTrip/getMyTrips': call(Body({ state: Type.Optional(OneOf([...TRIP_STATES], '行程状态')), ...Paging }), Paged(TaxiTrip), READ_ONLY),
  /** The passenger asks for an invoice for received trips of one company, to one of their titles. */
  'taxiTrip/applyInvoice': call(
    Body({
      ids: TripIds,
      titleId: Id('抬头'),
      deliverPhone: Type.Optional(Text('接收手机号', 11)),
      deliverEmail: Type.Optional(Text('接收邮箱', 254)),
    }),
    Type.Object({ trips: Type.Array(TaxiTrip) }),
    changes('trip.applyInvoice'),
  ),

  /** The company issues one taxi invoice for received trips of one passenger, through the invoice task pipeline. */
  'taxiInvoice/create': call(
    Body({
      requestSerial: Type.String({ title: '请求流水号', pattern: '^[A-Za-z0-9_-]{8,64}$', maxLength: 64 }),
      tripIds: TripIds,
      buyer: InvoiceParty,
      remarks: Type.Optional(Text('备注', 200)),
      deliverPhone: Type.Optional(Text('接收手机号', 11)),
      deliverEmail: Type.Optional(Text('接收邮箱', 254)),
    }),
    CreatedInvoice,
    changes('trip.issueInvoice'),
  ),
  /** The company's taxi invoices, newest first (to choose one to reverse with `task/createRedInvoiceTask`). */
  'taxiInvoice/list': call(Body({ ...Paging }), Paged(TaxiInvoice), READ_ONLY),
};
