/** People who sign in, their sign-in sessions and the steps of a sign-in in progress (server/src/auth). */
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** A person signed in through a provider; `username` and the agreement acceptances make up the "account". */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    providerSubject: text('provider_subject').notNull(),
    nickname: text('nickname').notNull(),
    avatarUrl: text('avatar_url'),
    phone: text('phone'),
    /** The account's username; empty for users who never set one up (they see no agreement gate). */
    username: text('username'),
    /** Testers may use the service while it is open to testers only (systemServiceConfig.available = self). */
    tester: boolean('tester').notNull().default(false),
    currentCompanyId: uuid('current_company_id'),
    /** Demo users are listed by the built-in demo sign-in provider. */
    demoLabel: text('demo_label'),
    demoOrder: integer('demo_order'),
    createdAt: createdAt(),
    /**
     * When the person deleted their account (注销账号, server/src/account): the row stays, anonymised, for the company
     * records that name it (shown as 已注销用户); its provider subject no longer matches, so signing in again starts anew.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('users_provider_subject').on(table.provider, table.providerSubject), index('users_phone').on(table.phone)],
);

/** Sign-in sessions: only the SHA-256 of the random 256-bit token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sessions_user').on(table.userId)],
);

/**
 * Pending OAuth sign-ins: the unguessable state, where to return, and the challenge of the browser that started the
 * sign-in (the SHA-256 of the verifier it keeps; null only in a state an older server stored, which is refused).
 */
export const oauthStates = pgTable('oauth_states', {
  state: text('state').primaryKey(),
  provider: text('provider').notNull(),
  returnUrl: text('return_url').notNull(),
  challenge: text('challenge'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * One-time sign-in codes (server/src/auth/sign-in-codes.ts): what a finished sign-in returns to the app with
 * (`?signin=`) instead of a session token. Only the SHA-256 of the code is kept, with the user it signs in and the
 * challenge of the browser that started the sign-in; the session is made when the code is exchanged with the verifier.
 */
export const signInCodes = pgTable(
  'sign_in_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    challenge: text('challenge').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sign_in_codes_expires').on(table.expiresAt)],
);

/**
 * The SMS code that confirms deleting an account (one per user, replaced by each sending): only its SHA-256, when it
 * was sent (one a minute), when it stops working, and the wrong tries so far.
 */
export const accountDeletionCodes = pgTable('account_deletion_codes', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  tries: integer('tries').notNull().default(0),
});
