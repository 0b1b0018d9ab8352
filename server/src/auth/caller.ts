/**
 * Who is calling: the session behind the bearer token, its user, and the user's current company with the
 * permissions the user holds there. One prepared query, shared by the calls that arrive together.
 */
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { batchedRowLookup, type Database } from '../db/database';
import type { Permission } from '@app/contract/user';
import { companies, memberships } from '../db/schema/companies';
import { sessions, users } from '../db/schema/users';
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

/** One row of the caller query: the session, its user, and the user's current company and membership (or nulls). */
interface CallerRow extends Record<string, unknown> {
  tokenHash: string;
  userId: string;
  nickname: string;
  avatarUrl: string | null;
  username: string | null;
  tester: boolean;
  expired: boolean;
  roleName: string | null;
  permissions: Permission[] | null;
  companyId: string | null;
  companyName: string;
  qylx: string;
  businessTypes: string[];
  xsfNsrsbh: string;
  address: string;
  phone: string;
  bankName: string;
  bankAccount: string;
  code: string;
  serviceExpiresAt: Date;
}

/** The caller query for a batch of token hashes (`$1`), written with the schema's columns, prepared once per database. */
const CALLER_QUERY = new PgDialect().sqlToQuery(sql`
  select ${sessions.tokenHash} as "tokenHash", ${users.id} as "userId", ${users.nickname} as "nickname", ${users.avatarUrl} as "avatarUrl",
    ${users.username} as "username", ${users.tester} as "tester", ${sessions.expiresAt} < now() as "expired",
    ${memberships.roleName} as "roleName", ${memberships.permissions} as "permissions",
    ${companies.id} as "companyId", ${companies.name} as "companyName", ${companies.qylx} as "qylx", ${companies.businessTypes} as "businessTypes",
    ${companies.xsfNsrsbh} as "xsfNsrsbh", ${companies.address} as "address", ${companies.phone} as "phone", ${companies.bankName} as "bankName",
    ${companies.bankAccount} as "bankAccount", ${companies.code} as "code", ${companies.serviceExpiresAt} as "serviceExpiresAt"
  from ${sessions}
  inner join ${users} on ${users.id} = ${sessions.userId}
  left join ${memberships} on ${memberships.userId} = ${users.id} and ${memberships.companyId} = ${users.currentCompanyId}
  left join ${companies} on ${companies.id} = ${memberships.companyId}
  where ${sessions.tokenHash} = any($1::text[])`).sql;

export async function resolveCaller(db: Database, authorization: string | undefined): Promise<Caller> {
  const token = tokenFromHeader(authorization);
  if (!token) throw new ApiFailure(ErrorCode.NotSignedIn, '请先登录');
  // Concurrent calls share the query (see BatchedLookup: every answer is as fresh as a query of its own).
  const row = await batchedRowLookup<CallerRow>(db, 'resolve_callers', CALLER_QUERY, 'tokenHash').load(hashToken(token));
  if (!row) throw new ApiFailure(ErrorCode.NotSignedIn, '登录信息无效，请重新登录');
  if (row.expired) throw new ApiFailure(ErrorCode.SessionExpired, '登录已过期，请重新登录');
  return {
    userId: row.userId,
    nickname: row.nickname,
    avatarUrl: row.avatarUrl,
    username: row.username,
    tester: row.tester,
    company:
      row.companyId !== null && row.roleName !== null
        ? {
            id: row.companyId,
            name: row.companyName,
            qylx: row.qylx,
            businessTypes: row.businessTypes,
            xsfNsrsbh: row.xsfNsrsbh,
            address: row.address,
            phone: row.phone,
            bankName: row.bankName,
            bankAccount: row.bankAccount,
            code: row.code,
            serviceExpiresAt: row.serviceExpiresAt,
            roleName: row.roleName,
            permissions: row.permissions ?? [],
          }
        : null,
  };
}

/** Company user (docs/product.md, "Roles"): a company manager or holder of company_user_role. */
export function isCompanyUser(company: CallerCompany | null): boolean {
  return !!company && (company.permissions.includes('company_manage') || company.permissions.includes('company_user_role'));
}
