/** The user agreement (用户授权协议) and who accepted which version, with which 隐私政策 (server/src/agreements). */
import { integer, pgTable, primaryKey, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

/** 用户授权协议: versioned rich text, stored sanitised. */
export const agreements = pgTable('agreements', {
  id: serial('id').primaryKey(),
  version: text('version').notNull().unique(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  createdAt: createdAt(),
});

export const agreementAcceptances = pgTable(
  'agreement_acceptances',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    agreementId: integer('agreement_id')
      .notNull()
      .references(() => agreements.id),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
    /** The 隐私政策 version shown when the person agreed (`@app/domain/privacy-policy`); null before it was recorded. */
    privacyPolicyVersion: text('privacy_policy_version'),
  },
  (table) => [primaryKey({ columns: [table.userId, table.agreementId] })],
);
