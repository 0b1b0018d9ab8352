/**
 * Customers' invoice applications (开票申请), sent from the company's shop code or a sub-code: the customer submits
 * and follows them; the merchant approves (which issues the invoice, or leaves it 待开票 while the tax-bureau login
 * or today's face authentication is missing), rejects with a reason, or issues the waiting ones.
 * 待审核 → 已拒绝 | 待开票 | 开票中 → 已开具 (→ 已交付 once sent) | 开具失败 (retry from the task).
 */
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import Type from 'typebox';
import type { CallerCompany } from '../auth/caller';
import type { Database } from '../db/database';
import { companies, goods, invoiceApplications, invoices, type ApplicationStatus } from '../db/schema';
import { ApiFailure, ErrorCode } from '../http/api-failure';
import { defineCall } from '../http/define-call';
import { Body, Id, Paging, pageWindow, Text } from '../http/schemas';
import { createBlueInvoice } from '../invoices/create-invoices';
import { checkedBuyer, checkedDelivery, checkedRemarks } from '../invoices/invoice-input';
import { readiness } from '../invoices/invoice-steps';
import type { TaskQueue } from '../tasks/task-queue';
import { Party } from './invoice-calls';

type ApplicationRow = typeof invoiceApplications.$inferSelect;

const STATUSES: readonly ApplicationStatus[] = ['待审核', '已拒绝', '待开票', '开票中', '已开具', '开具失败', '已交付'];

function applicationView(row: ApplicationRow, companyName: string, blockedReason: string | null, taskId: string | null = null) {
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

export const submitApplication = defineCall({
  path: 'invoiceApplication/submit',
  body: Body({
    companyCode: Type.String({ title: '商户码', pattern: '^[A-Za-z0-9_-]{1,32}$', maxLength: 32 }),
    subCode: Type.Optional(Text('子码', 30)),
    buyer: Party,
    grossFen: Type.Integer({ title: '开票金额', minimum: 1, maximum: 9_000_000_000_000 }),
    remarks: Type.Optional(Text('备注', 200)),
    deliverPhone: Type.Optional(Text('接收手机号', 11)),
    deliverEmail: Type.Optional(Text('接收邮箱', 254)),
  }),
  access: { kind: 'user' },
  rateLimit: { max: 20, windowMs: 60_000 },
  handler: async ({ caller, body, services }) => {
    const [company] = await services.db.select().from(companies).where(eq(companies.code, body.companyCode));
    if (!company) throw new ApiFailure(ErrorCode.NotFound, '商户不存在或二维码已失效');
    const [item] = await services.db.select().from(goods).where(eq(goods.companyId, company.id)).orderBy(asc(goods.createdAt), asc(goods.id)).limit(1);
    if (!item) throw new ApiFailure(ErrorCode.NotFound, '该商户暂未设置开票商品，请联系商户');
    const buyer = checkedBuyer(body.buyer, '数电普票');
    const delivery = checkedDelivery(body.deliverPhone ?? '', body.deliverEmail ?? '');
    const subCode = body.subCode?.trim();
    const [created] = await services.db
      .insert(invoiceApplications)
      .values({
        companyId: company.id,
        applicantId: caller.userId,
        source: subCode ? '子码' : '店铺码',
        sourceName: subCode || company.name,
        buyer,
        goodsId: item.id,
        goodsName: item.name,
        grossFen: body.grossFen,
        remarks: checkedRemarks(body.remarks ?? ''),
        ...delivery,
      })
      .returning({ id: invoiceApplications.id });
    return { id: (created as { id: string }).id };
  },
});

export const myApplications = defineCall({
  path: 'invoiceApplication/mine',
  body: Body({ ...Paging }),
  access: { kind: 'user' },
  handler: async ({ caller, body, services }) => {
    const where = eq(invoiceApplications.applicantId, caller.userId);
    const { limit, offset } = pageWindow(body.page, body.pageSize);
    const [rows, [total]] = await Promise.all([
      services.db
        .select({ application: invoiceApplications, companyName: companies.name })
        .from(invoiceApplications)
        .innerJoin(companies, eq(companies.id, invoiceApplications.companyId))
        .where(where)
        .orderBy(desc(invoiceApplications.createdAt), desc(invoiceApplications.id))
        .limit(limit)
        .offset(offset),
      services.db.select({ n: count() }).from(invoiceApplications).where(where),
    ]);
    return { total: Math.min(total?.n ?? 0, 1000), list: rows.map((row) => applicationView(row.application, row.companyName, null)) };
  },
});

async function blockedReasonOf(db: Database, companyId: string): Promise<string | null> {
  const ready = await readiness(db, companyId);
  return 'reason' in ready ? ready.reason : null;
}

export const listApplications = defineCall({
  path: 'invoiceApplication/list',
  body: Body({ status: Type.Optional(Type.Union(STATUSES.map((status) => Type.Literal(status)), { title: '申请状态' })), ...Paging }),
  access: { kind: 'company' },
  handler: async ({ company, body, services }) => {
    const conditions: SQL[] = [eq(invoiceApplications.companyId, company.id)];
    if (body.status) conditions.push(eq(invoiceApplications.status, body.status));
    const where = and(...conditions);
    const { limit, offset } = pageWindow(body.page, body.pageSize);
    const [rows, [total], blocked] = await Promise.all([
      services.db
        .select({ application: invoiceApplications, taskId: invoices.taskId })
        .from(invoiceApplications)
        .leftJoin(invoices, eq(invoices.id, invoiceApplications.invoiceId))
        .where(where)
        .orderBy(desc(invoiceApplications.createdAt), desc(invoiceApplications.id))
        .limit(limit)
        .offset(offset),
      services.db.select({ n: count() }).from(invoiceApplications).where(where),
      blockedReasonOf(services.db, company.id),
    ]);
    return { total: Math.min(total?.n ?? 0, 1000), list: rows.map((row) => applicationView(row.application, company.name, blocked, row.taskId)) };
  },
});

interface IssueResult {
  id: string;
  status: ApplicationStatus;
  taskId: string | null;
  blockedReason: string | null;
}

/** Issues the invoice of an approved application (once: the request serial is the application's id). */
async function issueApplication(db: Database, queue: TaskQueue, userId: string, company: CallerCompany, application: ApplicationRow): Promise<IssueResult> {
  const [item] = application.goodsId ? await db.select().from(goods).where(eq(goods.id, application.goodsId)) : [];
  if (!item) throw new ApiFailure(ErrorCode.NotFound, `申请（${application.buyer.name}）的开票商品已删除，请拒绝后让客户重新申请`);
  const { taskId, invoiceId } = await createBlueInvoice(db, queue, userId, company, {
    requestSerial: `application-${application.id}`,
    type: '数电普票',
    buyer: application.buyer,
    lines: [{ goodsId: item.id, quantity: null, grossFen: application.grossFen, rate: item.taxFree ?? item.taxRatePermille ?? 0 }],
    remarks: application.remarks,
    deliverPhone: application.deliverPhone,
    deliverEmail: application.deliverEmail,
    applicationId: application.id,
  });
  await db.update(invoiceApplications).set({ status: '开票中', invoiceId, updatedAt: new Date() }).where(eq(invoiceApplications.id, application.id));
  return { id: application.id, status: '开票中', taskId, blockedReason: null };
}

async function companyApplications(db: Database, company: CallerCompany, ids: readonly string[]): Promise<ApplicationRow[]> {
  const rows = await db
    .select()
    .from(invoiceApplications)
    .where(inArray(invoiceApplications.id, ids.map((id) => id.toLowerCase())));
  if (rows.length !== new Set(ids.map((id) => id.toLowerCase())).size) throw new ApiFailure(ErrorCode.NotFound, '开票申请不存在');
  if (rows.some((row) => row.companyId !== company.id)) throw new ApiFailure(ErrorCode.NoAccess, '无权处理该企业的开票申请');
  return rows;
}

export const approveApplications = defineCall({
  path: 'invoiceApplication/approve',
  body: Body({ ids: Type.Array(Id('开票申请'), { title: '开票申请', minItems: 1, maxItems: 50 }) }),
  access: { kind: 'company' },
  rateLimit: { max: 30, windowMs: 60_000 },
  handler: async ({ caller, company, body, services }) => {
    const rows = await companyApplications(services.db, company, body.ids);
    const waiting = rows.find((row) => row.status !== '待审核');
    if (waiting) throw new ApiFailure(ErrorCode.TaskStateConflict, `申请（${waiting.buyer.name}）${waiting.status}，不能再审核`);
    const blockedReason = await blockedReasonOf(services.db, company.id);
    const results: IssueResult[] = [];
    for (const row of rows) {
      if (blockedReason) {
        await services.db.update(invoiceApplications).set({ status: '待开票', updatedAt: new Date() }).where(and(eq(invoiceApplications.id, row.id), eq(invoiceApplications.status, '待审核')));
        results.push({ id: row.id, status: '待开票', taskId: null, blockedReason });
      } else {
        results.push(await issueApplication(services.db, services.tasks, caller.userId, company, row));
      }
    }
    return { results };
  },
});

export const rejectApplication = defineCall({
  path: 'invoiceApplication/reject',
  body: Body({ id: Id('开票申请'), reason: Text('拒绝原因', 100, 1) }),
  access: { kind: 'company' },
  handler: async ({ company, body, services }) => {
    const [row] = await companyApplications(services.db, company, [body.id]);
    const reason = body.reason.trim();
    if (!reason) throw new ApiFailure(ErrorCode.InvalidInput, '请填写拒绝原因');
    if (row?.status !== '待审核' && row?.status !== '待开票') throw new ApiFailure(ErrorCode.TaskStateConflict, `该申请${row?.status ?? ''}，不能拒绝`);
    const [updated] = await services.db
      .update(invoiceApplications)
      .set({ status: '已拒绝', rejectReason: reason, updatedAt: new Date() })
      .where(eq(invoiceApplications.id, row.id))
      .returning();
    return applicationView(updated as ApplicationRow, company.name, null);
  },
});

export const issueWaitingApplications = defineCall({
  path: 'invoiceApplication/issueWaiting',
  body: Body({ ids: Type.Optional(Type.Array(Id('开票申请'), { title: '开票申请', minItems: 1, maxItems: 50 })) }),
  access: { kind: 'company' },
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
    if (notWaiting) throw new ApiFailure(ErrorCode.TaskStateConflict, `申请（${notWaiting.buyer.name}）${notWaiting.status}，不在待开票中`);
    const results: IssueResult[] = [];
    for (const row of rows) results.push(await issueApplication(services.db, services.tasks, caller.userId, company, row));
    return { results };
  },
});
