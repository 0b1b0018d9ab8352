/**
 * The roles a company manager gives a member (docs/product.md, "Roles"), and the permissions each carries: one table
 * for the server (what a member may do) and the staff screens (what the picker offers and the list shows).
 */
export const MEMBER_ROLES = {
  manager: { roleName: '管理员', permissions: ['company_manage', 'company_user_role'] },
  employee: { roleName: '员工', permissions: ['company_user_role'] },
  taxi_manager: { roleName: '车队管理员', permissions: ['company_user_role', 'taxi_trip_manage'] },
  offline_pay_manager: { roleName: '收款管理员', permissions: ['company_user_role', 'benefit_payment'] },
} as const;

export type MemberRole = keyof typeof MEMBER_ROLES;
export const MEMBER_ROLE_KEYS = Object.keys(MEMBER_ROLES) as MemberRole[];

/** The role a set of permissions amounts to (the most powerful first), for members whose role was given before. */
export function roleOfPermissions(permissions: readonly string[]): MemberRole {
  if (permissions.includes('company_manage')) return 'manager';
  if (permissions.includes('taxi_trip_manage')) return 'taxi_manager';
  if (permissions.includes('benefit_payment')) return 'offline_pay_manager';
  return 'employee';
}

/** A mainland mobile number: 11 digits starting with 1 (how members are added and found). */
export const MOBILE_PATTERN = '^1[3-9]\\d{9}$';

export function mobileProblem(phone: string): string | null {
  if (!phone) return '请填写手机号';
  return new RegExp(MOBILE_PATTERN).test(phone) ? null : '请填写 11 位手机号';
}
