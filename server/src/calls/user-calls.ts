/** user/getOfficialAccountLoginUserInfo and the company switch. */
import { and, asc, count, desc, eq } from 'drizzle-orm';
import Type from 'typebox';
import { isCompanyUser, type Caller } from '../auth/caller';
import type { Database } from '../db/database';
import { agreementAcceptances, agreements, companies, memberships, users } from '../db/schema';
import { ApiFailure, ErrorCode } from '../http/api-failure';
import { defineCall } from '../http/define-call';
import { Body, Empty, Id, Paging, pageWindow, Text } from '../http/schemas';

export async function latestAgreementId(db: Database): Promise<number | null> {
  const [latest] = await db.select({ id: agreements.id }).from(agreements).orderBy(desc(agreements.id)).limit(1);
  return latest?.id ?? null;
}

async function hasAgreed(db: Database, userId: string): Promise<boolean> {
  const latest = await latestAgreementId(db);
  if (latest === null) return true;
  const [row] = await db
    .select({ n: count() })
    .from(agreementAcceptances)
    .where(and(eq(agreementAcceptances.userId, userId), eq(agreementAcceptances.agreementId, latest)));
  return (row?.n ?? 0) > 0;
}

/** The user detail of spec §3: id, company flag, companyInfo, permissions; plus the account (username, agreed). */
export async function userDetail(db: Database, caller: Caller) {
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
    account: { username: caller.username, agreed: await hasAgreed(db, caller.userId) },
    tester: caller.tester,
  };
}

export const getOfficialAccountLoginUserInfo = defineCall({
  path: 'user/getOfficialAccountLoginUserInfo',
  body: Empty,
  access: { kind: 'user' },
  handler: async ({ caller, services }) => userDetail(services.db, caller),
});

export const getMyCompanies = defineCall({
  path: 'company/getMyCompanies',
  body: Body({ keyword: Type.Optional(Text('关键字', 50)), ...Paging }),
  access: { kind: 'user' },
  handler: async ({ caller, body, services }) => {
    const { limit, offset } = pageWindow(body.page, body.pageSize);
    const rows = await services.db
      .select({ id: companies.id, name: companies.name, xsfNsrsbh: companies.xsfNsrsbh, roleName: memberships.roleName, permissions: memberships.permissions })
      .from(memberships)
      .innerJoin(companies, eq(companies.id, memberships.companyId))
      .where(eq(memberships.userId, caller.userId))
      .orderBy(asc(companies.name));
    const keyword = body.keyword?.trim();
    const matching = keyword ? rows.filter((row) => row.name.includes(keyword) || row.xsfNsrsbh.includes(keyword.toUpperCase())) : rows;
    return {
      total: matching.length,
      list: matching.slice(offset, offset + limit).map((row) => ({ ...row, current: row.id === caller.company?.id })),
    };
  },
});

export const changeCompany = defineCall({
  path: 'company/changeCompany',
  body: Body({ id: Id('企业编号') }),
  access: { kind: 'user' },
  handler: async ({ caller, body, services }) => {
    const [membership] = await services.db
      .select({ companyId: memberships.companyId })
      .from(memberships)
      .where(and(eq(memberships.userId, caller.userId), eq(memberships.companyId, body.id)));
    if (!membership) throw new ApiFailure(ErrorCode.NoAccess, '您不是该企业的成员');
    await services.db.update(users).set({ currentCompanyId: body.id }).where(eq(users.id, caller.userId));
    return { id: body.id };
  },
});
