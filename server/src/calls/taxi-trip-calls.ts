/**
 * Taxi trips (docs/domain-rules.md, "Taxis"): the trips a taxi user records, shares and lists; the passenger who
 * receives a shared trip and asks for its invoice. What the taxi calls share is in server/src/taxi/.
 */
import { formatYuan } from '@app/domain/money';
import { audited, recordAudit } from '../audit/audit-trail';
import { and, eq, gte, inArray, isNull, lt, type SQL } from 'drizzle-orm';
import { buyerOfTitle } from '@app/domain/invoice-buyer';
import {
  tripDistanceProblem,
  tripFareProblem,
  tripTimeProblem,
  TRIP_DISTANCE_MESSAGES,
  TRIP_FARE_MESSAGES,
  TRIP_TIME_MESSAGES,
} from '@app/domain/taxi-trip';
import type { Database } from '../db/database';
import { memberships } from '../db/schema/companies';
import { taxiTrips } from '../db/schema/taxi';
import { titles } from '../db/schema/titles';
import { CODE_LOOKUP_LIMIT, newLinkedCode, normalisedCode, shortPathOf } from '../companies/codes';
import { ApiFailure, ErrorCode, invalidField, invalidInput } from '../http/api-failure';
import { requestedRange } from '../http/china-range';
import { defineCall } from '../http/define-call';
import { TAXI_USER } from '../http/access';
import { cappedCount, pageWindow } from '../http/paging';
import { refuseOverLimit } from '../http/rate-limiter';
import { checkedDelivery } from '../invoices/invoice-input';
import { companyCar } from '../taxi/company-cars';
import {
  addTripToTotals,
  companyTrip,
  INVOICEABLE,
  LINK_GONE,
  shownTrip,
  shownTrips,
  taxiCompanyOf,
  TRIP_INVOICED,
  TRIP_NOT_FOUND,
  TRIP_ORDER,
  tripView,
  type ShownTrip,
} from '../taxi/trip-records';
import { dayTotals, listedTotals } from '../taxi/trip-totals';

/** An instant the body gives, as a field's 4000 when it is no real time. */
function instant(text: string, field: string, name: string): Date {
  const at = new Date(text);
  if (Number.isNaN(at.getTime())) throw invalidField(field, `${name}格式不正确`);
  return at;
}

const createTrip = defineCall('taxiTrip/create', {
  access: TAXI_USER,
  rateLimit: { max: 60, windowMs: 60_000 },
  handler: async ({ caller, company, body, services }) => {
    const car = await companyCar(services.db, body.carId, company.id);
    const times = { startTime: instant(body.startTime, 'startTime', '上车时间'), endTime: instant(body.endTime, 'endTime', '下车时间') };
    const timeProblem = tripTimeProblem(times, new Date());
    if (timeProblem) throw invalidField('endTime', TRIP_TIME_MESSAGES[timeProblem]);
    const distanceProblem = tripDistanceProblem(body.distanceMetres);
    if (distanceProblem) throw invalidField('distanceMetres', TRIP_DISTANCE_MESSAGES[distanceProblem]);
    const fareProblem = tripFareProblem(body.fareFen);
    if (fareProblem) throw invalidField('fareFen', TRIP_FARE_MESSAGES[fareProblem]);
    const fromPlace = body.fromPlace.trim();
    const toPlace = body.toPlace.trim();
    if (!fromPlace) throw invalidField('fromPlace', '请填写上车地点');
    if (!toPlace) throw invalidField('toPlace', '请填写下车地点');
    const id = await services.db.transaction(async (tx) => {
      const [trip] = await tx
        .insert(taxiTrips)
        .values({
          companyId: company.id,
          carId: car.id,
          licensePlateNumber: car.licensePlateNumber,
          createdBy: caller.userId,
          ...times,
          fromPlace,
          toPlace,
          distanceMetres: body.distanceMetres,
          fareFen: body.fareFen,
        })
        .returning();
      if (!trip) throw new Error('taxiTrip/create: no row');
      await addTripToTotals(tx, trip);
      await recordAudit(tx, { type: 'trip', id: trip.id, summary: `${car.licensePlateNumber} 行程 ${formatYuan(trip.fareFen)}` });
      return trip.id;
    });
    return tripView((await shownTrip(services.db, id))!, caller);
  },
});

/** Shares a trip once: the first share makes the code and its link; every later one (or a concurrent one) gets it. */
const shareTrip = defineCall('taxiTrip/shareTrip', {
  access: TAXI_USER,
  handler: async ({ caller, company, body, services }) => {
    const { trip } = await companyTrip(services.db, body.id, company.id);
    if (!trip.shareCode) {
      const lost = Symbol('lost');
      await services.db
        .transaction(async (tx) => {
          const code = await newLinkedCode(tx, (linked) => `/taxi/ride/${linked}`);
          const [shared] = await tx
            .update(taxiTrips)
            .set({ shareCode: code, state: '待领取' })
            .where(and(eq(taxiTrips.id, trip.id), isNull(taxiTrips.shareCode)))
            .returning({ id: taxiTrips.id });
          // Another share won: its code stands, and this one's link is undone with the transaction.
          if (!shared) throw lost;
          await recordAudit(tx, { type: 'trip', id: trip.id, summary: `分享 ${trip.licensePlateNumber} 的行程` });
        })
        .catch(async (error: unknown) => {
          if (error !== lost) throw error;
          await recordAudit(services.db, { type: 'trip', id: trip.id, summary: `分享 ${trip.licensePlateNumber} 的行程` });
        });
    } else {
      await recordAudit(services.db, { type: 'trip', id: trip.id, summary: `再次分享 ${trip.licensePlateNumber} 的行程` });
    }
    const shown = (await shownTrip(services.db, trip.id))!;
    const code = shown.trip.shareCode!;
    return { code, url: shortPathOf(code), trip: tripView(shown, caller) };
  },
});

/** A trip by its share code: 4004 when no trip has it. */
async function tripByCode(db: Database, code: string): Promise<ShownTrip> {
  const [found] = await shownTrips(db).where(eq(taxiTrips.shareCode, normalisedCode(code)));
  if (!found) throw new ApiFailure(ErrorCode.NotFound, LINK_GONE);
  return found;
}

const getTrip = defineCall('taxiTrip/get', {
  access: { kind: 'user' },
  handler: async ({ caller, body, services, request }) => {
    if ((body.id === undefined) === (body.code === undefined)) throw invalidInput('请提供行程编号或分享码（二者之一）');
    if (body.code !== undefined) {
      // A share code found shows the ride and lets its finder receive it: looked up no faster than by its link.
      await refuseOverLimit(services.rateLimiter, CODE_LOOKUP_LIMIT.name, CODE_LOOKUP_LIMIT, { userId: caller.userId, ip: request.ip });
      return tripView(await tripByCode(services.db, body.code), caller);
    }
    const found = await shownTrip(services.db, body.id!);
    if (!found) throw new ApiFailure(ErrorCode.NotFound, TRIP_NOT_FOUND);
    const { trip } = found;
    if (taxiCompanyOf(caller) !== trip.companyId && trip.receiverId !== caller.userId) {
      // A member of the trip's company who is no taxi user: their company's data, which their role does not show.
      if (caller.company?.id === trip.companyId) throw new ApiFailure(ErrorCode.NoPermission, '您没有此操作的权限');
      throw new ApiFailure(ErrorCode.NoAccess, '无权查看该行程');
    }
    return tripView(found, caller);
  },
});

/** Whether the user is a member of the company, whichever company is their current one. */
async function isMemberOf(db: Database, userId: string, companyId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.companyId, companyId)));
  return !!row;
}

/**
 * The passenger receives a shared trip: once (compare-and-set on the receiver); the same passenger again is answered
 * the trip, another is refused. The company's own members never receive its trips, whatever company they have
 * switched to: a driver who received one could ask for its invoice in his own name.
 */
const receiveTrip = defineCall('taxiTrip/receiveTrip', {
  access: { kind: 'user' },
  rateLimit: CODE_LOOKUP_LIMIT,
  handler: async ({ caller, body, services }) => {
    const found = await shownTrip(services.db, body.id);
    if (!found) throw new ApiFailure(ErrorCode.NotFound, LINK_GONE);
    const { trip } = found;
    if (await isMemberOf(services.db, caller.userId, trip.companyId))
      throw new ApiFailure(ErrorCode.TaskStateConflict, '司机不能领取自己企业的行程');
    const code = normalisedCode(body.code);
    if (trip.shareCode !== code) throw new ApiFailure(ErrorCode.NoAccess, '分享码与行程不符，请重新扫码');
    const received = { type: 'trip', id: trip.id, summary: `领取 ${trip.licensePlateNumber} 的行程`, companyId: trip.companyId } as const;
    if (trip.receiverId === null) {
      await audited(
        services.db,
        (tx) =>
          tx
            .update(taxiTrips)
            .set({ receiverId: caller.userId, receivedAt: new Date(), state: '已领取' })
            .where(and(eq(taxiTrips.id, trip.id), eq(taxiTrips.shareCode, code), isNull(taxiTrips.receiverId)))
            .returning({ id: taxiTrips.id }),
        () => received,
      );
    }
    const now = (await shownTrip(services.db, trip.id))!;
    if (now.trip.receiverId !== caller.userId) throw new ApiFailure(ErrorCode.TaskStateConflict, '该行程已被其他乘客领取');
    if (trip.receiverId !== null) await recordAudit(services.db, received);
    return tripView(now, caller);
  },
});

/** A page of trips on the list's order, and the capped total. */
async function tripPage(db: Database, where: SQL, page: number | undefined, pageSize: number | undefined) {
  const window = pageWindow(page, pageSize);
  const [rows, total] = await Promise.all([
    shownTrips(db)
      .where(where)
      .orderBy(...TRIP_ORDER)
      .limit(window.limit)
      .offset(window.offset),
    cappedCount(db, taxiTrips, where, TRIP_ORDER),
  ]);
  return { rows, total };
}

const getMyTrips = defineCall('taxiTrip/getMyTrips', {
  access: { kind: 'user' },
  handler: async ({ caller, body, services }) => {
    const where = and(eq(taxiTrips.receiverId, caller.userId), body.state ? eq(taxiTrips.state, body.state) : undefined)!;
    const { rows, total } = await tripPage(services.db, where, body.page, body.pageSize);
    return { total, list: rows.map((row) => tripView(row, caller)) };
  },
});

/**
 * The passenger asks for an invoice of received trips of one company, to one of their titles (a snapshot is kept):
 * 已领取 → 待开票, and asked again while 待开票 the title is replaced, until the company issues.
 */
const applyInvoice = defineCall('taxiTrip/applyInvoice', {
  access: { kind: 'user' },
  handler: async ({ caller, body, services }) => {
    const ids = [...new Set(body.ids.map((id) => id.toLowerCase()))];
    const found = await services.db.select().from(taxiTrips).where(inArray(taxiTrips.id, ids));
    if (found.length !== ids.length) throw new ApiFailure(ErrorCode.NotFound, TRIP_NOT_FOUND);
    if (found.some((trip) => trip.receiverId !== caller.userId)) throw new ApiFailure(ErrorCode.NoAccess, '只能为自己领取的行程申请开票');
    if (new Set(found.map((trip) => trip.companyId)).size > 1) throw invalidField('ids', '一次只能为同一家出租车公司的行程申请开票');
    if (found.some((trip) => !INVOICEABLE.includes(trip.state))) throw new ApiFailure(ErrorCode.TaskStateConflict, TRIP_INVOICED);
    const [title] = await services.db.select().from(titles).where(eq(titles.id, body.titleId.toLowerCase()));
    if (!title) throw new ApiFailure(ErrorCode.NotFound, '抬头不存在');
    if (title.userId !== caller.userId) throw new ApiFailure(ErrorCode.NoAccess, '无权使用该抬头');
    const asked = body.deliverPhone !== undefined || body.deliverEmail !== undefined;
    const delivery = checkedDelivery(body.deliverPhone ?? '', asked ? (body.deliverEmail ?? '') : title.email);
    const applied = await services.db.transaction(async (tx) => {
      const rows = await tx
        .update(taxiTrips)
        .set({ invoiceBuyer: buyerOfTitle(title), ...delivery, state: '待开票' })
        .where(
          and(
            inArray(taxiTrips.id, ids),
            eq(taxiTrips.receiverId, caller.userId),
            isNull(taxiTrips.invoiceId),
            inArray(taxiTrips.state, [...INVOICEABLE]),
          ),
        )
        .returning({ id: taxiTrips.id });
      const summary = `为 ${found.length} 个行程申请开票`;
      await recordAudit(tx, { type: 'trip', id: ids[0] ?? null, summary, companyId: found[0]?.companyId ?? null });
      return rows;
    });
    // A trip the company claimed meanwhile: the others were asked for, and the passenger is told.
    if (applied.length !== ids.length) throw new ApiFailure(ErrorCode.TaskStateConflict, TRIP_INVOICED);
    const rows = await shownTrips(services.db)
      .where(inArray(taxiTrips.id, ids))
      .orderBy(...TRIP_ORDER);
    return { trips: rows.map((row) => tripView(row, caller)) };
  },
});

/**
 * The company's trips by car, China days of their start and state, newest first, with the totals of the filter:
 * without a state, the day totals of the range (one row a day: the company's, or the car's); with a state (a stored
 * column, moved on every transition), the sums of the listed matches, capped at the list limit like `total`.
 */
const queryTrips = defineCall('taxiTrip/queryTrips', {
  access: TAXI_USER,
  handler: async ({ caller, company, body, services }) => {
    const db = services.db;
    const car = body.carId ? await companyCar(db, body.carId, company.id) : null;
    const from = body.fromDay ? requestedRange('fromDay', '日期不存在', body.fromDay).start : null;
    const until = body.toDay ? requestedRange('toDay', '日期不存在', body.toDay).end : null;
    if (from && until && until <= from) throw invalidField('toDay', '结束日期不能早于开始日期');
    // A car's trips are its company's: its index (car, state, start) answers without the company.
    const where = and(
      car ? eq(taxiTrips.carId, car.id) : eq(taxiTrips.companyId, company.id),
      body.state ? eq(taxiTrips.state, body.state) : undefined,
      from ? gte(taxiTrips.startTime, from) : undefined,
      until ? lt(taxiTrips.startTime, until) : undefined,
    )!;
    const [{ rows, total }, totals] = await Promise.all([
      tripPage(db, where, body.page, body.pageSize),
      body.state ? listedTotals(db, where) : dayTotals(db, company.id, car?.id ?? null, from, until),
    ]);
    return { total, list: rows.map((row) => tripView(row, caller)), totals };
  },
});

export const taxiTripCalls = [createTrip, shareTrip, getTrip, receiveTrip, getMyTrips, applyInvoice, queryTrips];
