/**
 * 开票统计: the company's issued invoices over a range of China days, by day or by month, read from the
 * maintained totals (docs/architecture.md, "Lists that stay flat"), added to when an invoice is recorded as issued
 * (statistics/invoice-totals.ts): count and gross by kind (`invoice_month_totals`, `invoice_day_totals`) and the lines
 * by rate (`invoice_month_rate_totals`, `invoice_day_rate_totals`). A range's whole months are read from the monthly
 * rows and its other days (by day, all of them; by month, a partial first or last month) from the daily rows, so a
 * call reads at most 24 month rows and 60 day rows of each kind and rate, however many invoices they hold. The days and
 * months of the range without invoices are filled with zeros here (at most 31 or 24 keys).
 *
 * Red invoices count as stored: their amounts are negative, so `redFen` is negative and `netFen = blueFen + redFen`.
 */
import { and, between, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { invoiceDayRateTotals, invoiceDayTotals, invoiceMonthRateTotals, invoiceMonthTotals } from '../db/schema/invoice-totals';
import { defineCall } from '../http/define-call';
import { bucketKey, bucketOf, inDays, statisticsRange, type By, type StatisticsRange } from '../statistics/range';

/** The count and gross of the range's rows by bucket and kind (blue or red). */
async function sumsByKind(db: Database, companyId: string, { months, days }: StatisticsRange, by: By) {
  const monthKinds = (range: [number, number]) =>
    db
      .select({
        bucket: sql<number>`${invoiceMonthTotals.month}`.as('bucket'),
        kind: invoiceMonthTotals.kind,
        count: invoiceMonthTotals.count,
        grossFen: invoiceMonthTotals.grossFen,
      })
      .from(invoiceMonthTotals)
      .where(and(eq(invoiceMonthTotals.companyId, companyId), between(invoiceMonthTotals.month, ...range)));
  const dayKinds = () =>
    db
      .select({
        bucket: bucketOf(invoiceDayTotals.day, by),
        kind: invoiceDayTotals.kind,
        count: invoiceDayTotals.count,
        grossFen: invoiceDayTotals.grossFen,
      })
      .from(invoiceDayTotals)
      .where(and(eq(invoiceDayTotals.companyId, companyId), inDays(invoiceDayTotals.day, days)));
  // The whole months' rows and the other days' rows, together (a range has at least one of them).
  const kindRows = (months && days.length ? monthKinds(months).unionAll(dayKinds()) : months ? monthKinds(months) : dayKinds()).as(
    'kind_rows',
  );
  return db
    .select({
      bucket: kindRows.bucket,
      kind: kindRows.kind,
      count: sql<number>`sum(${kindRows.count})`.mapWith(Number),
      fen: sql<number>`sum(${kindRows.grossFen})`.mapWith(Number),
    })
    .from(kindRows)
    .groupBy(kindRows.bucket, kindRows.kind);
}

/** The lines' amounts of the range by tax rate, the highest rate first. */
async function sumsByRate(db: Database, companyId: string, { months, days }: StatisticsRange) {
  const monthRates = (range: [number, number]) =>
    db
      .select({
        ratePermille: invoiceMonthRateTotals.ratePermille,
        taxFree: invoiceMonthRateTotals.taxFree,
        netFen: invoiceMonthRateTotals.netFen,
        taxFen: invoiceMonthRateTotals.taxFen,
        grossFen: invoiceMonthRateTotals.grossFen,
      })
      .from(invoiceMonthRateTotals)
      .where(and(eq(invoiceMonthRateTotals.companyId, companyId), between(invoiceMonthRateTotals.month, ...range)));
  const dayRates = () =>
    db
      .select({
        ratePermille: invoiceDayRateTotals.ratePermille,
        taxFree: invoiceDayRateTotals.taxFree,
        netFen: invoiceDayRateTotals.netFen,
        taxFen: invoiceDayRateTotals.taxFen,
        grossFen: invoiceDayRateTotals.grossFen,
      })
      .from(invoiceDayRateTotals)
      .where(and(eq(invoiceDayRateTotals.companyId, companyId), inDays(invoiceDayRateTotals.day, days)));
  const rateRows = (months && days.length ? monthRates(months).unionAll(dayRates()) : months ? monthRates(months) : dayRates()).as(
    'rate_rows',
  );
  return db
    .select({
      ratePermille: rateRows.ratePermille,
      taxFree: rateRows.taxFree,
      netFen: sql<number>`sum(${rateRows.netFen})`.mapWith(Number),
      taxFen: sql<number>`sum(${rateRows.taxFen})`.mapWith(Number),
      grossFen: sql<number>`sum(${rateRows.grossFen})`.mapWith(Number),
    })
    .from(rateRows)
    .groupBy(rateRows.ratePermille, rateRows.taxFree)
    .orderBy(sql`${rateRows.ratePermille} desc nulls last`, rateRows.taxFree);
}

type KindSum = Awaited<ReturnType<typeof sumsByKind>>[number];

/** Every key of the range with its blue and red sums, zeros where it has none. */
function seriesOf(keys: string[], sums: KindSum[], by: By) {
  const series = keys.map((at) => ({ key: at, blueCount: 0, blueFen: 0, redCount: 0, redFen: 0 }));
  const byKey = new Map(series.map((point) => [point.key, point]));
  for (const { bucket, kind, count, fen } of sums) {
    const point = byKey.get(bucketKey(Number(bucket), by));
    if (!point) continue;
    if (kind === 'red') Object.assign(point, { redCount: point.redCount + count, redFen: point.redFen + fen });
    else Object.assign(point, { blueCount: point.blueCount + count, blueFen: point.blueFen + fen });
  }
  return series;
}

/** The series' sums, and the net of blue and (negative) red. */
function totalsOf(series: ReturnType<typeof seriesOf>) {
  const totals = series.reduce(
    (sum, point) => ({
      blueCount: sum.blueCount + point.blueCount,
      blueFen: sum.blueFen + point.blueFen,
      redCount: sum.redCount + point.redCount,
      redFen: sum.redFen + point.redFen,
      netFen: 0,
    }),
    { blueCount: 0, blueFen: 0, redCount: 0, redFen: 0, netFen: 0 },
  );
  totals.netFen = totals.blueFen + totals.redFen;
  return totals;
}

const invoiceStatistics = defineCall('statistics/invoice', {
  access: { kind: 'company' },
  handler: async ({ company, body, services }) => {
    const range = statisticsRange(body.from, body.to, body.by);
    const [points, rates] = await Promise.all([
      sumsByKind(services.db, company.id, range, body.by),
      sumsByRate(services.db, company.id, range),
    ]);
    const series = seriesOf(range.keys, points, body.by);
    const byRate = rates.map((rate) => ({ ...rate, taxFree: rate.taxFree ?? null }));
    return { totals: totalsOf(series), series, byRate };
  },
});

export const statisticsCalls = [invoiceStatistics];
