/** The audit trail (server/src/audit): one append-only entry per call that changed state; triggers refuse any change. */
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { AuditKind, AuditObjectType } from '@app/domain/audit-kinds';
import { createdAt } from './columns';
import { users } from './users';

export const auditEntries = pgTable(
  'audit_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * The company the change belongs to; null for a person's own things (their titles) made outside a company. Not a
     * foreign key: a company erased with its last member's account leaves its entries, which can never be deleted.
     */
    companyId: uuid('company_id'),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** The person's role in the company when they made the change (管理员, 员工…). */
    role: text('role'),
    kind: text('kind').$type<AuditKind>().notNull(),
    objectType: text('object_type').$type<AuditObjectType>().notNull(),
    objectId: text('object_id'),
    /** What was changed, in Chinese, as the manager reads it (a number, a name, an amount). */
    summary: text('summary').notNull(),
    requestId: text('request_id').notNull(),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('audit_entries_company_created').on(table.companyId, table.createdAt.desc(), table.id.desc()),
    index('audit_entries_company_user_created').on(table.companyId, table.userId, table.createdAt.desc(), table.id.desc()),
    index('audit_entries_company_kind_created').on(table.companyId, table.kind, table.createdAt.desc(), table.id.desc()),
  ],
);
