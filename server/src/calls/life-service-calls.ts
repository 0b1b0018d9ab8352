/**
 * 生活服务入驻: a company manager asks to join the life-services programme; the request is reviewed (审核中 → 已通过 |
 * 未通过) outside the app. A company has at most one request under review (a unique index on the open ones), so a
 * second while one waits, or two at once, is told to wait.
 */
import { recordAudit } from '../audit/audit-trail';
import { desc, eq } from 'drizzle-orm';
import type { LifeServiceApplication } from '@app/contract/life-service';
import { lifeServiceApplications } from '../db/schema/service';
import { ApiFailure, ErrorCode, invalidField } from '../http/api-failure';
import { defineCall } from '../http/define-call';

type Row = typeof lifeServiceApplications.$inferSelect;

function applicationView(row: Row): LifeServiceApplication {
  return {
    id: row.id,
    contactName: row.contactName,
    phone: row.phone,
    city: row.city,
    kind: row.kind,
    remarks: row.remarks,
    state: row.state,
    createdAt: row.createdAt.toISOString(),
  };
}

const apply = defineCall('lifeService/apply', {
  access: { kind: 'company', anyOf: ['company_manage'] },
  handler: async ({ caller, company, body, services }) => {
    const contactName = body.contactName.trim();
    const city = body.city.trim();
    if (!contactName) throw invalidField('contactName', '请填写联系人');
    if (!city) throw invalidField('city', '请填写所在城市');
    const created = await services.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(lifeServiceApplications)
        .values({
          companyId: company.id,
          userId: caller.userId,
          contactName,
          phone: body.phone,
          city,
          kind: body.kind,
          remarks: body.remarks.trim(),
        })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new ApiFailure(ErrorCode.TaskStateConflict, '您已提交申请，请等待审核');
      await recordAudit(tx, { type: 'lifeService', id: row.id, summary: `申请生活服务（${city}）` });
      return row;
    });
    return applicationView(created);
  },
});

const mine = defineCall('lifeService/mine', {
  access: { kind: 'company' },
  handler: async ({ company, services }) => {
    const [row] = await services.db
      .select()
      .from(lifeServiceApplications)
      .where(eq(lifeServiceApplications.companyId, company.id))
      .orderBy(desc(lifeServiceApplications.createdAt), desc(lifeServiceApplications.id))
      .limit(1);
    return row ? applicationView(row) : null;
  },
});

export const lifeServiceCalls = [apply, mine];
