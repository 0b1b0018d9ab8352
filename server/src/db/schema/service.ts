/** The service's own settings and contacts, short links, and requests to join the life services (生活服务). */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { LIFE_SERVICE_KINDS, LIFE_SERVICE_STATES } from '@app/contract/life-service';
import { createdAt } from './columns';
import { users } from './users';
import { companies } from './companies';

type LifeServiceKind = (typeof LIFE_SERVICE_KINDS)[number];
type LifeServiceState = (typeof LIFE_SERVICE_STATES)[number];

/** The service configuration: a single row (id 1). */
export const serviceConfig = pgTable('service_config', {
  id: integer('id').primaryKey().default(1),
  appHotLine: text('app_hot_line').notNull(),
  etaxAreas: jsonb('etax_areas').$type<{ code: string; name: string }[]>().notNull().default([]),
  available: text('available').$type<'all' | 'self' | 'none'>().notNull().default('all'),
  closeReason: text('close_reason').notNull().default(''),
  frontVersion: integer('front_version').notNull().default(100),
});

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

/** Short links `/t/{code}` → a path of the app. */
export const shortLinks = pgTable('short_links', {
  code: text('code').primaryKey(),
  target: text('target').notNull(),
  createdAt: createdAt(),
});

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
