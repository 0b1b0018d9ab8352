/**
 * The statistics recomputed by brute force from the rows they summarise (invoices and their lines, paid orders,
 * withdrawals), the way the calls computed them before there were maintained totals, and the maintained invoice totals
 * recounted from the invoices by China day and month: what statistics/invoice, statistics/income and the totals tables
 * must say (docs/architecture.md, "Lists that stay flat"). Used by the statistics-totals and demo-history tests.
 */
import type { IncomeStatistics, InvoiceStatistics } from '@app/contract/statistics';
import { chinaDate } from '@app/domain/china-time';
import type { RawQuery } from '../../src/db/database';
import { statisticsRange } from '../../src/statistics/range';

/** A small seeded generator (mulberry32), so a failure can be replayed with its seed. */
export function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return { next, int, pick: <T>(items: readonly T[]) => items[int(0, items.length - 1)] as T };
}

export const day = (at: Date) => chinaDate(at);
export const addDays = (text: string, days: number) =>
  new Date(Date.parse(`${text}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
export const addMonths = (text: string, months: number) => {
  const at = new Date(`${text.slice(0, 7)}-01T00:00:00Z`);
  at.setUTCMonth(at.getUTCMonth() + months);
  return at.toISOString().slice(0, 10);
};
export const lastOfMonth = (text: string) => addDays(addMonths(text, 1), -1);

export type InvoiceRows = Awaited<ReturnType<typeof invoiceRows>>;
export type MoneyRows = Awaited<ReturnType<typeof moneyRows>>;

/** The company's issued invoices and their lines, by the China day of issue. */
export async function invoiceRows(raw: RawQuery, company: string) {
  const rows = await raw(`select id, kind, gross_fen, issued_at from invoices where company_id = $1 and issued_at is not null`, [company]);
  const lines = await raw(
    `select l.invoice_id, l.rate_permille, l.tax_free, l.net_fen, l.tax_fen, l.gross_fen from invoice_lines l join invoices i on i.id = l.invoice_id where i.company_id = $1 and i.issued_at is not null`,
    [company],
  );
  const dayOf = new Map(rows.map((row) => [String(row.id), day(new Date(row.issued_at as string))]));
  return {
    invoices: rows.map((row) => ({ kind: String(row.kind), grossFen: Number(row.gross_fen), day: dayOf.get(String(row.id)) as string })),
    lines: lines.map((line) => ({
      day: dayOf.get(String(line.invoice_id)) as string,
      ratePermille: line.rate_permille === null ? null : Number(line.rate_permille),
      taxFree: line.tax_free === null ? null : String(line.tax_free),
      netFen: Number(line.net_fen),
      taxFen: Number(line.tax_fen),
      grossFen: Number(line.gross_fen),
    })),
  };
}

export function expectedInvoiceStatistics(rows: InvoiceRows, from: string, to: string, by: 'day' | 'month'): InvoiceStatistics {
  const { keys } = statisticsRange(from, to, by);
  const inRange = (at: string) => at >= from && at <= to;
  const series = keys.map((key) => {
    const here = rows.invoices.filter((row) => inRange(row.day) && (by === 'day' ? row.day : row.day.slice(0, 7)) === key);
    const of = (kind: string) => here.filter((row) => row.kind === kind);
    return {
      key,
      blueCount: of('blue').length,
      blueFen: of('blue').reduce((sum, row) => sum + row.grossFen, 0),
      redCount: of('red').length,
      redFen: of('red').reduce((sum, row) => sum + row.grossFen, 0),
    };
  });
  const sum = (field: 'blueCount' | 'blueFen' | 'redCount' | 'redFen') => series.reduce((total, point) => total + point[field], 0);
  const rates = new Map<string, InvoiceStatistics['byRate'][number]>();
  for (const line of rows.lines.filter((row) => inRange(row.day))) {
    const key = `${line.ratePermille} ${line.taxFree}`;
    const rate = rates.get(key) ?? { ratePermille: line.ratePermille, taxFree: line.taxFree, netFen: 0, taxFen: 0, grossFen: 0 };
    rates.set(key, {
      ...rate,
      netFen: rate.netFen + line.netFen,
      taxFen: rate.taxFen + line.taxFen,
      grossFen: rate.grossFen + line.grossFen,
    });
  }
  // rate_permille desc nulls last, then tax_free (nulls last).
  const byRate = [...rates.values()].sort(
    (a, b) =>
      (b.ratePermille ?? -1) - (a.ratePermille ?? -1) ||
      (a.taxFree === b.taxFree ? 0 : a.taxFree === null ? 1 : b.taxFree === null ? -1 : a.taxFree < b.taxFree ? -1 : 1),
  );
  return {
    totals: {
      blueCount: sum('blueCount'),
      blueFen: sum('blueFen'),
      redCount: sum('redCount'),
      redFen: sum('redFen'),
      netFen: sum('blueFen') + sum('redFen'),
    },
    series,
    byRate,
  };
}

/** The company's paid orders (by the China day paid) and the withdrawals that did not fail (by the day asked). */
export async function moneyRows(raw: RawQuery, company: string) {
  const orders = await raw(`select channel, amount_fen, paid_at from cash_orders where company_id = $1 and paid_at is not null`, [company]);
  const spent = await raw(`select amount_fen, fee_fen, created_at from withdrawals where company_id = $1 and state <> '失败'`, [company]);
  return {
    orders: orders.map((row) => ({
      channel: String(row.channel),
      amountFen: Number(row.amount_fen),
      day: day(new Date(row.paid_at as string)),
    })),
    spent: spent.map((row) => ({ fen: Number(row.amount_fen) + Number(row.fee_fen), day: day(new Date(row.created_at as string)) })),
  };
}

export function expectedIncomeStatistics(rows: MoneyRows, from: string, to: string, by: 'day' | 'month'): IncomeStatistics {
  const { keys } = statisticsRange(from, to, by);
  const orders = rows.orders.filter((row) => row.day >= from && row.day <= to);
  const series = keys.map((key) => {
    const here = orders.filter((row) => (by === 'day' ? row.day : row.day.slice(0, 7)) === key);
    return { key, incomeFen: here.reduce((sum, row) => sum + row.amountFen, 0), count: here.length };
  });
  const channels = [...new Set(orders.map((row) => row.channel))].sort();
  const byChannel = channels.map((channel) => {
    const here = orders.filter((row) => row.channel === channel);
    return { channel, incomeFen: here.reduce((sum, row) => sum + row.amountFen, 0), count: here.length };
  });
  const expenseFen = rows.spent.filter((row) => row.day >= from && row.day <= to).reduce((sum, row) => sum + row.fen, 0);
  return {
    totals: { incomeFen: orders.reduce((sum, row) => sum + row.amountFen, 0), count: orders.length, expenseFen },
    series,
    byChannel,
  };
}

/** The issued invoices of the company by China day (YYYYMMDD) or month (YYYYMM): by kind, and their lines by rate. */
async function recountBy(raw: RawQuery, companyId: string, period: 'day' | 'month', format: string) {
  const at = (column: string) => `to_char((${column} at time zone 'UTC') + interval '8 hours', '${format}')::int as ${period}`;
  const byKind = await raw(
    `select ${at('issued_at')}, kind, count(*)::int as count, sum(gross_fen)::bigint as gross_fen
     from invoices where company_id = $1 and issued_at is not null group by 1, 2 order by 1, 2`,
    [companyId],
  );
  const byRate = await raw(
    `select ${at('i.issued_at')}, l.rate_permille, l.tax_free, sum(l.net_fen)::bigint as net_fen, sum(l.tax_fen)::bigint as tax_fen, sum(l.gross_fen)::bigint as gross_fen
     from invoices i join invoice_lines l on l.invoice_id = i.id where i.company_id = $1 and i.issued_at is not null group by 1, 2, 3 order by 1, 2, 3`,
    [companyId],
  );
  return { byKind, byRate };
}

export type InvoiceTotalsTable = 'kinds' | 'rates' | 'months' | 'monthRates';
export const INVOICE_TOTALS_TABLES: readonly InvoiceTotalsTable[] = ['kinds', 'rates', 'months', 'monthRates'];

/** The invoice totals recounted from the invoices: by day and kind, day and rate, month and kind, month and rate. */
export async function recountInvoiceTotals(
  raw: RawQuery,
  companyId: string,
): Promise<Record<InvoiceTotalsTable, Record<string, unknown>[]>> {
  const days = await recountBy(raw, companyId, 'day', 'YYYYMMDD');
  const months = await recountBy(raw, companyId, 'month', 'YYYYMM');
  return { kinds: days.byKind, rates: days.byRate, months: months.byKind, monthRates: months.byRate };
}

/** The maintained invoice totals of the company, in the recount's order and shape. */
export async function storedInvoiceTotals(
  raw: RawQuery,
  companyId: string,
): Promise<Record<InvoiceTotalsTable, Record<string, unknown>[]>> {
  return {
    kinds: await raw(`select day, kind, count, gross_fen from invoice_day_totals where company_id = $1 order by 1, 2`, [companyId]),
    rates: await raw(
      `select day, rate_permille, tax_free, net_fen, tax_fen, gross_fen from invoice_day_rate_totals where company_id = $1 order by 1, 2, 3`,
      [companyId],
    ),
    months: await raw(`select month, kind, count, gross_fen from invoice_month_totals where company_id = $1 and count > 0 order by 1, 2`, [
      companyId,
    ]),
    monthRates: await raw(
      `select month, rate_permille, tax_free, net_fen, tax_fen, gross_fen from invoice_month_rate_totals where company_id = $1 order by 1, 2, 3`,
      [companyId],
    ),
  };
}

/** Rows as lists of strings (numbers from either database compare equal). */
export const sameRows = (rows: Record<string, unknown>[]) =>
  rows.map((row) => Object.values(row).map((value) => (value === null ? null : String(value))));
