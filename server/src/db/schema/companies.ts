/** Companies, their members and the ways to join them, their shop sub-codes and goods (server/src/companies). */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Permission } from '@app/contract/user';
import type { MemberRole } from '@app/domain/company-roles';
import { createdAt } from './columns';
import { users } from './users';

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
