/**
 * The folder's list and its keyword (docs/architecture.md, "Lists that stay flat"), as invoice/list's
 * (server/src/invoices/invoice-search.ts): a keyword is a seller's name (or part of it) or the end of an invoice
 * number (at least MIN_NUMBER_TAIL digits).
 *
 * 1. the company's seller names that contain it, from `ticket_sellers` (a row per seller, under a trigram index);
 * 2. for at most MAX_NAMES of them, each seller's first LIST_LIMIT + 1 tickets in the list's order, from the index
 *    `(company_id, seller_name, issue_date, id) INCLUDE (filters, amounts)`: an index-only scan that also applies the
 *    list's filters and carries what the totals sum; a keyword of digits adds the tickets whose number ends with it;
 * 3. the first LIST_LIMIT + 1 of those in the list's order: their count is the total and `totals.count`, their sums
 *    the totals, a slice the page (read by key).
 *
 * Without a keyword the page comes from the filter's index and the totals from `ticket_month_totals` (a few rows a
 * month, whatever the number of tickets). Either way the amounts are of the tickets whose 查验 state counts
 * (`TICKET_COUNTED_STATES`, the domain's rule), net of red reversals.
 */
import { and, desc, eq, gte, ilike, inArray, lte, or, sql, type Column, type SQL } from 'drizzle-orm';
import { LIST_LIMIT } from '@app/contract/limits';
import type { TicketTotals } from '@app/contract/ticket';
import { chinaMonthNumber } from '@app/domain/china-time';
import { TICKET_COUNTED_STATES, type TicketType, type TicketVerifyState } from '@app/domain/ticket';
import type { Database } from '../db/database';
import { ticketMonthTotals, tickets, ticketSellers } from '../db/schema/tickets';
import { requestedRange } from '../http/china-range';
import { containsPattern } from '../http/paging';
import type { Access } from '../http/access';

/** Who sees the folder, and so who may export it. */
export const TICKET_LIST_ACCESS = { kind: 'company' } as const satisfies Access;

export const MAX_NAMES = 32;
export const MIN_NUMBER_TAIL = 4;

/** Newest issue date first (`desc` puts nulls first, as the list's indexes do). */
export const TICKET_LIST_ORDER = [desc(tickets.issueDate), desc(tickets.id)];
const LIST_ORDER = sql.join(TICKET_LIST_ORDER, sql`, `);

export interface TicketFilters {
  month?: string;
  type?: TicketType;
  verifyState?: TicketVerifyState;
  reimbursed?: boolean;
}

/**
 * The filters as conditions on `tickets` (a month is a range of the stored issue date). `days`: issued from
 * `firstDay` to `lastDay` (YYYY-MM-DD, both included) — an export's range, in place of the month.
 */
export function ticketConditions(filters: TicketFilters, days?: { firstDay: string; lastDay: string }): SQL[] {
  const conditions: SQL[] = [];
  if (filters.type) conditions.push(eq(tickets.type, filters.type));
  if (filters.verifyState) conditions.push(eq(tickets.verifyState, filters.verifyState));
  if (filters.reimbursed !== undefined) conditions.push(eq(tickets.reimbursed, filters.reimbursed));
  if (filters.month) {
    const { firstDay, lastDay } = requestedRange('month', '月份不存在', filters.month);
    conditions.push(gte(tickets.issueDate, firstDay), lte(tickets.issueDate, lastDay));
  }
  if (days) conditions.push(gte(tickets.issueDate, days.firstDay), lte(tickets.issueDate, days.lastDay));
  return conditions;
}

/** The totals of a filter without a keyword, from the month totals: the amounts of the keys whose state counts. */
export async function filterTotals(db: Database, companyId: string, filters: TicketFilters): Promise<TicketTotals> {
  const conditions: SQL[] = [eq(ticketMonthTotals.companyId, companyId)];
  if (filters.month)
    conditions.push(eq(ticketMonthTotals.month, chinaMonthNumber(requestedRange('month', '月份不存在', filters.month).start)));
  if (filters.type) conditions.push(eq(ticketMonthTotals.type, filters.type));
  if (filters.verifyState) conditions.push(eq(ticketMonthTotals.verifyState, filters.verifyState));
  if (filters.reimbursed !== undefined) conditions.push(eq(ticketMonthTotals.reimbursed, filters.reimbursed));
  const counts = inArray(ticketMonthTotals.verifyState, [...TICKET_COUNTED_STATES]);
  const counted = (column: Column) => sql<number>`coalesce(sum(${column}) filter (where ${counts}), 0)`.mapWith(Number);
  const [row] = await db
    .select({
      count: sql<number>`coalesce(sum(${ticketMonthTotals.count}), 0)`.mapWith(Number),
      counted: counted(ticketMonthTotals.count),
      netFen: counted(ticketMonthTotals.netFen),
      taxFen: counted(ticketMonthTotals.taxFen),
      grossFen: counted(ticketMonthTotals.grossFen),
    })
    .from(ticketMonthTotals)
    .where(and(...conditions));
  return row ?? EMPTY;
}

const EMPTY: TicketTotals = { count: 0, counted: 0, netFen: 0, taxFen: 0, grossFen: 0 };

function numberTail(keyword: string): string | null {
  return new RegExp(`^\\d{${MIN_NUMBER_TAIL},20}$`).test(keyword) ? [...keyword].reverse().join('') : null;
}

/** The page `window` of the company's tickets the keyword finds with `filters`, the capped total and their totals. */
export async function searchTickets(
  db: Database,
  companyId: string,
  keyword: string,
  filters: SQL | undefined,
  window: { limit: number; offset: number },
): Promise<{ ids: string[]; total: number; totals: TicketTotals }> {
  const pattern = containsPattern(keyword);
  const tail = numberTail(keyword);
  const endsWith = tail ? sql`reverse(${tickets.number}) like ${`${tail}%`}` : undefined;
  const names = (
    await db
      .select({ name: ticketSellers.name })
      .from(ticketSellers)
      .where(and(eq(ticketSellers.companyId, companyId), ilike(ticketSellers.name, pattern)))
      .limit(MAX_NAMES + 1)
  ).map((row) => row.name);
  const only = filters ? sql` and ${filters}` : sql``;
  // What the totals sum, as ticketCountedAmounts (@app/domain/ticket) counts it: nothing from a state that does not count.
  const counts = inArray(tickets.verifyState, [...TICKET_COUNTED_STATES]);
  const columns = sql`${tickets.id} as id, ${tickets.issueDate} as issue_date, ${counts} as counts, ${tickets.netFen} - ${tickets.redNetFen} as net, coalesce(${tickets.taxFen}, 0) - ${tickets.redTaxFen} as tax, coalesce(${tickets.grossFen}, ${tickets.netFen}) - ${tickets.redGrossFen} as gross`;
  const first = (where: SQL) =>
    sql`select ${columns} from ${tickets} where ${tickets.companyId} = ${companyId} and ${where}${only} order by ${LIST_ORDER} limit ${LIST_LIMIT + 1}`;
  let matches: SQL;
  if (names.length > MAX_NAMES) {
    matches = first(or(ilike(tickets.sellerName, pattern), endsWith) as SQL);
  } else {
    const sources: SQL[] = [];
    if (names.length) {
      const list = sql.join(
        names.map((name) => sql`${name}`),
        sql`, `,
      );
      sources.push(
        sql`select found.* from unnest(array[${list}]::text[]) as seller(name) cross join lateral (${first(sql`${tickets.sellerName} = seller.name`)}) as found`,
      );
    }
    if (endsWith) sources.push(sql`(${first(endsWith)})`);
    if (!sources.length) return { ids: [], total: 0, totals: EMPTY };
    matches = sql`select * from (${sql.join(sources, sql` union `)}) as united order by issue_date desc, id desc limit ${LIST_LIMIT + 1}`;
  }
  const answer = await db.execute(sql`with matches as materialized (${matches}),
    listed as (select * from matches order by issue_date desc, id desc limit ${LIST_LIMIT})
    select (select count(*)::int from matches) as total,
      (select count(*)::int from listed where counts) as counted,
      (select coalesce(sum(net) filter (where counts), 0)::bigint from listed) as net,
      (select coalesce(sum(tax) filter (where counts), 0)::bigint from listed) as tax,
      (select coalesce(sum(gross) filter (where counts), 0)::bigint from listed) as gross,
      (select array_agg(page.id::text order by page.issue_date desc, page.id desc) from (select * from matches order by issue_date desc, id desc offset ${window.offset} limit ${window.limit}) as page) as ids`);
  const [row] = (
    answer as unknown as { rows: { total: number; counted: number; net: string; tax: string; gross: string; ids: string[] | null }[] }
  ).rows;
  const total = Math.min(Number(row?.total ?? 0), LIST_LIMIT);
  return {
    ids: row?.ids ?? [],
    total,
    totals: {
      count: total,
      counted: Number(row?.counted ?? 0),
      netFen: Number(row?.net ?? 0),
      taxFen: Number(row?.tax ?? 0),
      grossFen: Number(row?.gross ?? 0),
    },
  };
}
