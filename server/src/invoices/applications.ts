/**
 * A customer's invoice application (开票申请) as it is written, whether sent from the shop code
 * (`invoiceApplication/submit`) or for a paid order at the cash desk (`cash/applyInvoice`): the buyer, remarks and
 * delivery checked the same way, the goods the company invoices by default (or the sub-code's fixed goods); and how
 * the merchant moves it on (invoiceApplication/approve, reject, issueWaiting): 待审核 → 已拒绝 | 待开票 | 开票中, each
 * move compare-and-set. `at` (default now) is when it happened: the demo history's are past times (db/demo-history.ts).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ApplicationStatus, IssueResult } from '@app/contract/invoice-application';
import type { InvoiceParty } from '@app/domain/invoice-document';
import type { CallerCompany } from '../auth/caller';
import type { Database } from '../db/database';
import { goods, liveGoods } from '../db/schema/companies';
import { invoiceApplications } from '../db/schema/invoices';
import { ApiFailure, ErrorCode } from '../http/api-failure';
import type { TaskQueue } from '../tasks/task-queue';
import { createBlueInvoice } from './create-invoices';
import { checkedBuyer, checkedDelivery, checkedRemarks } from './invoice-input';

export type ApplicationRow = typeof invoiceApplications.$inferSelect;

export type GoodsRow = typeof goods.$inferSelect;

/** The goods an application of the company is invoiced as when nothing fixes them: its first live goods. */
export async function defaultGoods(db: Database, companyId: string): Promise<GoodsRow> {
  const [item] = await db
    .select()
    .from(goods)
    .where(and(eq(goods.companyId, companyId), liveGoods))
    .orderBy(asc(goods.createdAt), asc(goods.id))
    .limit(1);
  if (!item) throw new ApiFailure(ErrorCode.NotFound, '该商户暂未设置开票商品，请联系商户');
  return item;
}

/** The sub-code's fixed goods when they are still live, else the company's default. */
export async function goodsForInvoice(db: Database, companyId: string, fixedGoodsId: string | null): Promise<GoodsRow> {
  if (fixedGoodsId) {
    const [item] = await db
      .select()
      .from(goods)
      .where(and(eq(goods.id, fixedGoodsId), eq(goods.companyId, companyId), liveGoods));
    if (item) return item;
  }
  return defaultGoods(db, companyId);
}

export interface NewApplication {
  companyId: string;
  applicantId: string;
  source: '店铺码' | '子码';
  sourceName: string;
  buyer: InvoiceParty;
  goods: GoodsRow;
  grossFen: number;
  remarks?: string;
  deliverPhone?: string;
  deliverEmail?: string;
}

/** Checks and writes the application (待审核); its id. */
export async function createApplication(db: Database, application: NewApplication, at?: Date): Promise<string> {
  const buyer = checkedBuyer(application.buyer, '数电普票');
  const delivery = checkedDelivery(application.deliverPhone ?? '', application.deliverEmail ?? '');
  const remarks = checkedRemarks(application.remarks ?? '');
  const [created] = await db
    .insert(invoiceApplications)
    .values({
      companyId: application.companyId,
      applicantId: application.applicantId,
      source: application.source,
      sourceName: application.sourceName,
      buyer,
      goodsId: application.goods.id,
      goodsName: application.goods.name,
      grossFen: application.grossFen,
      remarks,
      ...delivery,
      ...(at && { createdAt: at, updatedAt: at }),
    })
    .returning({ id: invoiceApplications.id });
  if (!created) throw new Error('invoice application: no row');
  return created.id;
}

/** The application moved from `from` to `to` if it is still in `from` (compare-and-set); else the loser is told why. */
export async function transition(
  db: Database,
  application: ApplicationRow,
  from: readonly ApplicationStatus[],
  to: Partial<typeof invoiceApplications.$inferInsert> & { status: ApplicationStatus },
  at: Date = new Date(),
): Promise<ApplicationRow> {
  const [moved] = await db
    .update(invoiceApplications)
    .set({ ...to, updatedAt: at })
    .where(and(eq(invoiceApplications.id, application.id), inArray(invoiceApplications.status, [...from])))
    .returning();
  if (moved) return moved;
  const [now] = await db
    .select({ status: invoiceApplications.status })
    .from(invoiceApplications)
    .where(eq(invoiceApplications.id, application.id));
  throw decided(application, now?.status ?? application.status, to.status === '已拒绝' ? '拒绝' : '开票');
}

/** The answer to whoever acts on an application that was decided meanwhile (or before). */
export function decided(application: ApplicationRow, status: ApplicationStatus, action: string): ApiFailure {
  return new ApiFailure(ErrorCode.TaskStateConflict, `申请（${application.buyer.name}）当前为“${status}”，不能${action}，请刷新后查看`);
}

/**
 * Issues the invoice of an application that is `from` (once: the request serial is the application's id), inside the
 * caller's transaction: the application is claimed first, so a rejection that won the race leaves nothing issued.
 */
export async function issueApplication(
  tx: Database,
  queue: TaskQueue,
  userId: string,
  company: CallerCompany,
  application: ApplicationRow,
  from: ApplicationStatus,
  at: Date = new Date(),
): Promise<IssueResult> {
  await transition(tx, application, [from], { status: '开票中' }, at);
  const [item] = application.goodsId ? await tx.select().from(goods).where(eq(goods.id, application.goodsId)) : [];
  if (!item || item.archivedAt)
    throw new ApiFailure(ErrorCode.NotFound, `申请（${application.buyer.name}）的开票商品已删除，请拒绝后让客户重新申请`);
  const { taskId, invoiceId } = await createBlueInvoice(
    tx,
    queue,
    userId,
    company,
    {
      requestSerial: `application-${application.id}`,
      type: '数电普票',
      buyer: application.buyer,
      lines: [{ goodsId: item.id, quantity: null, grossFen: application.grossFen, rate: item.taxFree ?? item.taxRatePermille ?? 0 }],
      remarks: application.remarks,
      deliverPhone: application.deliverPhone,
      deliverEmail: application.deliverEmail,
      applicationId: application.id,
    },
    at,
  );
  await tx.update(invoiceApplications).set({ invoiceId, updatedAt: at }).where(eq(invoiceApplications.id, application.id));
  return { id: application.id, status: '开票中', taskId, blockedReason: null };
}
