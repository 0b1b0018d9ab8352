/** Invoices, their lines and deliveries, and customers' requests for invoices (server/src/invoices). */
import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { InvoiceKind, InvoiceParty, InvoiceStatus, InvoiceType, RedConfirmation, RedReason } from '@app/domain/invoice-document';
import type { TaxExemption } from '@app/domain/tax-maths';
import type { ApplicationStatus } from '@app/contract/invoice-application';
import type { DeliveryChannel } from '@app/contract/invoice';
import type { DeliveryRowState } from '../../delivery/delivery-state';
import { createdAt, updatedAt, fen } from './columns';
import { users } from './users';
import { companies, goods } from './companies';

/**
 * Invoices, blue and red. A row is written with its lines when the issuing task is created (status 开具中); the task
 * fills in the number and date (已开具) or the reason (开具失败). A red invoice points at the blue one it reverses
 * (`original_id`); what is left of a blue invoice is its total plus the (negative) totals of its red invoices that
 * did not fail. Buyer and seller are snapshots: an invoice never changes when a title or the company does.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    kind: text('kind').$type<InvoiceKind>().notNull(),
    type: text('type').$type<InvoiceType>().notNull(),
    status: text('status').$type<InvoiceStatus>().notNull().default('开具中'),
    /** The 20-digit number, once issued. */
    number: text('number').unique(),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    buyer: jsonb('buyer').$type<InvoiceParty>().notNull(),
    seller: jsonb('seller').$type<InvoiceParty>().notNull(),
    netFen: fen('net_fen'),
    taxFen: fen('tax_fen'),
    grossFen: fen('gross_fen'),
    remarks: text('remarks').notNull().default(''),
    issuer: text('issuer').notNull().default(''),
    deliverPhone: text('deliver_phone').notNull().default(''),
    deliverEmail: text('deliver_email').notNull().default(''),
    failReason: text('fail_reason'),
    taskId: uuid('task_id'),
    originalId: uuid('original_id'),
    redReason: text('red_reason').$type<RedReason>(),
    redConfirmation: jsonb('red_confirmation').$type<RedConfirmation>(),
    /** The customer's request this invoice answers, if any. */
    applicationId: uuid('application_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** When the list shows it: issued, or (not yet issued) created. The list's order and its month filter. */
    listedAt: timestamp('listed_at', { withTimezone: true }).notNull().generatedAlwaysAs(sql`coalesce(issued_at, created_at)`),
    /** The buyer's name, for the list's keyword (see `invoiceBuyers` and server/src/invoices/invoice-search.ts). */
    buyerName: text('buyer_name').notNull().generatedAlwaysAs(sql`coalesce(buyer ->> 'name', '')`),
  },
  // docs/architecture.md, "Lists that stay flat": an index for each filter of the list, in the list's order.
  (table) => [
    index('invoices_company_listed').on(table.companyId, table.listedAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('invoices_company_status_listed').on(
      table.companyId,
      table.status,
      table.listedAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('invoices_company_kind_listed').on(table.companyId, table.kind, table.listedAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    // The keyword: a buyer's invoices in the list's order, with what the list filters on (the migration adds INCLUDE
    // (kind, status): an index-only scan), and the numbers that end with a keyword of digits.
    index('invoices_company_buyer_listed').on(
      table.companyId,
      table.buyerName,
      table.listedAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('invoices_company_number_tail').on(table.companyId, sql`reverse(${table.number}) text_pattern_ops`),
    index('invoices_original').on(table.originalId),
    index('invoices_task').on(table.taskId),
  ],
);

/**
 * The buyer names of a company's invoices, each once: where the list's keyword finds its buyers (a trigram index over a
 * company's buyers, not its invoices). Written by a trigger on every insert into `invoices` (drizzle/0008).
 */
export const invoiceBuyers = pgTable(
  'invoice_buyers',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (table) => [
    primaryKey({ name: 'invoice_buyers_pk', columns: [table.companyId, table.name] }),
    index('invoice_buyers_name').using('gin', table.companyId, sql`${table.name} gin_trgm_ops`),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    /** 1-based; a red line has the number of the blue line it reverses. */
    lineNo: integer('line_no').notNull(),
    /** The goods the line was picked from (goods named by a line are archived, never deleted). */
    goodsId: uuid('goods_id').references(() => goods.id, { onDelete: 'set null' }),
    goodsName: text('goods_name').notNull(),
    taxShortName: text('tax_short_name').notNull(),
    taxCode: text('tax_code').notNull(),
    model: text('model').notNull().default(''),
    unit: text('unit').notNull().default(''),
    quantity: text('quantity'),
    /** Net unit price (不含税单价) as printed. */
    unitPrice: text('unit_price'),
    netFen: fen('net_fen'),
    taxFen: fen('tax_fen'),
    grossFen: fen('gross_fen'),
    ratePermille: integer('rate_permille'),
    taxFree: text('tax_free').$type<TaxExemption>(),
    /** A discount line (折扣行): the number of the line it discounts, which it follows (a red one: of the blue line). */
    discountOf: integer('discount_of'),
  },
  (table) => [primaryKey({ columns: [table.invoiceId, table.lineNo] }), index('invoice_lines_goods').on(table.goodsId)],
);

/** A customer's request for an invoice, sent from the company's shop code or one of its sub-codes. */
export const invoiceApplications = pgTable(
  'invoice_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    applicantId: uuid('applicant_id')
      .notNull()
      .references(() => users.id),
    source: text('source').$type<'店铺码' | '子码'>().notNull(),
    sourceName: text('source_name').notNull().default(''),
    buyer: jsonb('buyer').$type<InvoiceParty>().notNull(),
    goodsId: uuid('goods_id').references(() => goods.id, { onDelete: 'set null' }),
    goodsName: text('goods_name').notNull(),
    grossFen: fen('gross_fen'),
    remarks: text('remarks').notNull().default(''),
    deliverPhone: text('deliver_phone').notNull().default(''),
    deliverEmail: text('deliver_email').notNull().default(''),
    status: text('status').$type<ApplicationStatus>().notNull().default('待审核'),
    rejectReason: text('reject_reason'),
    invoiceId: uuid('invoice_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('invoice_applications_company').on(table.companyId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('invoice_applications_company_status').on(
      table.companyId,
      table.status,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('invoice_applications_applicant').on(table.applicantId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('invoice_applications_goods').on(table.goodsId),
  ],
);

/**
 * Each sending of an issued invoice to one address (server/src/delivery/): by its own task, pending → sending → sent,
 * or failed with the reason. `sending` is written before the message goes out and `sent` as soon as it has (in the
 * outbox's own transaction), so a retried task never sends twice (docs/server.md, "Delivering invoices").
 */
export const invoiceDeliveries = pgTable(
  'invoice_deliveries',
  {
    id: serial('id').primaryKey(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<DeliveryChannel>().notNull(),
    address: text('address').notNull(),
    state: text('state').$type<DeliveryRowState>().notNull().default('pending'),
    failReason: text('fail_reason'),
    attempts: integer('attempts').notNull().default(0),
    taskId: uuid('task_id'),
    /** Who asked for it with invoice/resend; null: sent as the invoice was issued. */
    requestedBy: uuid('requested_by'),
    /** A later delivery of the invoice on the same channel replaces it (invoice/list's deliveryFailed looks at the latest). */
    superseded: boolean('superseded').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (table) => [
    index('invoice_deliveries_invoice').on(table.invoiceId, table.channel, table.id),
    // invoice/list's deliveryFailed: the company's latest deliveries that failed, few beside its invoices.
    index('invoice_deliveries_company_failed').on(table.companyId).where(sql`${table.state} = 'failed' and not ${table.superseded}`),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** The built-in outbox (server/src/delivery/outbox.ts): what would have been sent, with the attachment; one a delivery. */
export const outboxMessages = pgTable('outbox_messages', {
  id: serial('id').primaryKey(),
  /** The invoice delivery it sends, or (an export's e-mail) the task that sends it: one message each. */
  deliveryId: integer('delivery_id')
    .unique()
    .references(() => invoiceDeliveries.id, { onDelete: 'cascade' }),
  exportTaskId: uuid('export_task_id').unique(),
  channel: text('channel').$type<DeliveryChannel>().notNull(),
  sender: text('sender').notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull().default(''),
  body: text('body').notNull(),
  messageId: text('message_id'),
  attachmentName: text('attachment_name'),
  attachment: bytea('attachment'),
  createdAt: createdAt(),
});
