/**
 * The company's members, managed by its managers. Removing a member ends every session of theirs (they sign in again
 * and see the companies they still belong to), and a company always keeps a manager: changes to one company's members
 * are made one at a time (its row is locked), so two managers removing each other at once cannot leave it with none.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { companies, memberships, sessions, users } from '../db/schema';
import { ApiFailure, ErrorCode } from '../http/api-failure';
import { defineCall } from '../http/define-call';

const removeCompanyUser = defineCall('companyUser/remove', {
  access: { kind: 'company', anyOf: ['company_manage'] },
  rateLimit: { max: 30, windowMs: 60_000 },
  handler: async ({ company, body, services }) => {
    const userId = body.userId.toLowerCase();
    await services.db.transaction(async (tx) => {
      await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, company.id)).for('update');
      const [member] = await tx
        .select()
        .from(memberships)
        .where(and(eq(memberships.companyId, company.id), eq(memberships.userId, userId)));
      if (!member) throw new ApiFailure(ErrorCode.NoAccess, '该用户不是本企业的员工');
      if (member.permissions.includes('company_manage')) {
        const [others] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(memberships)
          .where(and(eq(memberships.companyId, company.id), ne(memberships.userId, userId), sql`${memberships.permissions} @> '["company_manage"]'::jsonb`));
        if ((others?.n ?? 0) === 0) throw new ApiFailure(ErrorCode.TaskStateConflict, '企业至少需要保留一名管理员');
      }
      await tx.delete(memberships).where(and(eq(memberships.companyId, company.id), eq(memberships.userId, userId)));
      // Their current company is gone: the next sign-in starts in another of theirs, or none.
      await tx
        .update(users)
        .set({ currentCompanyId: sql`(select ${memberships.companyId} from ${memberships} where ${memberships.userId} = ${userId} order by ${memberships.createdAt} limit 1)` })
        .where(and(eq(users.id, userId), eq(users.currentCompanyId, company.id)));
      await tx.delete(sessions).where(eq(sessions.userId, userId));
    });
    return { removed: true };
  },
});

export const companyUserCalls = [removeCompanyUser];
