/**
 * A company's bind code (绑定码): a manager makes one (the previous stops working) and hands it out as text or as the
 * link `/t/{code}`; whoever has it, signed in, sees which company it is (`company/previewBind`) and joins it as an
 * employee (`company/bind`), which makes it their current company. A code lasts 7 days, and removing a member revokes
 * it (company-user-calls.ts). Codes are 8 random characters of 32 (2^40 of them), never in the public short links
 * (companies/codes.ts), and every call that takes one is rate-limited, so guessing one is hopeless.
 */
import { MEMBER_ROLES } from '@app/domain/company-roles';
import { audited, recordAudit } from '../audit/audit-trail';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { BindCode } from '@app/contract/company';
import { newPrivateCode, normalisedCode, shortPathOf } from '../companies/codes';
import { joinCompany } from '../companies/memberships';
import type { Database } from '../db/database';
import { companies, companyBindCodes } from '../db/schema/companies';
import { ApiFailure, ErrorCode } from '../http/api-failure';
import { defineCall } from '../http/define-call';
import type { RateLimit } from '../http/rate-limiter';

export const BIND_CODE_LIFETIME_MS = 7 * 24 * 3600 * 1000;
/** A bind code joins its finder to the company: looked up slowly, by both calls together, per account and per address. */
const GUESSING: RateLimit = { name: 'bind-code', max: 10, windowMs: 60_000, perAddress: true };

type BindCodeRow = typeof companyBindCodes.$inferSelect;

function bindCodeView(row: BindCodeRow): BindCode {
  return { code: row.code, shortPath: shortPathOf(row.code), expiresAt: row.expiresAt.toISOString() };
}

/** The company a code binds to: refused alike when it is unknown, revoked or expired. */
async function companyOfCode(db: Database, typed: string) {
  const [row] = await db
    .select({ code: companyBindCodes, company: { id: companies.id, name: companies.name, xsfNsrsbh: companies.xsfNsrsbh } })
    .from(companyBindCodes)
    .innerJoin(companies, eq(companies.id, companyBindCodes.companyId))
    .where(eq(companyBindCodes.code, normalisedCode(typed)));
  if (!row || row.code.revokedAt || row.code.expiresAt.getTime() <= Date.now())
    throw new ApiFailure(ErrorCode.NotFound, '绑定码无效或已过期');
  return row.company;
}

const getBindCode = defineCall('company/getBindCode', {
  access: { kind: 'company', anyOf: ['company_manage'] },
  handler: async ({ company, services }) => {
    const [row] = await services.db
      .select()
      .from(companyBindCodes)
      .where(
        and(eq(companyBindCodes.companyId, company.id), isNull(companyBindCodes.revokedAt), gt(companyBindCodes.expiresAt, new Date())),
      )
      .orderBy(desc(companyBindCodes.createdAt))
      .limit(1);
    return row ? bindCodeView(row) : null;
  },
});

const createBindCode = defineCall('company/createBindCode', {
  access: { kind: 'company', anyOf: ['company_manage'] },
  handler: async ({ caller, company, services }) =>
    services.db.transaction(async (tx) => {
      // One code at a time per company (the unique index on the codes not revoked holds it too).
      await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, company.id)).for('update');
      const now = new Date();
      await tx
        .update(companyBindCodes)
        .set({ revokedAt: now })
        .where(and(eq(companyBindCodes.companyId, company.id), isNull(companyBindCodes.revokedAt)));
      const code = await newPrivateCode(tx);
      const [row] = await tx
        .insert(companyBindCodes)
        .values({
          companyId: company.id,
          code,
          createdBy: caller.userId,
          createdAt: now,
          expiresAt: new Date(now.getTime() + BIND_CODE_LIFETIME_MS),
        })
        .returning();
      if (!row) throw new Error('company/createBindCode: no row');
      await recordAudit(tx, { type: 'bindCode', id: row.id, summary: '生成员工绑定码（旧码作废）' });
      return bindCodeView(row);
    }),
});

const revokeBindCode = defineCall('company/revokeBindCode', {
  access: { kind: 'company', anyOf: ['company_manage'] },
  handler: async ({ company, services }) => {
    await audited(
      services.db,
      (tx) =>
        tx
          .update(companyBindCodes)
          .set({ revokedAt: new Date() })
          .where(and(eq(companyBindCodes.companyId, company.id), isNull(companyBindCodes.revokedAt))),
      () => ({ type: 'bindCode', id: null, summary: '作废员工绑定码' }),
    );
    return { revoked: true as const };
  },
});

const previewBind = defineCall('company/previewBind', {
  access: { kind: 'user' },
  rateLimit: GUESSING,
  handler: async ({ body, services }) => {
    const company = await companyOfCode(services.db, body.code);
    return { companyName: company.name, xsfNsrsbh: company.xsfNsrsbh };
  },
});

const bind = defineCall('company/bind', {
  access: { kind: 'user' },
  rateLimit: GUESSING,
  handler: async ({ caller, body, services }) =>
    services.db.transaction(async (tx) => {
      const company = await companyOfCode(tx, body.code);
      // The membership's primary key decides two binds at once: one joins, the other is told.
      const joined = await joinCompany(tx, caller.userId, company.id, 'employee', { makeCurrent: true });
      if (!joined) throw new ApiFailure(ErrorCode.TaskStateConflict, '您已是该企业的成员');
      const role = MEMBER_ROLES.employee.roleName;
      await recordAudit(tx, { type: 'company', id: company.id, summary: `凭绑定码加入企业，成为${role}`, companyId: company.id, role });
      return { companyId: company.id, companyName: company.name };
    }),
});

export const bindCodeCalls = [getBindCode, createBindCode, revokeBindCode, previewBind, bind];
