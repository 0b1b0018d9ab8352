/**
 * What an `.xlsx` export holds, whatever its source: its columns (what each cell is: text, yuan from integer fen, a
 * China day, a China time, a count), its rows in batches in the list's order, and its totals row once every row was
 * read. export-xlsx.ts writes it; export-invoices.ts, export-tickets.ts and export-payments.ts make one per source.
 */
import type { ChinaRange } from '@app/domain/china-time';
import type { Database } from '../db/database';

export type CellKind = 'text' | 'yuan' | 'day' | 'time' | 'count';

export interface SheetColumn {
  key: string;
  header: string;
  width: number;
  kind: CellKind;
}

/** A row's cells by column key: text, fen (yuan columns), `YYYY-MM-DD` (day), an instant (time), or empty. */
export type SheetRow = Record<string, string | number | Date | null>;

export interface ExportSheet {
  name: string;
  columns: SheetColumn[];
  /** How many rows it will have (the limit and the progress). */
  count(): Promise<number>;
  batches(): AsyncGenerator<SheetRow[]>;
  /** The totals row, read after the last batch: what the list's totals say for the same filters. */
  totals(): SheetRow;
}

/** What an export reads: the company's rows of the range, by the list's own filters. */
export interface ExportScope {
  db: Database;
  companyId: string;
  range: ChinaRange;
}

/** Rows fetched from the database at a time. */
export const BATCH_ROWS = 1000;

/**
 * Lets the server answer requests between an export's batches: PGlite answers queries in microtasks, so an export's
 * awaits alone would never hand the event loop back to the requests waiting on it.
 */
export const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

export const col = (key: string, header: string, width: number, kind: CellKind = 'text'): SheetColumn => ({ key, header, width, kind });
