/**
 * Who is calling: the session behind the bearer token, its user, and the user's current company with the
 * permissions the user holds there. One prepared query, shared by the calls that arrive while one is running.
 */
import { and, eq, sql } from 'drizzle-orm';
import { arrayLiteral, batchedLookup, type Database } from '../db/database';
import { companies, memberships, sessions, users, type Permission } from '../db/schema';
import { ApiFailure, ErrorCode } from '../http/api-failure';
import { hashToken } from './session-tokens';

export interface CallerCompany {
  id: string;
  name: string;
  qylx: string;
  businessTypes: string[];
  xsfNsrsbh: string;
  address: string;
  phone: string;
  bankName: string;
  bankAccount: string;
  code: string;
  serviceExpiresAt: Date;
  roleName: string;
  permissions: Permission[];
}

export interface Caller {
  userId: string;
  nickname: string;
  avatarUrl: string | null;
  username: string | null;
  tester: boolean;
  company: CallerCompany | null;
}

const BEARER = /^Bearer ([A-Za-z0-9_-]{20,100})$/;

export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  return BEARER.exec(header)?.[1] ?? null;
}

/** The caller query, prepared once per database (PostgreSQL keeps its plan per connection), for a batch of tokens. */
function callerQuery(db: Database) {
  return db
    .select({
      tokenHash: sessions.tokenHash,
      userId: users.id,
      nickname: users.nickname,
      avatarUrl: users.avatarUrl,
      username: users.username,
      tester: users.tester,
      expired: sql<boolean>`${sessions.expiresAt} < now()`,
      company: companies,
      roleName: memberships.roleName,
      permissions: memberships.permissions,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.companyId, users.currentCompanyId)))
    .leftJoin(companies, eq(companies.id, memberships.companyId))
    .where(sql`${sessions.tokenHash} = any(${sql.placeholder('tokenHashes')}::text[])`)
    .prepare('resolve_callers');
}

export async function resolveCaller(db: Database, authorization: string | undefined): Promise<Caller> {
  const token = tokenFromHeader(authorization);
  if (!token) throw new ApiFailure(ErrorCode.NotSignedIn, '请先登录');
  // Concurrent calls share the query (see BatchedLookup: every answer is as fresh as a query of its own).
  const callers = batchedLookup(db, 'callers', () => {
    const query = callerQuery(db);
    return async (tokenHashes) => new Map((await query.execute({ tokenHashes: arrayLiteral(tokenHashes) })).map((row) => [row.tokenHash, row]));
  });
  const row = await callers.load(hashToken(token));
  if (!row) throw new ApiFailure(ErrorCode.NotSignedIn, '登录信息无效，请重新登录');
  if (row.expired) throw new ApiFailure(ErrorCode.SessionExpired, '登录已过期，请重新登录');
  const company = row.company && row.roleName !== null ? { ...row.company, roleName: row.roleName, permissions: row.permissions ?? [] } : null;
  return {
    userId: row.userId,
    nickname: row.nickname,
    avatarUrl: row.avatarUrl,
    username: row.username,
    tester: row.tester,
    company: company
      ? {
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
          serviceExpiresAt: company.serviceExpiresAt,
          roleName: company.roleName,
          permissions: company.permissions,
        }
      : null,
  };
}

/** Company user (spec §6): a company manager or holder of company_user_role. */
export function isCompanyUser(company: CallerCompany | null): boolean {
  return !!company && (company.permissions.includes('company_manage') || company.permissions.includes('company_user_role'));
}
