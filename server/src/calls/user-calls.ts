/** Who is signed in (the user detail), signing out, the user's companies and switching between them. */
import { and, asc, eq } from 'drizzle-orm';
import type { UserDetail } from '@app/contract/user';
import { acceptanceState } from '../agreements/agreement-acceptance';
import { isCompanyUser, tokenFromHeader, type Caller } from '../auth/caller';
import { revokeSession } from '../auth/session-tokens';
import type { Database } from '../db/database';
import { companies, memberships } from '../db/schema/companies';
import { users } from '../db/schema/users';
import { ApiFailure, ErrorCode } from '../http/api-failure';
import { defineCall } from '../http/define-call';
import { cappedTotal, pageWindow } from '../http/paging';

/** The user detail: id, company flag, companyInfo, permissions; plus the account (username, agreed, 隐私政策 version). */
async function userDetail(db: Database, caller: Caller): Promise<UserDetail> {
  const company = caller.company;
  return {
    id: caller.userId,
    nickname: caller.nickname,
    avatarUrl: caller.avatarUrl,
    company: company !== null,
    companyUser: isCompanyUser(company),
    companyInfo: company && {
      id: company.id,
      name: company.name,
      qylx: company.qylx,
      businessTypes: company.businessTypes,
      xsfNsrsbh: company.xsfNsrsbh,
      address: company.address,
      phone: company.phone,
      bankName: company.bankName,
      bankAccount: company.bankAccount,
      code: company.code,
      roleName: company.roleName,
      serviceExpiresAt: company.serviceExpiresAt.toISOString(),
    },
    permissions: company?.permissions ?? [],
    account: { username: caller.username, ...(await acceptanceState(db, caller.userId)) },
    tester: caller.tester,
  };
}

const getOfficialAccountLoginUserInfo = defineCall('user/getOfficialAccountLoginUserInfo', {
  access: { kind: 'user' },
  handler: async ({ caller, services }) => userDetail(services.db, caller),
});

/** Signs out: the session of this token ends on the server (the client forgets the token too). */
const signOut = defineCall('user/signOut', {
  access: { kind: 'user' },
  handler: async ({ request, services }) => {
    const token = tokenFromHeader(request.headers.authorization);
    if (token) await revokeSession(services.db, token);
    return { signedOut: true };
  },
});

const getMyCompanies = defineCall('company/getMyCompanies', {
  access: { kind: 'user' },
  handler: async ({ caller, body, services }) => {
    const { limit, offset } = pageWindow(body.page, body.pageSize);
    const rows = await services.db
      .select({
        id: companies.id,
        name: companies.name,
        xsfNsrsbh: companies.xsfNsrsbh,
        roleName: memberships.roleName,
        permissions: memberships.permissions,
      })
      .from(memberships)
      .innerJoin(companies, eq(companies.id, memberships.companyId))
      .where(eq(memberships.userId, caller.userId))
      .orderBy(asc(companies.name));
    const keyword = body.keyword?.trim();
    const matching = keyword ? rows.filter((row) => row.name.includes(keyword) || row.xsfNsrsbh.includes(keyword.toUpperCase())) : rows;
    return {
      total: cappedTotal(matching.length),
      list: matching.slice(offset, offset + limit).map((row) => ({ ...row, current: row.id === caller.company?.id })),
    };
  },
});

const changeCompany = defineCall('company/changeCompany', {
  access: { kind: 'user' },
  handler: async ({ caller, body, services }) => {
    const id = body.id.toLowerCase();
    const [membership] = await services.db
      .select({ companyId: memberships.companyId })
      .from(memberships)
      .where(and(eq(memberships.userId, caller.userId), eq(memberships.companyId, id)));
    if (!membership) throw new ApiFailure(ErrorCode.NoAccess, '您不是该企业的成员');
    await services.db.update(users).set({ currentCompanyId: id }).where(eq(users.id, caller.userId));
    return { id };
  },
});

export const userCalls = [getOfficialAccountLoginUserInfo, signOut, getMyCompanies, changeCompany];
