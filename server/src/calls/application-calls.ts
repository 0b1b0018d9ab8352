/**
 * Customers' invoice applications (开票申请), sent from the company's shop code or a sub-code: the customer submits
 * and follows them; the merchant approves (which issues the invoice, or leaves it 待开票 while the tax-bureau login
 * or today's face authentication is missing), rejects with a reason, or issues the waiting ones.
 * 待审核 → 已拒绝 | 待开票 | 开票中 → 已开具 (→ 已交付 once sent) | 开具失败 (retry from the task).
 * Every transition is compare-and-set (`where status = expected`): of an approval and a rejection at the same moment
 * one wins and the other is told what happened, so a rejected application is never issued.
 */
import { audited, recordAudit, type AuditObject } from '../audit/audit-trail';
import { formatYuan } from '@app/domain/money';
import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Application, IssueResult } from '@app/contract/invoice-application';
import type { CallerCompany } from '../auth/caller';
import type { Database } from '../db/database';
import { companies } from '../db/schema/companies';
import { invoiceApplications, invoices } from '../db/schema/invoices';
import { ApiFailure, ErrorCode, invalidField } from '../http/api-failure';
import { defineCall } from '../http/define-call';
import { cappedCount, pageWindow } from '../http/paging';
import { createApplication, decided, defaultGoods, issueApplication, transition, type ApplicationRow } from '../invoices/applications';
import { readiness } from '../invoices/invoice-steps';

function applicationView(
  row: ApplicationRow,
  companyName: string,
  blockedReason: string | null,
  taskId: string | null = null,
): Application {
  return {
    id: row.id,
    status: row.status,
    companyName,
    buyer: row.buyer,
    grossFen: row.grossFen,
    goodsName: row.goodsName,
    remarks: row.remarks,
    deliverPhone: row.deliverPhone,
    deliverEmail: row.deliverEmail,
    rejectReason: row.rejectReason,
    blockedReason: row.status === '待开票' ? blockedReason : null,
    invoiceId: row.invoiceId,
    /** The task issuing its invoice (follow it on the task detail page). */
    taskId,
    source: row.source,
    sourceName: row.sourceName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const submitApplication = defineCall('invoiceApplication/submit', {
  access: { kind: 'user' },
  rateLimit: { max: 20, windowMs: 60_000 },
  handler: async ({ caller, body, services }) => {
    const [company] = await services.db.select().from(companies).where(eq(companies.code, body.companyCode));
    if (!company) throw new ApiFailure(ErrorCode.NotFound, '商户不存在或二维码已失效');
    const item = await defaultGoods(services.db, company.id);
    const subCode = body.subCode?.trim();
    const id = await audited(
      services.db,
      (tx) =>
        createApplication(tx, {
          companyId: company.id,
          applicantId: caller.userId,
          source: subCode ? '子码' : '店铺码',
          sourceName: subCode || company.name,
          buyer: body.buyer,
          goods: item,
          grossFen: body.grossFen,
          remarks: body.remarks ?? '',
          deliverPhone: body.deliverPhone ?? '',
          deliverEmail: body.deliverEmail ?? '',
        }),
      (created) => ({
        type: 'application',
        id: created,
        summary: `向「${company.name}」申请开票 ${formatYuan(body.grossFen)}`,
        companyId: company.id,
      }),
    );
    return { id };
  },
});

const myApplications = defineCall('invoiceApplication/mine', {
  access: { kind: 'user' },
  handler: async ({ caller, body, services }) => {
    const where = eq(invoiceApplications.applicantId, caller.userId);
    const { limit, offset } = pageWindow(body.page, body.pageSize);
    const [rows, total] = await Promise.all([
      services.db
        .select({ application: invoiceApplications, companyName: companies.name })
        .from(invoiceApplications)
        .innerJoin(companies, eq(companies.id, invoiceApplications.companyId))
        .where(where)
        .orderBy(...NEWEST_FIRST)
        .limit(limit)
        .offset(offset),
      cappedCount(services.db, invoiceApplications, where, NEWEST_FIRST),
    ]);
    return { total, list: rows.map((row) => applicationView(row.application, row.companyName, null)) };
  },
});

/** The order of both application lists (their indexes: company or applicant, then this). */
const NEWEST_FIRST = [desc(invoiceApplications.createdAt), desc(invoiceApplications.id)];

async function blockedReasonOf(db: Database, companyId: string): Promise<string | null> {
  const ready = await readiness(db, companyId);
  return 'reason' in ready ? ready.reason : null;
}

const listApplications = defineCall('invoiceApplication/list', {
  access: { kind: 'company' },
  handler: async ({ company, body, services }) => {
    const conditions: SQL[] = [eq(invoiceApplications.companyId, company.id)];
    if (body.status) conditions.push(eq(invoiceApplications.status, body.status));
    const where = and(...conditions);
    const { limit, offset } = pageWindow(body.page, body.pageSize);
    const [rows, total, blocked] = await Promise.all([
      services.db
        .select({ application: invoiceApplications, taskId: invoices.taskId })
        .from(invoiceApplications)
        .leftJoin(invoices, eq(invoices.id, invoiceApplications.invoiceId))
        .where(where)
        .orderBy(...NEWEST_FIRST)
        .limit(limit)
        .offset(offset),
      cappedCount(services.db, invoiceApplications, where, NEWEST_FIRST),
      blockedReasonOf(services.db, company.id),
    ]);
    return { total, list: rows.map((row) => applicationView(row.application, company.name, blocked, row.taskId)) };
  },
});

async function companyApplications(db: Database, company: CallerCompany, ids: readonly string[]): Promise<ApplicationRow[]> {
  const rows = await db
    .select()
    .from(invoiceApplications)
    .where(
      inArray(
        invoiceApplications.id,
        ids.map((id) => id.toLowerCase()),
      ),
    );
  if (rows.length !== new Set(ids.map((id) => id.toLowerCase())).size) throw new ApiFailure(ErrorCode.NotFound, '开票申请不存在');
  if (rows.some((row) => row.companyId !== company.id)) throw new ApiFailure(ErrorCode.NoAccess, '无权处理该企业的开票申请');
  return rows;
}

/** One entry for the applications a call decided together. */
function applicationsObject(action: string, rows: readonly ApplicationRow[]): AuditObject {
  const [first] = rows;
  const grossFen = rows.reduce((sum, row) => sum + row.grossFen, 0);
  const summary = `${action} ${rows.length} 个开票申请，合计 ${formatYuan(grossFen)}`;
  return { type: 'application', id: rows.length === 1 && first ? first.id : null, summary };
}

const approveApplications = defineCall('invoiceApplication/approve', {
  access: { kind: 'company', agreement: true },
  rateLimit: { max: 30, windowMs: 60_000 },
  handler: async ({ caller, company, body, services }) => {
    const rows = await companyApplications(services.db, company, body.ids);
    const waiting = rows.find((row) => row.status !== '待审核');
    if (waiting) throw decided(waiting, waiting.status, '审核');
    const blockedReason = await blockedReasonOf(services.db, company.id);
    // All or nothing: when one of them was decided meanwhile, none is approved.
    const results = await services.db.transaction(async (tx) => {
      const done: IssueResult[] = [];
      for (const row of rows) {
        if (blockedReason) {
          await transition(tx, row, ['待审核'], { status: '待开票' });
          done.push({ id: row.id, status: '待开票', taskId: null, blockedReason });
        } else {
          done.push(await issueApplication(tx, services.tasks, caller.userId, company, row, '待审核'));
        }
      }
      await recordAudit(tx, applicationsObject('同意', rows));
      return done;
    });
    services.tasks.wake();
    return { results };
  },
});

const rejectApplication = defineCall('invoiceApplication/reject', {
  access: { kind: 'company' },
  handler: async ({ company, body, services }) => {
    const [row] = await companyApplications(services.db, company, [body.id]);
    const reason = body.reason.trim();
    if (!reason) throw invalidField('reason', '请填写拒绝原因');
    if (!row) throw new ApiFailure(ErrorCode.NotFound, '开票申请不存在');
    const updated = await audited(
      services.db,
      (tx) => transition(tx, row, ['待审核', '待开票'], { status: '已拒绝', rejectReason: reason }),
      () => ({ type: 'application', id: row.id, summary: `拒绝 ${formatYuan(row.grossFen)} 的开票申请：${reason}` }),
    );
    return applicationView(updated, company.name, null);
  },
});

const issueWaitingApplications = defineCall('invoiceApplication/issueWaiting', {
  access: { kind: 'company', agreement: true },
  rateLimit: { max: 30, windowMs: 60_000 },
  handler: async ({ caller, company, body, services }) => {
    const blockedReason = await blockedReasonOf(services.db, company.id);
    if (blockedReason) throw new ApiFailure(ErrorCode.TaxLoginRequired, blockedReason);
    const rows = body.ids
      ? await companyApplications(services.db, company, body.ids)
      : await services.db
          .select()
          .from(invoiceApplications)
          .where(and(eq(invoiceApplications.companyId, company.id), eq(invoiceApplications.status, '待开票')))
          .orderBy(asc(invoiceApplications.createdAt))
          .limit(50);
    const notWaiting = rows.find((row) => row.status !== '待开票');
    if (notWaiting) throw decided(notWaiting, notWaiting.status, '开票');
    const results = await services.db.transaction(async (tx) => {
      const done: IssueResult[] = [];
      for (const row of rows) done.push(await issueApplication(tx, services.tasks, caller.userId, company, row, '待开票'));
      await recordAudit(tx, applicationsObject('开具', rows));
      return done;
    });
    services.tasks.wake();
    return { results };
  },
});

export const applicationCalls = [
  submitApplication,
  myApplications,
  listApplications,
  approveApplications,
  rejectApplication,
  issueWaitingApplications,
];
