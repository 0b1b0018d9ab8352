/**
 * Joining a company: by its bind code, or by accepting a manager's invitation to the user's phone (never by the
 * manager alone: an account is never added without its owner's say). A membership is one row per user and company
 * (its primary key), so two joins at once give one membership and the other is told it exists; the role's permissions
 * come from `@app/domain/company-roles`.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { MEMBER_ROLES, type MemberRole } from '@app/domain/company-roles';
import type { Database } from '../db/database';
import { memberships, users } from '../db/schema';

/** Makes the user a member with the role: false when they already were. Their current company is set when they had none (or `makeCurrent`). */
export async function joinCompany(db: Database, userId: string, companyId: string, role: MemberRole, options: { makeCurrent?: boolean } = {}): Promise<boolean> {
  const { roleName, permissions } = MEMBER_ROLES[role];
  const inserted = await db
    .insert(memberships)
    .values({ userId, companyId, roleName, permissions: [...permissions] })
    .onConflictDoNothing()
    .returning({ userId: memberships.userId });
  if (!inserted.length) return false;
  await db
    .update(users)
    .set({ currentCompanyId: companyId })
    .where(options.makeCurrent ? eq(users.id, userId) : and(eq(users.id, userId), isNull(users.currentCompanyId)));
  return true;
}

/** Whether a member of the company signs in with this phone. */
export async function isMemberPhone(db: Database, companyId: string, phone: string): Promise<boolean> {
  const [member] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.companyId, companyId), eq(users.phone, phone)))
    .limit(1);
  return !!member;
}

export const isManager = sql`${memberships.permissions} @> '["company_manage"]'::jsonb`;
