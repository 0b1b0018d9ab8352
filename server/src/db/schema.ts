/**
 * The one schema of the server (PGlite by default, PostgreSQL in production). Money is integer fen. Every
 * company-level row carries its company, and every query of company data is scoped to the caller's company.
 * Migrations are generated from this file (`pnpm --filter @app/server db:generate`) into `server/drizzle/`.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { InvoiceKind, InvoiceParty, InvoiceStatus, InvoiceType, RedConfirmation, RedReason } from '@app/domain/invoice-document';
import type { TaxExemption } from '@app/domain/tax-maths';
import type { LoginIdentity } from '@app/contract/tax-account';
import type { Permission } from '@app/contract/user';
import type { ApplicationStatus } from '@app/contract/invoice-application';
import type { TaskType } from '@app/contract/task-status';
import type { ClientFailureKind } from '@app/contract/client-report';
import type { LIFE_SERVICE_KINDS, LIFE_SERVICE_STATES } from '@app/contract/life-service';
import type { MemberRole } from '@app/domain/company-roles';
import type { EntryLabel, LedgerAccount, MovementKind } from '@app/domain/ledger-model';
import type { ORDER_STATES, PayChannel } from '@app/contract/payment';
import type { WITHDRAWAL_STATES } from '@app/contract/wallet';
import type { TripState } from '@app/contract/taxi';
import type { TicketSource, TicketType, TicketVerifyState } from '@app/domain/ticket';
import type { InvoiceDocumentLine } from '@app/domain/invoice-document';

type OrderState = (typeof ORDER_STATES)[number];
type WithdrawalState = (typeof WITHDRAWAL_STATES)[number];

type LifeServiceKind = (typeof LIFE_SERVICE_KINDS)[number];
type LifeServiceState = (typeof LIFE_SERVICE_STATES)[number];

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

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
  },
  (table) => [uniqueIndex('users_provider_subject').on(table.provider, table.providerSubject), index('users_phone').on(table.phone)],
);

export const companies = pgTable('companies', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** 企业类型 code. */
  qylx: text('qylx').notNull(),
  businessTypes: jsonb('business_types').$type<string[]>().notNull().default([]),
  /** Seller tax number (销方纳税人识别号). */
  xsfNsrsbh: text('xsf_nsrsbh').notNull().unique(),
  address: text('address').notNull().default(''),
  phone: text('phone').notNull().default(''),
  bankName: text('bank_name').notNull().default(''),
  bankAccount: text('bank_account').notNull().default(''),
  /** Short code customers scan to reach the company (shop code, company binding). */
  code: text('code').notNull().unique(),
  /** After this time the company's service has expired (errorCode 2003). */
  serviceExpiresAt: timestamp('service_expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

export const memberships = pgTable(
  'memberships',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** 角色 shown in the UI, e.g. 管理员, 员工. */
    roleName: text('role_name').notNull(),
    permissions: jsonb('permissions').$type<Permission[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.companyId] }),
    // companyUser/list's order (docs/architecture.md, "Lists that stay flat").
    index('memberships_company_created').on(table.companyId, table.createdAt, table.userId),
  ],
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

/** The service configuration: a single row (id 1). */
export const serviceConfig = pgTable('service_config', {
  id: integer('id').primaryKey().default(1),
  appHotLine: text('app_hot_line').notNull(),
  etaxAreas: jsonb('etax_areas').$type<{ code: string; name: string }[]>().notNull().default([]),
  available: text('available').$type<'all' | 'self' | 'none'>().notNull().default('all'),
  closeReason: text('close_reason').notNull().default(''),
  frontVersion: integer('front_version').notNull().default(100),
});

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
  },
  (table) => [primaryKey({ columns: [table.userId, table.agreementId] })],
);

/** The company's e-tax account (电子税务局账号). The password is encrypted at rest. */
export const taxAccounts = pgTable('tax_accounts', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  nsrsbh: text('nsrsbh').notNull(),
  /** 01 法定代表人, 02 财务负责人, 03 办税员, 09 开票员. */
  loginIdentity: text('login_identity').$type<LoginIdentity>().notNull(),
  /** The name on the e-tax account: the issuer (开票人) of invoices. */
  personName: text('person_name').notNull(),
  phone: text('phone').notNull(),
  idNumber: text('id_number').notNull().default(''),
  passwordEncrypted: text('password_encrypted').notNull().default(''),
  /** 0 normal; 2 and 3 locked or cancelled (cannot log in). */
  accountState: integer('account_state').notNull().default(0),
  loggedInAt: timestamp('logged_in_at', { withTimezone: true }),
  /** The tax-bureau login lasts until then. */
  expirationTime: timestamp('expiration_time', { withTimezone: true }),
  scanFaceTime: timestamp('scan_face_time', { withTimezone: true }),
  supportedLoginMethods: jsonb('supported_login_methods').$type<string[]>().notNull().default(['smscode', 'qrcode']),
  updatedAt: updatedAt(),
});

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
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    type: text('type').$type<TaskType>().notNull(),
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
    index('tasks_company_type_created').on(table.companyId, table.type, table.createdAt.desc().nullsFirst()),
    index('tasks_company_status_created').on(table.companyId, table.status, table.createdAt.desc().nullsFirst()),
    // The unfinished tasks (task/getMyTasks' "pending", the home summary): status not in (Succeeded, Failed).
    index('tasks_company_open').on(table.companyId, table.createdAt.desc().nullsFirst()).where(sql`${table.status} not in (1, -1)`), // = openTask
    index('tasks_due').on(table.nextRunAt).where(sql`${table.status} in (0, 10)`),
    // The worker's claim (tasks/task-worker.ts: `finished_at is null and next_run_at <= now() order by next_run_at`):
    // the due unfinished tasks, never a scan of every task a poll.
    index('tasks_unfinished_due').on(table.nextRunAt).where(sql`${table.finishedAt} is null`),
    uniqueIndex('tasks_request_serial').on(table.companyId, table.requestSerial),
  ],
);

/** An unfinished task: the predicate of the partial index `tasks_company_open`, written the same way so it is used. */
export const openTask = sql`${tasks.status} not in (1, -1)`;

export const cars = pgTable(
  'cars',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    licensePlateNumber: text('license_plate_number').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('cars_company_plate').on(table.companyId, table.licensePlateNumber)],
);

/** Company goods (开票商品): the invoice form picks lines from them. */
export const goods = pgTable(
  'goods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 税收分类编码, 19 digits, and its short name (e.g. 餐饮服务). */
    taxCode: text('tax_code').notNull(),
    taxShortName: text('tax_short_name').notNull(),
    model: text('model').notNull().default(''),
    unit: text('unit').notNull().default(''),
    /** Unit price including tax, in fen. */
    unitPriceFen: integer('unit_price_fen'),
    /** Per-mille rate (130 = 13%); null when taxFree says how the line is untaxed. */
    taxRatePermille: integer('tax_rate_permille'),
    taxFree: text('tax_free').$type<'免税' | '不征税' | null>(),
    createdAt: createdAt(),
    /**
     * Deleted goods that an invoice line, an application or a sub-code names: kept for them, but gone from every list
     * and from what new invoices, applications and sub-codes may pick.
     */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (table) => [
    index('goods_company_live').on(table.companyId, table.createdAt.desc().nullsFirst(), table.id).where(sql`${table.archivedAt} is null`),
  ], // = liveGoods
);

/** Goods not archived: the predicate of the partial index `goods_company_live`, written the same way so it is used. */
export const liveGoods = sql`${goods.archivedAt} is null`;

/** Invoice titles (抬头) of a user. */
export const titles = pgTable(
  'titles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'企业' | '个人'>().notNull(),
    name: text('name').notNull(),
    taxNumber: text('tax_number').notNull().default(''),
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    bankName: text('bank_name').notNull().default(''),
    bankAccount: text('bank_account').notNull().default(''),
    email: text('email').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [index('titles_user').on(table.userId)],
);

export const serviceHotlines = pgTable('service_hotlines', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  phone: text('phone').notNull(),
  serviceHours: text('service_hours').notNull().default(''),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** WeChat Work service contacts: one is chosen at random for each user who asks. */
export const serviceContacts = pgTable('service_contacts', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  wechatId: text('wechat_id').notNull(),
  /** Link the contact QR code encodes (WeChat Work "add contact" link). */
  contactUrl: text('contact_url').notNull(),
  enabled: boolean('enabled').notNull().default(true),
});

/**
 * A company's bind codes: who has one joins the company as an employee (`company/bind`). A new code revokes the
 * previous one (at most one is not revoked per company); a code works until it expires or is revoked.
 */
export const companyBindCodes = pgTable(
  'company_bind_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** 8 characters, upper case (matched case-insensitively by upper-casing what is typed). */
    code: text('code').notNull().unique(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('company_bind_codes_current').on(table.companyId).where(sql`${table.revokedAt} is null`)],
);

/**
 * Members a manager added by phone before that person had an account: claimed (turned into a membership) when a user
 * with that phone signs in.
 */
export const memberInvitations = pgTable(
  'member_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    name: text('name').notNull(),
    /** A key of MEMBER_ROLES (`@app/domain/company-roles`). */
    role: text('role').$type<MemberRole>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('member_invitations_company_phone').on(table.companyId, table.phone),
    index('member_invitations_phone').on(table.phone),
    index('member_invitations_company_created').on(table.companyId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
  ],
);

/** Sub-codes (子码) of a company's shop code: a cashier, a branch, a table; each its own QR code `/t/{code}`. */
export const subCodes = pgTable(
  'sub_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    code: text('code').notNull().unique(),
    /** Fixed goods and amount: both or neither. */
    goodsId: uuid('goods_id').references(() => goods.id, { onDelete: 'set null' }),
    amountFen: bigint('amount_fen', { mode: 'number' }),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [
    index('sub_codes_company_created').on(table.companyId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('sub_codes_goods').on(table.goodsId),
  ],
);

/** 生活服务入驻 requests: at most one under review per company. */
export const lifeServiceApplications = pgTable(
  'life_service_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    contactName: text('contact_name').notNull(),
    phone: text('phone').notNull(),
    city: text('city').notNull(),
    kind: text('kind').$type<LifeServiceKind>().notNull(),
    remarks: text('remarks').notNull().default(''),
    state: text('state').$type<LifeServiceState>().notNull().default('审核中'),
    createdAt: createdAt(),
  },
  (table) => [
    index('life_service_applications_company').on(table.companyId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    uniqueIndex('life_service_applications_open').on(table.companyId).where(sql`${table.state} = '审核中'`),
  ],
);

/** Short links `/t/{code}` → a path of the app. */
export const shortLinks = pgTable('short_links', {
  code: text('code').primaryKey(),
  target: text('target').notNull(),
  createdAt: createdAt(),
});

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

/** Amounts in fen that may exceed 2^31 (an invoice total of more than 21 million yuan). */
const fen = (name: string) => bigint(name, { mode: 'number' }).notNull();

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

/**
 * Issued invoices by company, China month (YYYYMM) and kind: count and gross, kept in the transaction that records an
 * invoice as issued, so the home summary and the statistics read one row instead of a month of invoices.
 */
export const invoiceMonthTotals = pgTable(
  'invoice_month_totals',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    month: integer('month').notNull(),
    kind: text('kind').$type<InvoiceKind>().notNull(),
    count: integer('count').notNull().default(0),
    grossFen: bigint('gross_fen', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.month, table.kind] })],
);

/**
 * Issued invoices by company, China day (YYYYMMDD) and kind: count and gross, kept beside `invoice_month_totals` in the
 * same compare-and-set step (statistics/invoice reads a range's days here: by day, or the partial first and last
 * months of a range by month).
 */
export const invoiceDayTotals = pgTable(
  'invoice_day_totals',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    day: integer('day').notNull(),
    kind: text('kind').$type<InvoiceKind>().notNull(),
    count: integer('count').notNull().default(0),
    grossFen: bigint('gross_fen', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.day, table.kind] })],
);

/**
 * The lines of issued invoices by company, China day (YYYYMMDD) and rate (per mille, or how they are untaxed): net,
 * tax and gross, red lines negative; kept with `invoice_day_totals` (and by month in `invoice_month_rate_totals`).
 * Rate and exemption may be null, and a null is one key (`NULLS NOT DISTINCT`).
 */
export const invoiceDayRateTotals = pgTable(
  'invoice_day_rate_totals',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    day: integer('day').notNull(),
    ratePermille: integer('rate_permille'),
    taxFree: text('tax_free').$type<TaxExemption>(),
    netFen: bigint('net_fen', { mode: 'number' }).notNull().default(0),
    taxFen: bigint('tax_fen', { mode: 'number' }).notNull().default(0),
    grossFen: bigint('gross_fen', { mode: 'number' }).notNull().default(0),
  },
  (table) => [unique('invoice_day_rate_totals_key').on(table.companyId, table.day, table.ratePermille, table.taxFree).nullsNotDistinct()],
);

/** `invoice_day_rate_totals` by China month (YYYYMM): statistics/invoice reads a range's whole months here. */
export const invoiceMonthRateTotals = pgTable(
  'invoice_month_rate_totals',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    month: integer('month').notNull(),
    ratePermille: integer('rate_permille'),
    taxFree: text('tax_free').$type<TaxExemption>(),
    netFen: bigint('net_fen', { mode: 'number' }).notNull().default(0),
    taxFen: bigint('tax_fen', { mode: 'number' }).notNull().default(0),
    grossFen: bigint('gross_fen', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    unique('invoice_month_rate_totals_key').on(table.companyId, table.month, table.ratePermille, table.taxFree).nullsNotDistinct(),
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

/** What was sent where (the simulated SMS / e-mail delivery of issued invoices). */
export const invoiceDeliveries = pgTable('invoice_deliveries', {
  id: serial('id').primaryKey(),
  invoiceId: uuid('invoice_id')
    .notNull()
    .references(() => invoices.id, { onDelete: 'cascade' }),
  channel: text('channel').$type<'phone' | 'email'>().notNull(),
  address: text('address').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
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

/**
 * The wallet's ledger (the rules are `@app/domain/ledger-model`): accounts, append-only transactions and their
 * entries, integer fen. A company has its three merchant accounts (made on first use), the platform its three system
 * accounts (company null, made by the migration). `balance` is the sum of the account's entries, kept in the same
 * transaction that posts them, under the account row's lock; a merchant balance is never negative (checked by the
 * poster before it writes, and by the database).
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<LedgerAccount>().notNull(),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('ledger_accounts_company_kind').on(table.companyId, table.kind),
    uniqueIndex('ledger_accounts_system_kind').on(table.kind).where(sql`${table.companyId} is null`),
    check('ledger_accounts_merchant_not_negative', sql`${table.companyId} is null or ${table.balance} >= 0`),
  ],
);

/** One movement of money: posted once per idempotency key (a notification's key, `settle:<orderNo>`, …). */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<MovementKind>().notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** What the wallet shows beside its entries (the order number, the withdrawal's account). */
    memo: text('memo').notNull().default(''),
    createdAt: createdAt(),
  },
  (table) => [index('ledger_transactions_company').on(table.companyId)],
);

/** The entries of a transaction (summing to zero), never updated or deleted. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'cascade' }),
    /** Copied from the account, so the wallet's list has an index of its own. */
    companyId: uuid('company_id'),
    accountKind: text('account_kind').$type<LedgerAccount>().notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    label: text('label').$type<EntryLabel>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('ledger_entries_transaction').on(table.transactionId),
    index('ledger_entries_account').on(table.accountId),
    // wallet/entries: the company's 冻结 and 可提现 entries, newest first (= walletEntry).
    index('ledger_entries_wallet')
      .on(table.companyId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.accountKind} in ('merchant_frozen', 'merchant_available')`),
  ],
);

/** An entry the wallet shows: the predicate of the partial index `ledger_entries_wallet`, written the same way. */
export const walletEntry = sql`${ledgerEntries.accountKind} in ('merchant_frozen', 'merchant_available')`;

/**
 * A customer's payment at a shop's cash desk (`/shop/{code}`): 待支付 until a verified notification (or the demo
 * provider) pays it, once. Income is frozen until `paid_at` + the settlement delay, then settled (`settled_at`).
 */
export const cashOrders = pgTable(
  'cash_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderNo: text('order_no').notNull().unique(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    subCodeId: uuid('sub_code_id').references(() => subCodes.id, { onDelete: 'set null' }),
    subCodeName: text('sub_code_name'),
    /** The sub-code's fixed goods, if it has them (the invoice's goods). */
    goodsId: uuid('goods_id').references(() => goods.id, { onDelete: 'set null' }),
    goodsName: text('goods_name'),
    payerId: uuid('payer_id')
      .notNull()
      .references(() => users.id),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    channel: text('channel').$type<PayChannel>().notNull(),
    state: text('state').$type<OrderState>().notNull().default('待支付'),
    providerTradeNo: text('provider_trade_no'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** The customer's invoice application (cash/applyInvoice), or the invoice the merchant issued (payment/issueInvoice). */
    applicationId: uuid('application_id'),
    invoiceId: uuid('invoice_id'),
    createdAt: createdAt(),
  },
  (table) => [
    // payment/list's income and the statistics: paid orders by company, newest first (= paidOrder).
    index('cash_orders_company_paid')
      .on(table.companyId, table.paidAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.paidAt} is not null`),
    index('cash_orders_company_channel_paid')
      .on(table.companyId, table.channel, table.paidAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.paidAt} is not null`),
    // Settlement: paid orders not settled yet, by company (= unsettledOrder).
    index('cash_orders_unsettled').on(table.companyId, table.paidAt).where(sql`${table.paidAt} is not null and ${table.settledAt} is null`),
    index('cash_orders_payer').on(table.payerId, table.createdAt.desc().nullsFirst()),
  ],
);

export const paidOrder = sql`${cashOrders.paidAt} is not null`;
export const unsettledOrder = sql`${cashOrders.paidAt} is not null and ${cashOrders.settledAt} is null`;

/** A merchant's withdrawal to its bank account: 审核中 until the payout task's outcome (已到账 or 失败). */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    feeFen: bigint('fee_fen', { mode: 'number' }).notNull(),
    state: text('state').$type<WithdrawalState>().notNull().default('审核中'),
    failReason: text('fail_reason'),
    /** The bank account paid to, masked, as it was when asked. */
    account: text('account').notNull(),
    bankName: text('bank_name').notNull().default(''),
    bankAccount: text('bank_account').notNull().default(''),
    requestSerial: text('request_serial').notNull(),
    taskId: uuid('task_id'),
    payoutNo: text('payout_no'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('withdrawals_request_serial').on(table.companyId, table.requestSerial),
    index('withdrawals_company_created').on(table.companyId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    // payment/list's expenses: withdrawals that did not fail (= spentWithdrawal).
    index('withdrawals_company_spent')
      .on(table.companyId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.state} <> '失败'`),
  ],
);

export const spentWithdrawal = sql`${withdrawals.state} <> '失败'`;

/**
 * 收支 totals by company, China month (YYYYMM) and channel (`bank` for withdrawals): kept in the transactions that pay
 * an order (income) and ask for or fail a withdrawal (expense, amount + fee), so payment/list's totals read a few rows.
 */
export const moneyMonthTotals = pgTable(
  'money_month_totals',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    month: integer('month').notNull(),
    channel: text('channel').notNull(),
    incomeFen: bigint('income_fen', { mode: 'number' }).notNull().default(0),
    incomeCount: integer('income_count').notNull().default(0),
    expenseFen: bigint('expense_fen', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.month, table.channel] })],
);

/**
 * `money_month_totals` by China day (YYYYMMDD): kept in the same transactions (statistics/income reads a range's days
 * here: by day, or the partial first and last months of a range by month; its whole months from the monthly totals).
 */
export const moneyDayTotals = pgTable(
  'money_day_totals',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    day: integer('day').notNull(),
    channel: text('channel').notNull(),
    incomeFen: bigint('income_fen', { mode: 'number' }).notNull().default(0),
    incomeCount: integer('income_count').notNull().default(0),
    expenseFen: bigint('expense_fen', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.day, table.channel] })],
);

/**
 * The payout simulator's record by reference: received (`processing`, written before any delay), then what it paid or
 * refused (a repeated payout answers the same; see payouts/payout-simulator.ts).
 */
export const simPayouts = pgTable('sim_payouts', {
  ref: text('ref').primaryKey(),
  state: text('state').$type<'processing' | 'paid' | 'failed'>().notNull(),
  payoutNo: text('payout_no'),
  reason: text('reason'),
  amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
  createdAt: createdAt(),
});

/**
 * Taxi trips: recorded by a driver of the company for one of its cars, shared with a passenger by a short
 * link, received by one passenger, invoiced at most once at a time. The plate is the car's as recorded (the car may be
 * removed: `car_id` becomes null). `state` is stored and moved on every transition (server/src/taxi/trip-records.ts),
 * so every filter of the lists is an index in the list's order (docs/architecture.md, "Lists that stay flat").
 */
export const taxiTrips = pgTable(
  'taxi_trips',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    carId: uuid('car_id').references(() => cars.id, { onDelete: 'set null' }),
    licensePlateNumber: text('license_plate_number').notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    fromPlace: text('from_place').notNull(),
    toPlace: text('to_place').notNull(),
    distanceMetres: integer('distance_metres').notNull(),
    fareFen: integer('fare_fen').notNull(),
    state: text('state').$type<TripState>().notNull().default('未分享'),
    /** The code of its short link `/t/{code}` (→ `/taxi/ride/{code}`), set once when first shared. */
    shareCode: text('share_code').unique(),
    receiverId: uuid('receiver_id').references(() => users.id),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    /** The title the passenger asked the invoice for (a snapshot), and where to send it. */
    invoiceBuyer: jsonb('invoice_buyer').$type<InvoiceParty>(),
    deliverPhone: text('deliver_phone').notNull().default(''),
    deliverEmail: text('deliver_email').notNull().default(''),
    /** The live invoice (开具中, 已开具 or 部分红冲); null again once it failed or was reversed in full. */
    invoiceId: uuid('invoice_id'),
    createdAt: createdAt(),
  },
  (table) => [
    index('taxi_trips_company_start').on(table.companyId, table.startTime.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('taxi_trips_company_state_start').on(
      table.companyId,
      table.state,
      table.startTime.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('taxi_trips_car_start').on(table.carId, table.startTime.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('taxi_trips_car_state_start').on(table.carId, table.state, table.startTime.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('taxi_trips_receiver_start').on(table.receiverId, table.startTime.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('taxi_trips_receiver_state_start').on(
      table.receiverId,
      table.state,
      table.startTime.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('taxi_trips_invoice').on(table.invoiceId),
  ],
);

/**
 * Trips by company, car and China day of their start (YYYYMMDD): count, fares and distance, added to in the
 * transaction that records each trip. `car_id` null is the row of all the company's cars; a removed car's rows stay.
 * queryTrips' totals sum the rows of the filter's days.
 */
export const taxiTripDayTotals = pgTable(
  'taxi_trip_day_totals',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    carId: uuid('car_id'),
    day: integer('day').notNull(),
    trips: integer('trips').notNull().default(0),
    fareFen: bigint('fare_fen', { mode: 'number' }).notNull().default(0),
    distanceMetres: bigint('distance_metres', { mode: 'number' }).notNull().default(0),
  },
  (table) => [unique('taxi_trip_day_totals_key').on(table.companyId, table.carId, table.day).nullsNotDistinct()],
);

/** The taxi invoices of a company (taxiInvoice/list, newest first) and the trips each covered (kept after a release). */
export const taxiInvoices = pgTable(
  'taxi_invoices',
  {
    invoiceId: uuid('invoice_id')
      .primaryKey()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [index('taxi_invoices_company').on(table.companyId, table.createdAt.desc().nullsFirst(), table.invoiceId.desc().nullsFirst())],
);

export const taxiInvoiceTrips = pgTable(
  'taxi_invoice_trips',
  {
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => taxiInvoices.invoiceId, { onDelete: 'cascade' }),
    tripId: uuid('trip_id')
      .notNull()
      .references(() => taxiTrips.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.invoiceId, table.tripId] }), index('taxi_invoice_trips_trip').on(table.tripId)],
);

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
export const ticketMonthTotals = pgTable(
  'ticket_month_totals',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    month: integer('month').notNull(),
    type: text('type').notNull(),
    verifyState: text('verify_state').$type<TicketVerifyState>().notNull(),
    reimbursed: boolean('reimbursed').notNull(),
    count: integer('count').notNull().default(0),
    netFen: bigint('net_fen', { mode: 'number' }).notNull().default(0),
    taxFen: bigint('tax_fen', { mode: 'number' }).notNull().default(0),
    grossFen: bigint('gross_fen', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    primaryKey({
      name: 'ticket_month_totals_pk',
      columns: [table.companyId, table.month, table.type, table.verifyState, table.reimbursed],
    }),
  ],
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
