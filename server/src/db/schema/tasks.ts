/** The work done with the tax bureau and the payout provider, claimed by the task worker (server/src/tasks). */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { WorkerTaskType } from '../../tasks/worker-task-type';
import { createdAt, updatedAt } from './columns';
import { users } from './users';
import { companies } from './companies';

/**
 * Work done with the tax bureau. A worker claims due rows with FOR UPDATE SKIP LOCKED and holds them by a lease
 * (`locked_by`, `locked_until`); a crashed worker's lease runs out and another worker finishes the task.
 * Status: 0 queued, 10 processing, 2020 waiting for the SMS code, 2010 waiting for the QR scan, 3010 waiting for the
 * face scan, 1 success, -1 failed.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null only for an export task of no company: the e-mail of a person's copy of their data (account/data-copy.ts). */
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    type: text('type').$type<WorkerTaskType>().notNull(),
    status: integer('status').notNull().default(0),
    failReason: text('fail_reason'),
    /** QR image (PNG data URL) while waiting for a scan. */
    extensionData: text('extension_data'),
    /** What the task was asked to do, and its step state (e.g. a submitted SMS code). */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    result: jsonb('result').$type<Record<string, unknown>>(),
    /** The gateway's own id of the login or issue (simulator session). */
    gatewayRef: text('gateway_ref'),
    /** A retried or double-submitted create never does the work twice. */
    requestSerial: text('request_serial'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull().defaultNow(),
    /** The task fails when it is not finished by then. */
    deadlineAt: timestamp('deadline_at', { withTimezone: true }).notNull(),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    smsSentAt: timestamp('sms_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('tasks_company_created').on(table.companyId, table.createdAt.desc().nullsFirst()),
    // task/getMyTasks: the tasks clients list, without the server's own (deliveries, exports) (tasks/worker-task-type.ts).
    index('tasks_company_listed')
      .on(table.companyId, table.createdAt.desc().nullsFirst())
      .where(sql`${table.type} not in ('deliver_invoice', 'export_file')`),
    index('tasks_company_type_created').on(table.companyId, table.type, table.createdAt.desc().nullsFirst()),
    index('tasks_company_status_created').on(table.companyId, table.status, table.createdAt.desc().nullsFirst()),
    // The unfinished tasks (task/getMyTasks' "pending", the home summary): status not in (Succeeded, Failed).
    index('tasks_company_open').on(table.companyId, table.createdAt.desc().nullsFirst()).where(sql`${table.status} not in (1, -1)`), // = openTask
    index('tasks_due').on(table.nextRunAt).where(sql`${table.status} in (0, 10)`),
    // The worker's claim (tasks/task-worker.ts: `finished_at is null and next_run_at <= now() order by next_run_at`):
    // the due unfinished tasks, never a scan of every task a poll.
    index('tasks_unfinished_due').on(table.nextRunAt).where(sql`${table.finishedAt} is null`),
    uniqueIndex('tasks_request_serial').on(table.companyId, table.requestSerial),
    check('tasks_company_or_export', sql`${table.companyId} is not null or ${table.type} = 'export_file'`),
  ],
);

/** An unfinished task: the predicate of the partial index `tasks_company_open`, written the same way so it is used. */
export const openTask = sql`${tasks.status} not in (1, -1)`;
