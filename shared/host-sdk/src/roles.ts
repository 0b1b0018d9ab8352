/** The role rules of docs/product.md, "Roles", on the user detail's permissions. */
import type { TaxAccount } from '@app/contract/tax-account';
import type { Permission, UserDetail } from '@app/contract/user';

// The session's rules are the domain's, so that the server that answers the start-up for the page follows them too.
export { isTaxiUser, loadsCompanyData } from '@app/domain/session-data';

/** Company user: a company manager or holder of company_user_role. */
export function isCompanyUser(user: Pick<UserDetail, 'company' | 'permissions'> | null): boolean {
  return !!user?.company && (user.permissions.includes('company_manage') || user.permissions.includes('company_user_role'));
}

export function hasPermission(user: Pick<UserDetail, 'permissions'> | null, permission: Permission): boolean {
  return !!user?.permissions.includes(permission);
}

/** Whether the agreement gate applies: a company user whose account has a username and has not agreed. */
export function needsAgreement(user: UserDetail | null): boolean {
  return isCompanyUser(user) && !!user?.account.username && !user.account.agreed;
}

export type LoginMethod = 'sms' | 'qr';

/** SMS and QR when the account supports smscode; otherwise, or when the account query failed, QR only (docs/product.md, "Tasks"). */
export function loginMethods(account: TaxAccount | null | undefined, queryFailed: boolean): LoginMethod[] {
  if (queryFailed || !account) return ['qr'];
  return account.supportedLoginMethod.includes('smscode') ? ['sms', 'qr'] : ['qr'];
}

/** An account can log in unless its accountState is 2 or 3. */
export function canLogIn(account: TaxAccount | null | undefined): boolean {
  return !account || (account.accountState !== 2 && account.accountState !== 3);
}

export const LOGGED_IN = '已登录';
export const FACE_AUTHENTICATED = '已认证';

export function isTaxLoggedIn(account: TaxAccount | null | undefined): boolean {
  return account?.loginState === LOGGED_IN;
}

export function isFaceAuthenticated(account: TaxAccount | null | undefined): boolean {
  return account?.scanFaceState === FACE_AUTHENTICATED;
}
