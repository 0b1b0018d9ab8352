/**
 * The company's members, managed by its managers: the list (members and the invitations not accepted yet), inviting
 * someone by phone with a role, taking back an invitation, and removing a member. An invitation is only that: the
 * person with that phone accepts or declines it (invitation-calls.ts), and nothing about an account with that phone is
 * told to the manager before they accept. Removing a member ends their access to this company, and only that (their
 * sessions and other companies stay theirs); the bind codes made before it stop working, so they cannot walk back in
 * with the code they used. A company always keeps a manager: changes to one company's members are made one at a time
 * (its row is locked), so two managers removing each other at once cannot leave it with none.
 */
import { audited, recordAudit } from '../audit/audit-trail';
import { and, asc, desc, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { CompanyMember } from '@app/contract/company';
import { LIST_LIMIT } from '@app/contract/limits';
import { MEMBER_ROLES, roleOfPermissions } from '@app/domain/company-roles';
import { inviteMember } from '../companies/memberships';
import { companies, companyBindCodes, memberInvitations, memberships } from '../db/schema/companies';
import { users } from '../db/schema/users';
import { ApiFailure, ErrorCode, invalidField } from '../http/api-failure';
import { defineCall } from '../http/define-call';
import { cappedCount, containsPattern, pageWindow } from '../http/paging';

type InvitationRow = typeof memberInvitations.$inferSelect;

function invitationView(row: InvitationRow): CompanyMember {
  return {
    id: row.id,
    pending: true,
    name: row.name,
    phone: row.phone,
    role: row.role,
    roleName: MEMBER_ROLES[row.role].roleName,
    self: false,
    joinedAt: row.createdAt.toISOString(),
  };
}

/**
 * Pending invitations first (newest first), then the members in the order they joined; each part read through its
 * own index and the page cut from the two (docs/architecture.md, "Lists that stay flat").
 */
const listCompanyUsers = defineCall('companyUser/list', {
  access: { kind: 'company', anyOf: ['company_manage'] },
  handler: async ({ caller, company, body, services }) => {
    const db = services.db;
    const keyword = body.keyword?.trim();
    const pattern = keyword ? containsPattern(keyword) : null;
    const invitationWhere = and(
      eq(memberInvitations.companyId, company.id),
      pattern ? (or(ilike(memberInvitations.name, pattern), ilike(memberInvitations.phone, pattern)) as SQL) : undefined,
    );
    const memberWhere = and(
      eq(memberships.companyId, company.id),
      pattern
        ? inArray(
            memberships.userId,
            db
              .select({ id: users.id })
              .from(users)
              .where(or(ilike(users.nickname, pattern), ilike(users.phone, pattern))),
          )
        : undefined,
    );
    const invitationOrder = [desc(memberInvitations.createdAt), desc(memberInvitations.id)];
    const memberOrder = [asc(memberships.createdAt), asc(memberships.userId)];
    const { limit, offset } = pageWindow(body.page, body.pageSize);
    const [invitationTotal, memberTotal, invitations] = await Promise.all([
      cappedCount(db, memberInvitations, invitationWhere, invitationOrder),
      cappedCount(db, memberships, memberWhere, memberOrder),
      limit > 0
        ? db
            .select()
            .from(memberInvitations)
            .where(invitationWhere)
            .orderBy(...invitationOrder)
            .limit(limit)
            .offset(offset)
        : Promise.resolve([]),
    ]);
    const room = limit - invitations.length;
    const members =
      room > 0
        ? await db
            .select({
              userId: memberships.userId,
              permissions: memberships.permissions,
              roleName: memberships.roleName,
              createdAt: memberships.createdAt,
              nickname: users.nickname,
              phone: users.phone,
            })
            .from(memberships)
            .innerJoin(users, eq(users.id, memberships.userId))
            .where(memberWhere)
            .orderBy(...memberOrder)
            .limit(room)
            .offset(Math.max(0, offset - invitationTotal))
        : [];
    const list: CompanyMember[] = [
      ...invitations.map(invitationView),
      ...members.map((row) => ({
        id: row.userId,
        pending: false,
        name: row.nickname,
        phone: row.phone ?? '',
        role: roleOfPermissions(row.permissions),
        roleName: row.roleName,
        self: row.userId === caller.userId,
        joinedAt: row.createdAt.toISOString(),
      })),
    ];
    return { total: Math.min(invitationTotal + memberTotal, LIST_LIMIT), list };
  },
});

/**
 * Invites someone by phone: always an invitation, whether or not an account has that phone, which its owner accepts
 * or declines (so a manager can neither pull another company's member in nor learn who has a phone). Twice the same
 * phone: one is invited, the other told.
 */
const addCompanyUser = defineCall('companyUser/add', {
  access: { kind: 'company', anyOf: ['company_manage'] },
  handler: async ({ caller, company, body, services }) => {
    const name = body.name.trim();
    if (!name) throw invalidField('name', '请填写姓名');
    const invited = await audited(
      services.db,
      (tx) => inviteMember(tx, company.id, { phone: body.phone, name, role: body.role }, caller.userId),
      (row) => ({ type: 'invitation', id: row.id, summary: `邀请新员工，角色为${MEMBER_ROLES[row.role].roleName}` }),
    );
    return invitationView(invited);
  },
});

const cancelInvitation = defineCall('companyUser/cancelInvitation', {
  access: { kind: 'company', anyOf: ['company_manage'] },
  handler: async ({ company, body, services }) => {
    const id = body.id.toLowerCase();
    const [invitation] = await services.db
      .select({ companyId: memberInvitations.companyId, name: memberInvitations.name })
      .from(memberInvitations)
      .where(eq(memberInvitations.id, id));
    if (!invitation) throw new ApiFailure(ErrorCode.NotFound, '该邀请不存在或对方已处理');
    if (invitation.companyId !== company.id) throw new ApiFailure(ErrorCode.NoAccess, '无权操作该企业的邀请');
    const deleted = await audited(
      services.db,
      (tx) =>
        tx
          .delete(memberInvitations)
          .where(and(eq(memberInvitations.id, id), eq(memberInvitations.companyId, company.id)))
          .returning({ id: memberInvitations.id }),
      () => ({ type: 'invitation', id, summary: '撤回一条员工邀请' }),
    );
    if (!deleted.length) throw new ApiFailure(ErrorCode.NotFound, '该邀请不存在或对方已处理');
    return { id };
  },
});

const removeCompanyUser = defineCall('companyUser/remove', {
  access: { kind: 'company', anyOf: ['company_manage'] },
  rateLimit: { max: 30, windowMs: 60_000 },
  handler: async ({ company, body, services }) => {
    const userId = body.userId.toLowerCase();
    const bindCodeRevoked = await services.db.transaction(async (tx) => {
      await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, company.id)).for('update');
      const removedAt = new Date();
      const [member] = await tx
        .select()
        .from(memberships)
        .where(and(eq(memberships.companyId, company.id), eq(memberships.userId, userId)));
      if (!member) throw new ApiFailure(ErrorCode.NoAccess, '该用户不是本企业的员工');
      if (member.permissions.includes('company_manage')) {
        const [others] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(memberships)
          .where(
            and(
              eq(memberships.companyId, company.id),
              ne(memberships.userId, userId),
              sql`${memberships.permissions} @> '["company_manage"]'::jsonb`,
            ),
          );
        if ((others?.n ?? 0) === 0) throw new ApiFailure(ErrorCode.TaskStateConflict, '企业至少需要保留一名管理员');
      }
      await tx.delete(memberships).where(and(eq(memberships.companyId, company.id), eq(memberships.userId, userId)));
      await recordAudit(tx, { type: 'member', id: userId, summary: `移除一名${member.roleName}` });
      // Not another of their companies in its place: a request they send for this one must not land in another.
      await tx
        .update(users)
        .set({ currentCompanyId: null })
        .where(and(eq(users.id, userId), eq(users.currentCompanyId, company.id)));
      // Every live code was made before this (createBindCode takes the same lock).
      const revoked = await tx
        .update(companyBindCodes)
        .set({ revokedAt: removedAt })
        .where(and(eq(companyBindCodes.companyId, company.id), isNull(companyBindCodes.revokedAt)))
        .returning({ code: companyBindCodes.code });
      return revoked.length > 0;
    });
    return { removed: true as const, bindCodeRevoked };
  },
});

export const companyUserCalls = [listCompanyUsers, addCompanyUser, cancelInvitation, removeCompanyUser];
