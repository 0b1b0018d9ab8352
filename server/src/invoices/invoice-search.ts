/**
 * The keyword of `invoice/list`: a buyer's name (or part of it) or the end of an invoice number (尾号, at least
 * MIN_NUMBER_TAIL digits, up to the whole 20). It reads what the answer holds, not what the company holds
 * (docs/architecture.md, "Lists that stay flat"):
 *
 * 1. the company's buyer names that contain the keyword, from `invoice_buyers` (a row per buyer, under a trigram index);
 * 2. for at most MAX_NAMES of them, each buyer's first LIST_LIMIT + 1 invoices in the list's order, from the index
 *    `(company_id, buyer_name, listed_at, id) INCLUDE (kind, status)`: an index-only scan that also applies the list's
 *    filters; and for a keyword of digits, the invoices whose number ends with it (the reversed number's index);
 * 3. the first LIST_LIMIT + 1 of all those in the list's order: their number is the total, the page is a slice.
 *
 * A keyword that more than MAX_NAMES buyers contain is a broad one ("公司", "商贸"): its invoices are many, so the
 * list's own index, walked in order, meets the list limit of them soon.
 */
import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { LIST_LIMIT } from '@app/contract/limits';
import type { Database } from '../db/database';
import { invoiceBuyers, invoices } from '../db/schema/invoices';
import { containsPattern, pageOfMatches } from '../http/paging';

/** More buyer names than this make a keyword broad (see above). */
export const MAX_NAMES = 32;
/** The fewest digits that search the end of the invoice numbers (fewer would match a thousandth of them or more). */
export const MIN_NUMBER_TAIL = 4;

/** The list's order (`desc` puts nulls first, as the list's indexes do). */
export const INVOICE_LIST_ORDER = [desc(invoices.listedAt), desc(invoices.id)];
const LIST_ORDER = sql.join(INVOICE_LIST_ORDER, sql`, `);

/** The reversed keyword, when it is the end of an invoice number; else null. */
function numberTail(keyword: string): string | null {
  return new RegExp(`^\\d{${MIN_NUMBER_TAIL},20}$`).test(keyword) ? [...keyword].reverse().join('') : null;
}

/**
 * The ids of the page `window` of the company's invoices the keyword finds, with `filters` (the list's other
 * conditions on `invoices`, or undefined), newest first as the list orders them, and the capped total.
 */
export async function searchInvoices(
  db: Database,
  companyId: string,
  keyword: string,
  filters: SQL | undefined,
  window: { limit: number; offset: number },
): Promise<{ ids: string[]; total: number }> {
  const pattern = containsPattern(keyword);
  const tail = numberTail(keyword);
  const endsWith = tail ? sql`reverse(${invoices.number}) like ${`${tail}%`}` : undefined;
  const names = (
    await db
      .select({ name: invoiceBuyers.name })
      .from(invoiceBuyers)
      .where(and(eq(invoiceBuyers.companyId, companyId), ilike(invoiceBuyers.name, pattern)))
      .limit(MAX_NAMES + 1)
  ).map((row) => row.name);
  const only = filters ? sql` and ${filters}` : sql``;
  const first = (where: SQL) =>
    sql`select ${invoices.id}, ${invoices.listedAt} from ${invoices} where ${invoices.companyId} = ${companyId} and ${where}${only} order by ${LIST_ORDER} limit ${LIST_LIMIT + 1}`;
  let matches: SQL;
  if (names.length > MAX_NAMES) {
    matches = first(or(ilike(invoices.buyerName, pattern), endsWith) as SQL);
  } else {
    const sources: SQL[] = [];
    if (names.length) {
      const list = sql.join(
        names.map((name) => sql`${name}`),
        sql`, `,
      );
      sources.push(
        sql`select found.id, found.listed_at from unnest(array[${list}]::text[]) as buyer(name) cross join lateral (${first(sql`${invoices.buyerName} = buyer.name`)}) as found`,
      );
    }
    if (endsWith) sources.push(sql`(${first(endsWith)})`);
    if (!sources.length) return { ids: [], total: 0 };
    matches = sql`select id, listed_at from (${sql.join(sources, sql` union `)}) as united order by listed_at desc, id desc limit ${LIST_LIMIT + 1}`;
  }
  return pageOfMatches(db, matches, sql`listed_at desc, id desc`, window);
}
