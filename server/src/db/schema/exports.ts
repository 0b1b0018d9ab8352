/** Exports (server/src/exports): each made file, and its bytes in chunks, kept EXPORT_KEEP_HOURS. */
import { sql } from 'drizzle-orm';
import { bigint, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ExportFileFormat, ExportFileSource, ExportMailState, ExportState } from '@app/contract/export';
import { createdAt } from './columns';
import { companies } from './companies';
import { users } from './users';

const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * One export: what was asked (source, format, range, the list's filters), how far it is, and the file once made. A
 * person's copy of their own data (source `personal`) belongs to no company.
 */
export const exportFiles = pgTable(
  'export_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    taskId: uuid('task_id'),
    source: text('source').$type<ExportFileSource>().notNull(),
    format: text('format').$type<ExportFileFormat>().notNull(),
    /** China days `YYYY-MM-DD`, both included. */
    rangeFrom: text('range_from').notNull(),
    rangeTo: text('range_to').notNull(),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull().default({}),
    state: text('state').$type<ExportState>().notNull().default('生成中'),
    progress: integer('progress').notNull().default(0),
    rowCount: integer('row_count').notNull().default(0),
    fileName: text('file_name').notNull(),
    bytes: bigint('bytes', { mode: 'number' }),
    emailedTo: text('emailed_to'),
    /** The latest e-mail's state (null: never asked to be sent). */
    mailState: text('mail_state').$type<ExportMailState>(),
    failReason: text('fail_reason'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** When the file is deleted (its chunks); null while it is being made. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (table) => [
    index('export_files_user_created').on(table.companyId, table.userId, table.createdAt.desc().nullsFirst()),
    // One export of a source at a time per user: export/create answers the running one.
    uniqueIndex('export_files_one_running').on(table.companyId, table.userId, table.source).where(sql`${table.state} = '生成中'`),
    index('export_files_expires').on(table.expiresAt).where(sql`${table.expiresAt} is not null`),
  ],
);

/** A made file's bytes, in order: written and read a chunk at a time, so no instance holds a whole file. */
export const exportFileChunks = pgTable(
  'export_file_chunks',
  {
    exportId: uuid('export_id')
      .notNull()
      .references(() => exportFiles.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (table) => [primaryKey({ columns: [table.exportId, table.seq] })],
);
