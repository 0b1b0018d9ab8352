/** The ticket folder (票夹) of invoices companies received (server/src/tickets). */
import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TicketSource, TicketType, TicketVerifyState } from '@app/domain/ticket';
import type { InvoiceDocumentLine } from '@app/domain/invoice-document';
import { createdAt, updatedAt, fen } from './columns';
import { users } from './users';
import { companies } from './companies';
import { monthColumn, totalsTable } from './totals-table';

/**
 * The ticket folder (票夹; drizzle/0012): invoices the company received, once per company and invoice
 * (code, number). Changed only through server/src/tickets/ticket-records.ts, which keeps `ticket_month_totals` with
 * every change. `tax_fen`/`gross_fen` are null until a verification (or the issuing here) tells them.
 */
export const tickets = pgTable(
  'tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    source: text('source').$type<TicketSource>().notNull(),
    type: text('type').$type<TicketType>(),
    invoiceCode: text('invoice_code').notNull().default(''),
    number: text('number').notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    checkCodeLast6: text('check_code_last6').notNull().default(''),
    sellerName: text('seller_name').notNull().default(''),
    sellerTaxNumber: text('seller_tax_number').notNull().default(''),
    buyerName: text('buyer_name').notNull().default(''),
    buyerTaxNumber: text('buyer_tax_number').notNull().default(''),
    netFen: fen('net_fen'),
    taxFen: bigint('tax_fen', { mode: 'number' }),
    grossFen: bigint('gross_fen', { mode: 'number' }),
    redNetFen: bigint('red_net_fen', { mode: 'number' }).notNull().default(0),
    redTaxFen: bigint('red_tax_fen', { mode: 'number' }).notNull().default(0),
    redGrossFen: bigint('red_gross_fen', { mode: 'number' }).notNull().default(0),
    remarks: text('remarks').notNull().default(''),
    lines: jsonb('lines').$type<InvoiceDocumentLine[]>().notNull().default([]),
    verifyState: text('verify_state').$type<TicketVerifyState>().notNull().default('未查验'),
    verifyMessage: text('verify_message'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    verifyTaskId: uuid('verify_task_id'),
    reimbursed: boolean('reimbursed').notNull().default(false),
    reimbursedAt: timestamp('reimbursed_at', { withTimezone: true }),
    reimbursedBy: uuid('reimbursed_by').references(() => users.id),
    /** The invoice, when it was issued in this system. */
    invoiceId: uuid('invoice_id'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // docs/architecture.md, "Lists that stay flat": an index for each filter of the list, in the list's order.
  (table) => [
    uniqueIndex('tickets_company_invoice').on(table.companyId, table.invoiceCode, table.number),
    index('tickets_company_issued').on(table.companyId, table.issueDate.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('tickets_company_type_issued').on(table.companyId, table.type, table.issueDate.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('tickets_company_state_issued').on(
      table.companyId,
      table.verifyState,
      table.issueDate.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('tickets_company_reimbursed_issued').on(
      table.companyId,
      table.reimbursed,
      table.issueDate.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // The migration adds INCLUDE (the filters and the amounts): the keyword's index-only scan.
    index('tickets_company_seller_issued').on(
      table.companyId,
      table.sellerName,
      table.issueDate.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('tickets_company_number_tail').on(table.companyId, sql`reverse(${table.number}) text_pattern_ops`),
    index('tickets_invoice').on(table.invoiceId),
  ],
);

/**
 * The folder's totals by company, month of the issue date (YYYYMM) and the list's filters (`type` '' while unknown):
 * amounts net of red reversals, kept in the transaction of every change of a ticket (tickets/ticket-records.ts). Every
 * state has its rows; the totals read only the amounts of the states that count (`TICKET_COUNTED_STATES`).
 */
export const ticketMonthTotals = totalsTable(
  'ticket_month_totals',
  {
    month: monthColumn(),
    type: text('type').notNull(),
    verifyState: text('verify_state').$type<TicketVerifyState>().notNull(),
    reimbursed: boolean('reimbursed').notNull(),
  },
  { count: 'integer', netFen: 'bigint', taxFen: 'bigint', grossFen: 'bigint' },
  { primaryKeyName: 'ticket_month_totals_pk' },
);

/** A company's ticket seller names, each once (a trigger on `tickets` keeps it, drizzle/0012): the keyword's first step. */
export const ticketSellers = pgTable(
  'ticket_sellers',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (table) => [
    primaryKey({ name: 'ticket_sellers_pk', columns: [table.companyId, table.name] }),
    index('ticket_sellers_name').using('gin', table.companyId, sql`${table.name} gin_trgm_ops`),
  ],
);
