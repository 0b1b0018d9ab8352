/** What the e-tax simulator remembers (server/src/etax/simulator). */
import { index, integer, pgSequence, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** The e-tax simulator's SMS inbox: what it "sent" to each phone. */
export const simSms = pgTable(
  'sim_sms',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    code: text('code').notNull(),
    gatewayRef: text('gateway_ref').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sim_sms_ref').on(table.gatewayRef)],
);

/** The e-tax simulator's sessions: a login or face authentication in progress at the "tax bureau". */
export const simSessions = pgTable('sim_sessions', {
  ref: text('ref').primaryKey(),
  kind: text('kind').$type<'login_sms' | 'login_qr' | 'face'>().notNull(),
  nsrsbh: text('nsrsbh').notNull(),
  phone: text('phone').notNull(),
  smsCode: text('sms_code'),
  scannedAt: timestamp('scanned_at', { withTimezone: true }),
  /** How many times the gateway started this session (the two-instance test counts them). */
  starts: integer('starts').notNull().default(1),
  createdAt: createdAt(),
});

/** The simulator's record of what it issued, by the task's reference: issuing the same ref twice gives the same number. */
export const simInvoices = pgTable('sim_invoices', {
  ref: text('ref').primaryKey(),
  kind: text('kind').$type<'blue' | 'red' | 'red_confirmation'>().notNull(),
  number: text('number').notNull().unique(),
  /** A red-letter confirmation form: its state (RED_CONFIRMATION_STATES). */
  state: text('state'),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  /** The simulated bureau voided it (verification answers 已作废). */
  voidedAt: timestamp('voided_at', { withTimezone: true }),
});

/**
 * What the simulated bureau was asked to issue, by ref, from the moment the request arrives: processing until it
 * answers, then issued or refused. A client that timed out asks it (`issueOutcome`) instead of guessing. A request
 * still processing after `answer_by` was lost with the process that handled it.
 */
export const simIssueRequests = pgTable('sim_issue_requests', {
  ref: text('ref').primaryKey(),
  state: text('state').$type<'processing' | 'issued' | 'refused'>().notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  answerBy: timestamp('answer_by', { withTimezone: true }).notNull(),
});

/** The simulator's invoice sequence (the last 15 digits of a number). */
export const simInvoiceSequence = pgSequence('sim_invoice_seq', { startWith: 1 });

/** The simulator's sequence of red-letter confirmation forms (the last 8 digits of a form's number): never an invoice's. */
export const simRedFormSequence = pgSequence('sim_red_form_seq', { startWith: 1 });
