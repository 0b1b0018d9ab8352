/**
 * The day and month totals tables: rows of sums by company and a key, added to in the transaction of every change
 * they count, so the lists' totals and the statistics read a few rows instead of the rows they sum.
 */
import { bigint, integer, type PgColumn, type PgColumnBuilderBase, pgTable, primaryKey, unique, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies';

/** A China day (YYYYMMDD) or month (YYYYMM) of the key. */
export const dayColumn = () => integer('day').notNull();
export const monthColumn = () => integer('month').notNull();

const integerSum = (name: string) => integer(name).notNull().default(0);
const bigintSum = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

type SumType = 'integer' | 'bigint';
type SumColumns<TSums extends Record<string, SumType>> = {
  [K in keyof TSums]: TSums[K] extends 'integer' ? ReturnType<typeof integerSum> : ReturnType<typeof bigintSum>;
};

export interface TotalsKey {
  /**
   * Some key columns may be null: the key is then the unique constraint `<table>_key` with NULLS NOT DISTINCT (a null
   * is one key), since a primary key holds no nulls.
   */
  nullable?: boolean;
  /** The primary key's name, when not drizzle's default `<table>_<columns>_pk`. */
  primaryKeyName?: string;
}

const snakeCase = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * A totals table: `company_id` (deleted with its company), then `keyColumns`, then `sumColumns` (each named as its key
 * in snake case, not null, 0 at first); its key is the company and the key columns, in that order.
 */
export function totalsTable<TName extends string, TKeys extends Record<string, PgColumnBuilderBase>, TSums extends Record<string, SumType>>(
  name: TName,
  keyColumns: TKeys,
  sumColumns: TSums,
  key: TotalsKey = {},
) {
  const sums = Object.fromEntries(
    Object.entries(sumColumns).map(([column, type]) => [column, (type === 'integer' ? integerSum : bigintSum)(snakeCase(column))]),
  ) as SumColumns<TSums>;
  const companyId = uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });
  return pgTable(name, { companyId, ...keyColumns, ...sums }, (table) => {
    const columns = table as unknown as Record<string, PgColumn>;
    const keyParts = Object.keys(keyColumns).map((column) => columns[column] as PgColumn);
    if (key.nullable)
      return [
        unique(`${name}_key`)
          .on(table.companyId, ...keyParts)
          .nullsNotDistinct(),
      ];
    return [primaryKey({ name: key.primaryKeyName, columns: [table.companyId, ...keyParts] })];
  });
}
