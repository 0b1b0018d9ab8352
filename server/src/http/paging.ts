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
 * The page and the `total` of a search the database can only answer whole (a trigram search: its index yields every
 * candidate, in no order, and each is checked against the row). One query takes the ids of the first LIST_LIMIT + 1
 * matches in the list's order: their number is the total and the page is a slice of them; the caller then reads the
 * page's rows by primary key. Paging and counting in two queries would find and check every match twice.
 */
export async function searchPage(db: Database, table: PgTable, id: PgColumn, where: SQL | undefined, orderBy: (SQL | PgColumn)[], window: { limit: number; offset: number }): Promise<{ ids: string[]; total: number }> {
  const matches = await db
    .select({ id: sql<string>`${id}` })
    .from(table)
    .where(where)
    .orderBy(...orderBy)
    .limit(LIST_LIMIT + 1);
  return { ids: matches.slice(window.offset, window.offset + window.limit).map((row) => row.id), total: Math.min(matches.length, LIST_LIMIT) };
}

/** The `total` of a list already in memory (a handful of rows): capped the same way. */
export function cappedTotal(total: number): number {
  return Math.min(total, LIST_LIMIT);
}
