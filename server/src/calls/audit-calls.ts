/**
 * The audit trail for a company's managers (docs/server.md, "Audit trail"): the company's entries only, newest first,
 * filtered by person, kind and China days, a page after the last entry shown, each page on an index
 * (company[, person | kind], time, id).
 */
import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditEntry } from '@app/contract/audit';
import { PAGE_SIZE } from '@app/contract/limits';
import { auditEntries } from '../db/schema/audit';
import { memberships } from '../db/schema/companies';
import { users } from '../db/schema/users';
import { requestedRange } from '../http/china-range';
import { invalidField } from '../http/api-failure';
import { defineCall } from '../http/define-call';

/** The same role check as managing the company's people. */
const MANAGER = { kind: 'company', anyOf: ['company_manage'] } as const;
const NEWEST_FIRST = [desc(auditEntries.createdAt), desc(auditEntries.id)];

type EntryRow = typeof auditEntries.$inferSelect & { userName: string | null };

function entryView(row: EntryRow): AuditEntry {
  return {
    id: row.id,
    userId: row.userId,
    userName: row.userName ?? '',
    role: row.role,
    kind: row.kind,
    objectType: row.objectType,
    objectId: row.objectId,
    summary: row.summary,
    requestId: row.requestId,
    ip: row.ip,
    createdAt: row.createdAt.toISOString(),
  };
}

const listAudit = defineCall('audit/list', {
  access: MANAGER,
  handler: async ({ company, body, services }) => {
    const db = services.db;
    const from = body.fromDay ? requestedRange('fromDay', '日期不存在', body.fromDay).start : null;
    const until = body.toDay ? requestedRange('toDay', '日期不存在', body.toDay).end : null;
    if (from && until && until <= from) throw invalidField('toDay', '结束日期不能早于开始日期');
    const conditions: (SQL | undefined)[] = [
      eq(auditEntries.companyId, company.id),
      body.userId ? eq(auditEntries.userId, body.userId.toLowerCase()) : undefined,
      body.kind ? eq(auditEntries.kind, body.kind) : undefined,
      from ? gte(auditEntries.createdAt, from) : undefined,
      until ? lt(auditEntries.createdAt, until) : undefined,
    ];
    if (body.after) {
      const after = body.after.toLowerCase();
      // The last entry shown, looked up in this company only: another company's id matches nothing.
      const shown = sql`(select ${auditEntries.createdAt} from ${auditEntries} where ${auditEntries.id} = ${after} and ${auditEntries.companyId} = ${company.id})`;
      // `<=` bounds the index scan; the pair then skips the entries of the same instant already shown.
      conditions.push(
        sql`${auditEntries.createdAt} <= ${shown}`,
        sql`(${auditEntries.createdAt} < ${shown} or ${auditEntries.id} < ${after})`,
      );
    }
    const pageSize = body.pageSize ?? PAGE_SIZE;
    const rows = await db
      .select({ entry: auditEntries, userName: users.nickname })
      .from(auditEntries)
      .leftJoin(users, eq(users.id, auditEntries.userId))
      .where(and(...conditions))
      .orderBy(...NEWEST_FIRST)
      .limit(pageSize + 1);
    const list = rows.slice(0, pageSize).map((row) => entryView({ ...row.entry, userName: row.userName }));
    return { list, hasMore: rows.length > pageSize };
  },
});

const listActors = defineCall('audit/actors', {
  access: MANAGER,
  handler: async ({ company, services }) => {
    const rows = await services.db
      .select({ userId: memberships.userId, name: users.nickname, roleName: memberships.roleName })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(memberships.companyId, company.id))
      .orderBy(asc(memberships.createdAt), asc(memberships.userId));
    return { list: rows };
  },
});

export const auditCalls = [listAudit, listActors];
