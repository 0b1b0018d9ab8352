/** Companies' e-tax accounts (server/src/tax-accounts). */
import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { LoginIdentity } from '@app/contract/tax-account';
import { updatedAt } from './columns';
import { companies } from './companies';

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
