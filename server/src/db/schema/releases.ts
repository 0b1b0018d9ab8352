/** How released app versions fare on phones: failures reported and canary loads (server/src/releases). */
import { boolean, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ClientFailureKind } from '@app/contract/client-report';

/**
 * Failures the host reported from phones (`client/reportFailure`): counted per remote, version, kind and
 * hour, nothing about who met them. `GET /metrics` sums them.
 */
export const clientFailures = pgTable(
  'client_failures',
  {
    app: text('app').notNull(),
    version: text('version').notNull(),
    kind: text('kind').$type<ClientFailureKind>().notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (table) => [primaryKey({ name: 'client_failures_pk', columns: [table.app, table.version, table.kind, table.hour] })],
);

/**
 * What a canary is judged on (releases/canary-loads.ts): each signed-in user who loaded a version of an app while that
 * app ran a canary, once per hour, and whether they reported a failure of it in that hour. Only the version their
 * canary cookie serves them is recorded, so neither anyone signed out nor one account's many reports can move a
 * version's rate by more than one user.
 */
export const canaryLoads = pgTable(
  'canary_loads',
  {
    app: text('app').notNull(),
    version: text('version').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    userId: uuid('user_id').notNull(),
    failed: boolean('failed').notNull().default(false),
  },
  (table) => [primaryKey({ name: 'canary_loads_pk', columns: [table.app, table.version, table.hour, table.userId] })],
);
