/**
 * Paging of every list call: the page the body asks for, within the list limit (see `@app/contract/limits`), and a
 * total that never costs more than the limit (docs/architecture.md, "Lists that stay flat").
 */
import { count, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { LIST_LIMIT, PAGE_SIZE } from '@app/contract/limits';
import type { Database } from '../db/database';

export function pageWindow(page = 1, pageSize = PAGE_SIZE): { limit: number; offset: number } {
  const offset = (page - 1) * pageSize;
  return { offset, limit: Math.max(0, Math.min(pageSize, LIST_LIMIT - offset)) };
}

/**
 * The `total` a list answers: how many rows match, but never more than a list may show. It counts at most
 * LIST_LIMIT + 1 of them, taken in the list's own order (`orderBy`) so that the list's index yields them: a company
 * with a million rows costs what one with a thousand does.
 */
export async function cappedCount(db: Database, table: PgTable, where: SQL | undefined, orderBy: (SQL | PgColumn)[]): Promise<number> {
  const matching = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .orderBy(...orderBy)
    .limit(LIST_LIMIT + 1)
    .as('matching');
  const [row] = await db.select({ n: count() }).from(matching);
  return Math.min(row?.n ?? 0, LIST_LIMIT);
}

/**
 * The page and the `total` of a list the database finds whole before it can order it (a search that unites several
 * sources, a merge of two tables): `matches` is a query of at most LIST_LIMIT + 1 rows with an `id` column and the
 * columns `order` names (unqualified). One query counts them and cuts the page's ids from them in the database, so
 * only a page of ids comes back, not every match; the caller then reads the page's rows by key.
 */
export async function pageOfMatches(
  db: Database,
  matches: SQL,
  order: SQL,
  window: { limit: number; offset: number },
): Promise<{ ids: string[]; total: number }> {
  const answer = await db.execute(sql`with matches as materialized (${matches})
    select (select count(*)::int from matches) as total,
      (select array_agg(page.id::text order by ${order}) from (select * from matches order by ${order} offset ${window.offset} limit ${window.limit}) as page) as ids`);
  const [row] = (answer as unknown as { rows: { total: number; ids: string[] | null }[] }).rows;
  return { ids: row?.ids ?? [], total: Math.min(Number(row?.total ?? 0), LIST_LIMIT) };
}

/** The LIKE pattern of a keyword a list searches for anywhere in a text, its own `%`, `_` and `\\` taken literally. */
export function containsPattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The `total` of a list already in memory (a handful of rows): capped the same way. */
export function cappedTotal(total: number): number {
  return Math.min(total, LIST_LIMIT);
}
