/**
 * 开票统计 (issue 14): the company's issued invoices over a range of China days, by day or by month, computed by the
 * database (docs/architecture.md, "Lists that stay flat"): one GROUP BY over the range of `invoices_company_listed`
 * (`listed_at` is the issue instant of an issued invoice) and one over the lines of those invoices, found by their
 * primary key. A range is at most 31 days by day and 24 months by month, so what a call reads is what the range holds;
 * the days and months of the range without invoices are filled with zeros here (at most 31 or 24 keys, never a loop
 * over rows).
 *
 * Red invoices count as stored: their amounts are negative, so `redFen` is negative and `netFen = blueFen + redFen`.
 */
import { and, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import { invoiceLines, invoices } from '../db/schema';
import { defineCall } from '../http/define-call';
import { chinaKey, statisticsRange } from '../statistics/range';

const invoiceStatistics = defineCall('statistics/invoice', {
  access: { kind: 'company' },
  handler: async ({ company, body, services }) => {
    const { start, end, keys } = statisticsRange(body.from, body.to, body.by);
    // Issued invoices only (已开具, 部分红冲, 已红冲): listed at their issue instant, on the list's index.
    const inRange = and(eq(invoices.companyId, company.id), gte(invoices.listedAt, start), lt(invoices.listedAt, end), isNotNull(invoices.issuedAt));
    const key = chinaKey(invoices.listedAt, body.by);
    const [points, rates] = await Promise.all([
      services.db
        .select({ key, kind: invoices.kind, count: sql<number>`count(*)`.mapWith(Number), fen: sql<number>`coalesce(sum(${invoices.grossFen}), 0)`.mapWith(Number) })
        .from(invoices)
        .where(inRange)
        .groupBy(key, invoices.kind),
      // The lines of the range's invoices, by their primary key (`= any` of the ids, never a join that may scan every line).
      services.db
        .select({
          ratePermille: invoiceLines.ratePermille,
          taxFree: invoiceLines.taxFree,
          netFen: sql<number>`sum(${invoiceLines.netFen})`.mapWith(Number),
          taxFen: sql<number>`sum(${invoiceLines.taxFen})`.mapWith(Number),
          grossFen: sql<number>`sum(${invoiceLines.grossFen})`.mapWith(Number),
        })
        .from(invoiceLines)
        .where(sql`${invoiceLines.invoiceId} = any(array(${services.db.select({ id: invoices.id }).from(invoices).where(inRange)}))`)
        .groupBy(invoiceLines.ratePermille, invoiceLines.taxFree)
        .orderBy(sql`${invoiceLines.ratePermille} desc nulls last`, invoiceLines.taxFree),
    ]);
    const series = keys.map((at) => ({ key: at, blueCount: 0, blueFen: 0, redCount: 0, redFen: 0 }));
    const byKey = new Map(series.map((point) => [point.key, point]));
    for (const { key: at, kind, count, fen } of points) {
      const point = byKey.get(at);
      if (!point) continue;
      if (kind === 'red') Object.assign(point, { redCount: point.redCount + count, redFen: point.redFen + fen });
      else Object.assign(point, { blueCount: point.blueCount + count, blueFen: point.blueFen + fen });
    }
    const totals = series.reduce(
      (sum, point) => ({ blueCount: sum.blueCount + point.blueCount, blueFen: sum.blueFen + point.blueFen, redCount: sum.redCount + point.redCount, redFen: sum.redFen + point.redFen, netFen: 0 }),
      { blueCount: 0, blueFen: 0, redCount: 0, redFen: 0, netFen: 0 },
    );
    totals.netFen = totals.blueFen + totals.redFen;
    const byRate = rates.map((rate) => ({ ...rate, taxFree: rate.taxFree ?? null }));
    return { totals, series, byRate };
  },
});

export const statisticsCalls = [invoiceStatistics];
