/**
 * The invited person's side of a manager's invitation (company-user-calls.ts): the invitations to the phone the user
 * signs in with, and accepting (joining with the invited role) or declining one. Only the person with that phone sees
 * or answers an invitation: another person's answers 1004, as another user's title does. An invitation is deleted as
 * it is answered (compare-and-set), so two answers at once count once.
 */
import { audited, recordAudit } from '../audit/audit-trail';
import { and, desc, eq } from 'drizzle-orm';
import { MEMBER_ROLES } from '@app/domain/company-roles';
import { joinByInvitation, phoneOf, takeInvitation } from '../companies/memberships';
import { companies, memberInvitations, memberships } from '../db/schema/companies';
import { users } from '../db/schema/users';
import { defineCall } from '../http/define-call';

const SHOWN_INVITATIONS = 50;

const myInvitations = defineCall('company/myInvitations', {
  access: { kind: 'user' },
  handler: async ({ caller, services }) => {
    const phone = await phoneOf(services.db, caller.userId);
    if (!phone) return { list: [] };
    const rows = await services.db
      .select({
        id: memberInvitations.id,
        role: memberInvitations.role,
        createdAt: memberInvitations.createdAt,
        companyName: companies.name,
        xsfNsrsbh: companies.xsfNsrsbh,
      })
      .from(memberInvitations)
      .innerJoin(companies, eq(companies.id, memberInvitations.companyId))
      .where(eq(memberInvitations.phone, phone))
      .orderBy(desc(memberInvitations.createdAt), desc(memberInvitations.id))
      .limit(SHOWN_INVITATIONS);
    return {
      list: rows.map((row) => ({
        id: row.id,
        companyName: row.companyName,
        xsfNsrsbh: row.xsfNsrsbh,
        role: row.role,
        roleName: MEMBER_ROLES[row.role].roleName,
        invitedAt: row.createdAt.toISOString(),
      })),
    };
  },
});

const acceptInvitation = defineCall('company/acceptInvitation', {
  access: { kind: 'user' },
  rateLimit: { max: 30, windowMs: 60_000 },
  handler: async ({ caller, body, services }) =>
    services.db.transaction(async (tx) => {
      const invitation = await joinByInvitation(tx, caller.userId, body.id);
      const [joined] = await tx
        .select({ name: companies.name, current: users.currentCompanyId })
        .from(memberships)
        .innerJoin(companies, eq(companies.id, memberships.companyId))
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(and(eq(memberships.userId, caller.userId), eq(memberships.companyId, invitation.companyId)));
      if (!joined) throw new Error('company/acceptInvitation: no membership after joining');
      const role = MEMBER_ROLES[invitation.role].roleName;
      await recordAudit(tx, {
        type: 'invitation',
        id: invitation.id,
        summary: `接受邀请，成为${role}`,
        companyId: invitation.companyId,
        role,
      });
      return { companyId: invitation.companyId, companyName: joined.name, current: joined.current === invitation.companyId };
    }),
});

const declineInvitation = defineCall('company/declineInvitation', {
  access: { kind: 'user' },
  rateLimit: { max: 30, windowMs: 60_000 },
  handler: async ({ caller, body, services }) => {
    const invitation = await audited(
      services.db,
      (tx) => takeInvitation(tx, caller.userId, body.id),
      (taken) => ({ type: 'invitation', id: taken.id, summary: '拒绝邀请', companyId: taken.companyId, role: null }),
    );
    return { id: invitation.id };
  },
});

export const invitationCalls = [myInvitations, acceptInvitation, declineInvitation];
