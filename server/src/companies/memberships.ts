/**
 * Joining a company: by its bind code, or by accepting a manager's invitation to the user's phone (never by the
 * manager alone: an account is never added without its owner's say). A membership is one row per user and company
 * (its primary key), so two joins at once give one membership and the other is told it exists; the role's permissions
 * come from `@app/domain/company-roles`.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { MEMBER_ROLES, type MemberRole } from '@app/domain/company-roles';
import type { Database } from '../db/database';
import { memberInvitations, memberships } from '../db/schema/companies';
import { users } from '../db/schema/users';
import { ApiFailure, ErrorCode } from '../http/api-failure';

export type InvitationRow = typeof memberInvitations.$inferSelect;

const GONE = '该邀请不存在或已失效';

/**
 * Makes the user a member with the role: false when they already were. Their current company is set when they had none
 * (or `makeCurrent`). `at`: when they joined (now; the demo history's are past times, db/demo-history.ts).
 */
export async function joinCompany(
  db: Database,
  userId: string,
  companyId: string,
  role: MemberRole,
  options: { makeCurrent?: boolean; at?: Date } = {},
): Promise<boolean> {
  const { roleName, permissions } = MEMBER_ROLES[role];
  const inserted = await db
    .insert(memberships)
    .values({ userId, companyId, roleName, permissions: [...permissions], ...(options.at && { createdAt: options.at }) })
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

/** A manager's invitation of a phone to the company with a role (`companyUser/add`), in a transaction of its own. */
export async function inviteMember(
  db: Database,
  companyId: string,
  invited: { phone: string; name: string; role: MemberRole },
  createdBy: string,
  at?: Date,
): Promise<InvitationRow> {
  return db.transaction(async (tx) => {
    if (await isMemberPhone(tx, companyId, invited.phone)) throw new ApiFailure(ErrorCode.TaskStateConflict, '该手机号已是本企业员工');
    const [invitation] = await tx
      .insert(memberInvitations)
      .values({ companyId, ...invited, createdBy, ...(at && { createdAt: at }) })
      .onConflictDoNothing()
      .returning();
    if (!invitation) throw new ApiFailure(ErrorCode.TaskStateConflict, '已邀请该手机号，等待对方接受');
    return invitation;
  });
}

export async function phoneOf(db: Database, userId: string): Promise<string | null> {
  const [user] = await db.select({ phone: users.phone }).from(users).where(eq(users.id, userId));
  return user?.phone || null;
}

/** Takes the user's own invitation out of the store, so it is answered once (4004 when gone, 1004 when not theirs). */
export async function takeInvitation(db: Database, userId: string, id: string): Promise<InvitationRow> {
  const phone = await phoneOf(db, userId);
  const [taken] = phone
    ? await db
        .delete(memberInvitations)
        .where(and(eq(memberInvitations.id, id.toLowerCase()), eq(memberInvitations.phone, phone)))
        .returning()
    : [];
  if (taken) return taken;
  const [someone] = await db.select({ id: memberInvitations.id }).from(memberInvitations).where(eq(memberInvitations.id, id.toLowerCase()));
  throw someone ? new ApiFailure(ErrorCode.NoAccess, '无权处理该邀请') : new ApiFailure(ErrorCode.NotFound, GONE);
}

/** Accepts the user's invitation inside `tx`: taken out of the store, and the user a member with its role (at `at`). */
export async function joinByInvitation(tx: Database, userId: string, id: string, at?: Date): Promise<InvitationRow> {
  const invitation = await takeInvitation(tx, userId, id);
  // Already a member (they bound with a code meanwhile): the invitation is answered all the same.
  await joinCompany(tx, userId, invitation.companyId, invitation.role, { ...(at && { at }) });
  return invitation;
}
