/** The company's e-tax account: loading it, whether it is logged in and authenticated today, and how clients see it. */
import { eq } from 'drizzle-orm';
import { chinaDate } from '@app/domain/china-time';
import { LOGIN_IDENTITIES, type TaxAccount } from '@app/contract/tax-account';
import type { Database } from '../db/database';
import { taxAccounts } from '../db/schema/tax-accounts';

export type TaxAccountRow = typeof taxAccounts.$inferSelect;

export function isLoggedIn(account: { expirationTime: Date | null }, now = new Date()): boolean {
  return !!account.expirationTime && account.expirationTime.getTime() > now.getTime();
}

/** Face authentication is good for the day it was done, in China. */
export function faceAuthenticatedToday(account: { scanFaceTime: Date | null }, now = new Date()): boolean {
  return !!account.scanFaceTime && chinaDate(account.scanFaceTime) === chinaDate(now);
}

export async function loadTaxAccount(db: Database, companyId: string): Promise<TaxAccountRow | undefined> {
  const [account] = await db.select().from(taxAccounts).where(eq(taxAccounts.companyId, companyId));
  return account;
}

function maskPhone(phone: string): string {
  return phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}

/** The tax account as clients see it (the password never leaves the server; the phone is masked). */
export function taxAccountView(account: TaxAccountRow): TaxAccount {
  return {
    nsrsbh: account.nsrsbh,
    loginIdentity: account.loginIdentity,
    loginIdentityName: LOGIN_IDENTITIES[account.loginIdentity] ?? account.loginIdentity,
    personName: account.personName,
    phone: maskPhone(account.phone),
    accountState: account.accountState,
    loginState: isLoggedIn(account) ? '已登录' : '未登录',
    expirationTime: account.expirationTime?.toISOString() ?? null,
    scanFaceState: faceAuthenticatedToday(account) ? '已认证' : '未认证',
    scanFaceTime: account.scanFaceTime?.toISOString() ?? null,
    supportedLoginMethod: account.supportedLoginMethods,
    passwordSet: account.passwordEncrypted !== '',
  };
}
