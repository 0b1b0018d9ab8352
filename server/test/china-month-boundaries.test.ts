/**
 * Every call that filters by a China month or days, at the edges of its months: rows at 00:00:00.000 and 23:59:59.999
 * China time on the 1st, 28th, 29th, 30th and 31st of months of 28, 29, 30 and 31 days, in consecutive months, so that
 * the last millisecond of a month and the first of the next lie side by side. Each month's query must answer exactly
 * the rows of its own days, in its list, its totals and its statistics. The expected months and days are written out
 * here from the calendar, not computed by the code under test.
 */
import { afterAll, beforeAll, expect, test } from '@rstest/core';
import { eq } from 'drizzle-orm';
import type { PaymentRecord } from '@app/contract/payment';
import type { IncomeStatistics, InvoiceStatistics } from '@app/contract/statistics';
import type { TaxiTrip, TripTotals } from '@app/contract/taxi';
import type { TicketPage } from '@app/contract/ticket';
import { addToMonthTotals } from '../src/cash/money-totals';
import { cashOrders } from '../src/db/schema/cash';
import { memberships } from '../src/db/schema/companies';
import { invoices } from '../src/db/schema/invoices';
import { withdrawals } from '../src/db/schema/payouts';
import { cars, taxiTrips } from '../src/db/schema/taxi';
import { addIssuedInvoiceToTotals } from '../src/statistics/invoice-totals';
import { addTripToTotals } from '../src/taxi/trip-records';
import { insertTicket } from '../src/tickets/ticket-records';
import { PLAIN_BUYER } from './support/invoice-fixtures';
import { createTestServer, type TestServer } from './support/test-server';
import { describeEachDatabase } from './support/database-suites';

/** Consecutive months (the first and last of each run only border the queried ones): 31, 30, 31, 30, 31, 31, 28 and 31 days, and a leap February. */
const RUNS = [
  ['2030-07', '2030-08', '2030-09', '2030-10', '2030-11', '2030-12', '2031-01', '2031-02', '2031-03', '2031-04'],
  ['2032-01', '2032-02', '2032-03'],
];
const QUERIED = RUNS.flatMap((run) => run.slice(1, -1));
const LENGTHS: Record<string, number> = {
  '2030-08': 31,
  '2030-09': 30,
  '2030-10': 31,
  '2030-11': 30,
  '2030-12': 31,
  '2031-01': 31,
  '2031-02': 28,
  '2031-03': 31,
  '2032-02': 29,
};

const daysIn = (month: string) => new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();

interface Edge {
  month: string;
  day: string;
  at: Date;
  /** A different amount for each row: a row counted in the wrong month changes every sum it reaches. */
  fen: number;
}

/** The first and last millisecond of the 1st, 28th, 29th, 30th and 31st of each month, as far as the month has them. */
const EDGES: Edge[] = RUNS.flat().flatMap((month, monthIndex) =>
  [1, 28, 29, 30, 31]
    .filter((day) => day <= daysIn(month))
    .flatMap((day) => {
      const date = `${month}-${String(day).padStart(2, '0')}`;
      return [`${date}T00:00:00.000+08:00`, `${date}T23:59:59.999+08:00`].map((text, index) => ({
        month,
        day: date,
        at: new Date(text),
        fen: 10_000 + monthIndex * 100 + day * 2 + index,
      }));
    }),
);

const ofMonth = (month: string) => EDGES.filter((edge) => edge.month === month);
const ofDay = (day: string) => EDGES.filter((edge) => edge.day === day);
const sumFen = (edges: Edge[]) => edges.reduce((sum, edge) => sum + edge.fen, 0);
const lastDay = (month: string) => `${month}-${String(daysIn(month)).padStart(2, '0')}`;

test('the fixture has the month lengths it claims, and both edges of every boundary day', () => {
  expect(Object.fromEntries(QUERIED.map((month) => [month, daysIn(month)]))).toEqual(LENGTHS);
  expect(ofMonth('2030-09').map((edge) => edge.at.toISOString())).toEqual([
    '2030-08-31T16:00:00.000Z',
    '2030-09-01T15:59:59.999Z',
    '2030-09-27T16:00:00.000Z',
    '2030-09-28T15:59:59.999Z',
    '2030-09-28T16:00:00.000Z',
    '2030-09-29T15:59:59.999Z',
    '2030-09-29T16:00:00.000Z',
    '2030-09-30T15:59:59.999Z',
  ]);
});

describeEachDatabase('China months and days at their edges (%s)', (kind) => {
  let server: TestServer;
  let taxiToken: string;
  let moneyToken: string;
  /** Row ids by the edge they were written at, per kind of row. */
  const ids = {
    invoice: new Map<Edge, string>(),
    order: new Map<Edge, string>(),
    withdrawal: new Map<Edge, string>(),
    trip: new Map<Edge, string>(),
    ticket: new Map<Edge, string>(),
  };
  const numbers = new Map<Edge, string>();

  const ok = async <T>(path: string, body: Record<string, unknown>, token: string): Promise<T> => {
    const answer = await server.call<T>(path, body, token);
    if (!answer.body.success) throw new Error(`${path} ${JSON.stringify(body)}: ${JSON.stringify(answer.body)}`);
    return answer.body.result;
  };
  const idsOf = (map: Map<Edge, string>, edges: Edge[]) => edges.map((edge) => map.get(edge)).sort();
  const listed = (list: { id: string }[]) => list.map((item) => item.id).sort();

  beforeAll(async () => {
    server = await createTestServer(kind);
    taxiToken = await server.tokenFor('出租车管理员');
    moneyToken = await server.tokenFor('线下收款管理员');
    const membership = async (label: string) => {
      const userId = await server.userIdOf(label);
      const [row] = await server.database.db.select().from(memberships).where(eq(memberships.userId, userId));
      return { userId, companyId: row!.companyId };
    };
    const taxi = await membership('出租车管理员');
    const money = await membership('线下收款管理员');
    const db = server.database.db;
    const [car] = await db.select().from(cars).where(eq(cars.companyId, taxi.companyId));
    const byKey = <K>(rows: { id: string; key: K }[], keyOf: (edge: Edge, index: number) => K) =>
      new Map(EDGES.map((edge, index) => [edge, rows.find((row) => row.key === keyOf(edge, index))!.id]));
    const invoiceNumber = (_: Edge, index: number) => `30332${String(index + 1).padStart(15, '0')}`;
    const orderNo = (_: Edge, index: number) => `EDGE${kind}${index}`;
    const serial = (_: Edge, index: number) => `edge-${index}`;
    // One transaction, one insert a table; the totals through the server's own functions, as its write paths add them.
    await db.transaction(async (tx) => {
      // Issued invoices (listed at their issue).
      const issued = await tx
        .insert(invoices)
        .values(
          EDGES.map((edge, index) => ({
            companyId: taxi.companyId,
            createdBy: taxi.userId,
            kind: 'blue' as const,
            type: '数电普票' as const,
            status: '已开具' as const,
            number: invoiceNumber(edge, index),
            issuedAt: edge.at,
            buyer: PLAIN_BUYER,
            seller: PLAIN_BUYER,
            netFen: edge.fen,
            taxFen: 0,
            grossFen: edge.fen,
            createdAt: edge.at,
            updatedAt: edge.at,
          })),
        )
        .returning({ id: invoices.id, key: invoices.number });
      ids.invoice = byKey(issued, invoiceNumber);
      for (const [index, edge] of EDGES.entries()) numbers.set(edge, invoiceNumber(edge, index));
      // Paid orders and withdrawals.
      const paid = await tx
        .insert(cashOrders)
        .values(
          EDGES.map((edge, index) => ({
            orderNo: orderNo(edge, index),
            companyId: money.companyId,
            payerId: money.userId,
            amountFen: edge.fen,
            channel: 'demo' as const,
            state: '已支付' as const,
            paidAt: edge.at,
            createdAt: edge.at,
          })),
        )
        .returning({ id: cashOrders.id, key: cashOrders.orderNo });
      ids.order = byKey(paid, orderNo);
      const asked = await tx
        .insert(withdrawals)
        .values(
          EDGES.map((edge, index) => ({
            companyId: money.companyId,
            requestedBy: money.userId,
            amountFen: edge.fen,
            feeFen: 100,
            state: '已到账' as const,
            account: '招商银行 尾号 0001',
            requestSerial: serial(edge, index),
            createdAt: edge.at,
          })),
        )
        .returning({ id: withdrawals.id, key: withdrawals.requestSerial });
      ids.withdrawal = byKey(asked, serial);
      // Trips starting then (each edge's fare is its own).
      const started = await tx
        .insert(taxiTrips)
        .values(
          EDGES.map((edge) => ({
            companyId: taxi.companyId,
            carId: car!.id,
            licensePlateNumber: car!.licensePlateNumber,
            createdBy: taxi.userId,
            startTime: edge.at,
            endTime: new Date(edge.at.getTime() + 20 * 60_000),
            fromPlace: '武林广场',
            toPlace: '萧山机场',
            distanceMetres: 1000,
            fareFen: edge.fen,
          })),
        )
        .returning({ id: taxiTrips.id, key: taxiTrips.fareFen });
      ids.trip = byKey(started, (edge) => edge.fen);
      for (const [index, edge] of EDGES.entries()) {
        await addIssuedInvoiceToTotals(
          tx,
          { id: ids.invoice.get(edge)!, companyId: taxi.companyId, kind: 'blue', grossFen: edge.fen },
          edge.at,
        );
        await addToMonthTotals(tx, money.companyId, edge.at, 'demo', { incomeFen: edge.fen, incomeCount: 1 });
        await addToMonthTotals(tx, money.companyId, edge.at, 'bank', { expenseFen: edge.fen + 100 });
        await addTripToTotals(tx, {
          companyId: taxi.companyId,
          carId: car!.id,
          startTime: edge.at,
          fareFen: edge.fen,
          distanceMetres: 1000,
        });
        // Tickets carry a China issue date, not an instant: one a boundary day.
        if (edge.at.toISOString().endsWith('16:00:00.000Z')) {
          const ticket = await insertTicket(tx, {
            companyId: taxi.companyId,
            source: '扫码',
            type: '数电普票',
            number: `6${String(index + 1).padStart(19, '0')}`,
            issueDate: edge.day,
            sellerName: '杭州边界商贸有限公司',
            netFen: edge.fen,
            taxFen: 0,
            grossFen: edge.fen,
            verifyState: '查验通过',
          });
          ids.ticket.set(edge, ticket!.id);
        }
      }
    });
  });
  afterAll(async () => server?.close());

  test('invoice/list of a month lists its invoices from its first millisecond to its last, none of its neighbours’', async () => {
    for (const month of QUERIED) {
      const page = await ok<{ total: number; list: { id: string }[] }>('invoice/list', { month, pageSize: 50 }, taxiToken);
      expect({ month, ids: listed(page.list), total: page.total }).toEqual({
        month,
        ids: idsOf(ids.invoice, ofMonth(month)),
        total: ofMonth(month).length,
      });
    }
  });

  test('invoice/findBlue finds an invoice on its China issue day only, at either end of the day', async () => {
    // Months of 30, 31, 28 and 29 days, and the year's end.
    for (const edge of EDGES.filter((each) => ['2030-09', '2030-12', '2031-01', '2031-02', '2032-02'].includes(each.month))) {
      const number = numbers.get(edge);
      const found = await server.call<{ id: string }>('invoice/findBlue', { number, issueDate: edge.day }, taxiToken);
      expect({ at: edge.at, found: found.body.result?.id }).toEqual({ at: edge.at, found: ids.invoice.get(edge) });
      const neighbour = new Date(edge.at.getTime() + (edge.at.toISOString().endsWith('16:00:00.000Z') ? -1 : 1));
      const neighbourDay = new Date(neighbour.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
      const missed = await server.call('invoice/findBlue', { number, issueDate: neighbourDay }, taxiToken);
      expect({ at: edge.at, neighbourDay, errorCode: missed.body.errorCode }).toEqual({ at: edge.at, neighbourDay, errorCode: 4004 });
    }
  });

  test('payment/list of a month: its income and expenses, and the month’s totals, from its first millisecond to its last', async () => {
    for (const month of QUERIED) {
      const page = await ok<{ total: number; list: PaymentRecord[]; incomeFen: number; expenseFen: number }>(
        'payment/list',
        { month, pageSize: 50 },
        moneyToken,
      );
      const edges = ofMonth(month);
      expect({ month, ids: listed(page.list), total: page.total, incomeFen: page.incomeFen, expenseFen: page.expenseFen }).toEqual({
        month,
        ids: [...idsOf(ids.order, edges), ...idsOf(ids.withdrawal, edges)].sort(),
        total: 2 * edges.length,
        incomeFen: sumFen(edges),
        expenseFen: sumFen(edges) + 100 * edges.length,
      });
    }
  });

  test('ticket/list of a month: the tickets issued on its days, and their totals', async () => {
    for (const month of QUERIED) {
      const page = await ok<TicketPage>('ticket/list', { month, pageSize: 50 }, taxiToken);
      const edges = ofMonth(month).filter((edge) => ids.ticket.has(edge));
      expect({ month, ids: listed(page.list), total: page.total, count: page.totals.count, grossFen: page.totals.grossFen }).toEqual({
        month,
        ids: idsOf(ids.ticket, edges),
        total: edges.length,
        count: edges.length,
        grossFen: sumFen(edges),
      });
    }
  });

  test('taxiTrip/queryTrips from a month’s first day to its last, and of each boundary day: the trips that started then, and their totals', async () => {
    const query = async (body: Record<string, unknown>) =>
      ok<{ total: number; list: TaxiTrip[]; totals: TripTotals }>('taxiTrip/queryTrips', { ...body, pageSize: 50 }, taxiToken);
    const expectTrips = async (body: Record<string, unknown>, edges: Edge[]) => {
      const page = await query(body);
      expect({ body, ids: listed(page.list), total: page.total, trips: page.totals.trips, fareFen: page.totals.fareFen }).toEqual({
        body,
        ids: idsOf(ids.trip, edges),
        total: edges.length,
        trips: edges.length,
        fareFen: sumFen(edges),
      });
    };
    for (const month of QUERIED) {
      // Without a state the totals come from the day totals, with one from the listed trips.
      await expectTrips({ fromDay: `${month}-01`, toDay: lastDay(month) }, ofMonth(month));
      await expectTrips({ fromDay: `${month}-01`, toDay: lastDay(month), state: '未分享' }, ofMonth(month));
      for (const day of [...new Set(ofMonth(month).map((edge) => edge.day))]) await expectTrips({ fromDay: day, toDay: day }, ofDay(day));
    }
    // Open at one end: from the last day of the last run on, and up to the first day of the first.
    await expectTrips(
      { fromDay: '2032-03-31' },
      ofMonth('2032-03').filter((edge) => edge.day === '2032-03-31'),
    );
    // (Up to a day: the seed's trips of today come before it too, so only this test's trips are compared.)
    const upTo = await query({ toDay: '2030-07-01' });
    const mine = new Set(ids.trip.values());
    expect(listed(upTo.list).filter((id) => mine.has(id))).toEqual(idsOf(ids.trip, ofDay('2030-07-01')));
  });

  test('statistics/invoice and statistics/income of a month, by month and by day, and of days across two months', async () => {
    for (const month of QUERIED) {
      const edges = ofMonth(month);
      const range = { from: `${month}-01`, to: lastDay(month) };
      const byMonth = await ok<InvoiceStatistics>('statistics/invoice', { ...range, by: 'month' }, taxiToken);
      expect({ month, totals: byMonth.totals, series: byMonth.series }).toEqual({
        month,
        totals: { blueCount: edges.length, blueFen: sumFen(edges), redCount: 0, redFen: 0, netFen: sumFen(edges) },
        series: [{ key: month, blueCount: edges.length, blueFen: sumFen(edges), redCount: 0, redFen: 0 }],
      });
      const byDay = await ok<InvoiceStatistics>('statistics/invoice', { ...range, by: 'day' }, taxiToken);
      expect(byDay.series).toHaveLength(daysIn(month));
      expect({ month, days: byDay.series.filter((point) => point.blueCount > 0) }).toEqual({
        month,
        days: [...new Set(edges.map((edge) => edge.day))].map((day) => ({
          key: day,
          blueCount: ofDay(day).length,
          blueFen: sumFen(ofDay(day)),
          redCount: 0,
          redFen: 0,
        })),
      });
      const income = await ok<IncomeStatistics>('statistics/income', { ...range, by: 'month' }, moneyToken);
      expect({ month, totals: income.totals, series: income.series }).toEqual({
        month,
        totals: { incomeFen: sumFen(edges), count: edges.length, expenseFen: sumFen(edges) + 100 * edges.length },
        series: [{ key: month, incomeFen: sumFen(edges), count: edges.length }],
      });
      const incomeByDay = await ok<IncomeStatistics>('statistics/income', { ...range, by: 'day' }, moneyToken);
      expect({ month, count: incomeByDay.totals.count, fen: incomeByDay.totals.incomeFen }).toEqual({
        month,
        count: edges.length,
        fen: sumFen(edges),
      });
    }
    // The 28th of one month to the 1st of the next, by month: a partial month at each end, read from the daily totals.
    const across = EDGES.filter((edge) => (edge.month === '2031-02' && edge.day >= '2031-02-28') || edge.day === '2031-03-01');
    const partial = await ok<InvoiceStatistics>('statistics/invoice', { from: '2031-02-28', to: '2031-03-01', by: 'month' }, taxiToken);
    expect(partial.series.map((point) => [point.key, point.blueCount, point.blueFen])).toEqual([
      ['2031-02', 2, sumFen(across.slice(0, 2))],
      ['2031-03', 2, sumFen(across.slice(2))],
    ]);
    const partialIncome = await ok<IncomeStatistics>(
      'statistics/income',
      { from: '2031-02-28', to: '2031-03-01', by: 'month' },
      moneyToken,
    );
    expect(partialIncome.totals).toEqual({ incomeFen: sumFen(across), count: 4, expenseFen: sumFen(across) + 400 });
    // A whole leap February between two partial months.
    const leap = EDGES.filter((edge) => edge.day >= '2032-01-31' && edge.day <= '2032-03-01');
    const overLeap = await ok<InvoiceStatistics>('statistics/invoice', { from: '2032-01-31', to: '2032-03-01', by: 'month' }, taxiToken);
    expect(overLeap.series.map((point) => [point.key, point.blueCount])).toEqual([
      ['2032-01', 2],
      ['2032-02', ofMonth('2032-02').length],
      ['2032-03', 2],
    ]);
    expect(overLeap.totals.blueFen).toBe(sumFen(leap));
  });
});
