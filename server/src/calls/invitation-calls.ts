/**
 * The invited person's side of a manager's invitation (company-user-calls.ts): the invitations to the phone the user
 * signs in with, and accepting (joining with the invited role) or declining one. Only the person with that phone sees
 * or answers an invitation: another person's answers 1004, as another user's title does. An invitation is deleted as
 * it is answered (compare-and-set), so two answers at once count once.
 */
import { and, desc, eq } from 'drizzle-orm';
import { MEMBER_ROLES } from '@app/domain/company-roles';
import { joinCompany } from '../companies/memberships';
import type { Database } from '../db/database';
import { companies, memberInvitations, memberships, users } from '../db/schema';
import { ApiFailure, ErrorCode } from '../http/api-failure';
import { defineCall } from '../http/define-call';

const SHOWN_INVITATIONS = 50;
const GONE = '该邀请不存在或已失效';

async function phoneOf(db: Database, userId: string): Promise<string | null> {
  const [user] = await db.select({ phone: users.phone }).from(users).where(eq(users.id, userId));
  return user?.phone || null;
}

const myInvitations = defineCall('company/myInvitations', {
  access: { kind: 'user' },
  handler: async ({ caller, services }) => {
    const phone = await phoneOf(services.db, caller.userId);
    if (!phone) return { list: [] };
    const rows = await services.db
      .select({ id: memberInvitations.id, role: memberInvitations.role, createdAt: memberInvitations.createdAt, companyName: companies.name, xsfNsrsbh: companies.xsfNsrsbh })
      .from(memberInvitations)
      .innerJoin(companies, eq(companies.id, memberInvitations.companyId))
      .where(eq(memberInvitations.phone, phone))
      .orderBy(desc(memberInvitations.createdAt), desc(memberInvitations.id))
      .limit(SHOWN_INVITATIONS);
    return {
      list: rows.map((row) => ({ id: row.id, companyName: row.companyName, xsfNsrsbh: row.xsfNsrsbh, role: row.role, roleName: MEMBER_ROLES[row.role].roleName, invitedAt: row.createdAt.toISOString() })),
    };
  },
});

/** Takes the caller's own invitation out of the store, so it is answered once (4004 when gone, 1004 when not theirs). */
async function takeInvitation(db: Database, userId: string, id: string) {
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

const acceptInvitation = defineCall('company/acceptInvitation', {
  access: { kind: 'user' },
  rateLimit: { max: 30, windowMs: 60_000 },
  handler: async ({ caller, body, services }) =>
    services.db.transaction(async (tx) => {
      const invitation = await takeInvitation(tx, caller.userId, body.id);
      // Already a member (they bound with a code meanwhile): the invitation is answered all the same.
      await joinCompany(tx, caller.userId, invitation.companyId, invitation.role);
      const [joined] = await tx
        .select({ name: companies.name, current: users.currentCompanyId })
        .from(memberships)
        .innerJoin(companies, eq(companies.id, memberships.companyId))
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(and(eq(memberships.userId, caller.userId), eq(memberships.companyId, invitation.companyId)));
      if (!joined) throw new Error('company/acceptInvitation: no membership after joining');
      return { companyId: invitation.companyId, companyName: joined.name, current: joined.current === invitation.companyId };
    }),
});

const declineInvitation = defineCall('company/declineInvitation', {
  access: { kind: 'user' },
  rateLimit: { max: 30, windowMs: 60_000 },
  handler: async ({ caller, body, services }) => {
    const invitation = await takeInvitation(services.db, caller.userId, body.id);
    return { id: invitation.id };
  },
});

export const invitationCalls = [myInvitations, acceptInvitation, declineInvitation];
