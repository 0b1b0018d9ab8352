/**
 * Joining a company: by its bind code, by a manager adding a phone that has an account, or by signing in with a phone
 * a manager added before (an invitation). A membership is one row per user and company (its primary key), so two
 * joins at once give one membership and the other is told it exists; the role's permissions come from
 * `@app/domain/company-roles`.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { MEMBER_ROLES, type MemberRole } from '@app/domain/company-roles';
import type { Database } from '../db/database';
import { memberInvitations, memberships, users } from '../db/schema';

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

/**
 * Turns the invitations of the user's phone into memberships (every sign-in path calls this when it makes the
 * session): the member sees the company from this sign-in on. An invitation is deleted as it is claimed, so two
 * sign-ins at once claim it once.
 */
export async function claimInvitations(db: Database, userId: string): Promise<number> {
  const [user] = await db.select({ phone: users.phone }).from(users).where(eq(users.id, userId));
  if (!user?.phone) return 0;
  const phone = user.phone;
  return db.transaction(async (tx) => {
    const claimed = await tx.delete(memberInvitations).where(eq(memberInvitations.phone, phone)).returning();
    for (const invitation of claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())) {
      await joinCompany(tx, userId, invitation.companyId, invitation.role);
    }
    return claimed.length;
  });
}

/** Whether the user with this phone, if any (the first by creation when several share it). */
export async function userWithPhone(db: Database, phone: string): Promise<{ id: string; nickname: string; currentCompanyId: string | null } | null> {
  const [user] = await db
    .select({ id: users.id, nickname: users.nickname, currentCompanyId: users.currentCompanyId })
    .from(users)
    .where(eq(users.phone, phone))
    .orderBy(users.createdAt, users.id)
    .limit(1);
  return user ?? null;
}

export const isManager = sql`${memberships.permissions} @> '["company_manage"]'::jsonb`;
