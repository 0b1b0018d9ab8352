/**
 * A customer's invoice application (开票申请) as it is written, whether sent from the shop code
 * (`invoiceApplication/submit`) or for a paid order at the cash desk (`cash/applyInvoice`): the buyer, remarks and
 * delivery checked the same way, the goods the company invoices by default (or the sub-code's fixed goods).
 */
import { and, asc, eq } from 'drizzle-orm';
import type { InvoiceParty } from '@app/domain/invoice-document';
import type { Database } from '../db/database';
import { goods, invoiceApplications, liveGoods } from '../db/schema';
import { ApiFailure, ErrorCode } from '../http/api-failure';
import { checkedBuyer, checkedDelivery, checkedRemarks } from './invoice-input';

export type GoodsRow = typeof goods.$inferSelect;

/** The goods an application of the company is invoiced as when nothing fixes them: its first live goods. */
export async function defaultGoods(db: Database, companyId: string): Promise<GoodsRow> {
  const [item] = await db.select().from(goods).where(and(eq(goods.companyId, companyId), liveGoods)).orderBy(asc(goods.createdAt), asc(goods.id)).limit(1);
  if (!item) throw new ApiFailure(ErrorCode.NotFound, '该商户暂未设置开票商品，请联系商户');
  return item;
}

/** The sub-code's fixed goods when they are still live, else the company's default. */
export async function goodsForInvoice(db: Database, companyId: string, fixedGoodsId: string | null): Promise<GoodsRow> {
  if (fixedGoodsId) {
    const [item] = await db.select().from(goods).where(and(eq(goods.id, fixedGoodsId), eq(goods.companyId, companyId), liveGoods));
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
export async function createApplication(db: Database, application: NewApplication): Promise<string> {
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
    })
    .returning({ id: invoiceApplications.id });
  if (!created) throw new Error('invoice application: no row');
  return created.id;
}
