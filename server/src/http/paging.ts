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

/** The `total` of a list already in memory (a handful of rows): capped the same way. */
export function cappedTotal(total: number): number {
  return Math.min(total, LIST_LIMIT);
}
