/**
 * Company goods (开票商品): what invoice lines are picked from. Every company user reads them; managers change them.
 * Each carries its 19-digit tax classification code with its short name (an entry of `@app/domain/tax-classification`),
 * and a VAT rate or how it is untaxed. Deleting goods that an invoice line, an application or a sub-code names archives
 * them instead: they leave the list and cannot be picked again, and what names them keeps its goods.
 */
import { audited, recordAudit } from '../audit/audit-trail';
import { and, asc, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Goods } from '@app/contract/goods';
import { checkedGoods, createGoods } from '../companies/goods';
import type { Database } from '../db/database';
import { goods, liveGoods, subCodes } from '../db/schema/companies';
import { invoiceApplications, invoiceLines } from '../db/schema/invoices';
import { ApiFailure, ErrorCode } from '../http/api-failure';
import { defineCall } from '../http/define-call';
import { cappedCount, containsPattern, pageWindow } from '../http/paging';

type GoodsRow = typeof goods.$inferSelect;

function goodsView(item: GoodsRow): Goods {
  return {
    id: item.id,
    name: item.name,
    taxCode: item.taxCode,
    taxShortName: item.taxShortName,
    model: item.model,
    unit: item.unit,
    unitPriceFen: item.unitPriceFen,
    taxRatePermille: item.taxRatePermille,
    taxFree: item.taxFree,
  };
}

async function loadCompanyGoods(db: Database, id: string, companyId: string): Promise<GoodsRow> {
  const [item] = await db.select().from(goods).where(eq(goods.id, id.toLowerCase()));
  if (!item) throw new ApiFailure(ErrorCode.NotFound, '商品不存在');
  if (item.companyId !== companyId) throw new ApiFailure(ErrorCode.NoAccess, '无权访问该企业的商品');
  if (item.archivedAt) throw new ApiFailure(ErrorCode.NotFound, '商品已删除');
  return item;
}

/** Whether an invoice line, a customer's application or a sub-code names the goods (then they are archived, not deleted). */
async function isReferenced(db: Database, id: string): Promise<boolean> {
  const [line] = await db.select({ id: invoiceLines.goodsId }).from(invoiceLines).where(eq(invoiceLines.goodsId, id)).limit(1);
  if (line) return true;
  const [application] = await db
    .select({ id: invoiceApplications.id })
    .from(invoiceApplications)
    .where(eq(invoiceApplications.goodsId, id))
    .limit(1);
  if (application) return true;
  const [subCode] = await db.select({ id: subCodes.id }).from(subCodes).where(eq(subCodes.goodsId, id)).limit(1);
  return !!subCode;
}

const listGoods = defineCall('goods/list', {
  access: { kind: 'company' },
  handler: async ({ company, body, services }) => {
    const conditions: SQL[] = [eq(goods.companyId, company.id), liveGoods];
    const keyword = body.keyword?.trim();
    if (keyword) {
      const pattern = containsPattern(keyword);
      conditions.push(or(ilike(goods.name, pattern), ilike(goods.taxShortName, pattern)) as SQL);
    }
    const where = and(...conditions);
    const order = [desc(goods.createdAt), asc(goods.id)];
    const { limit, offset } = pageWindow(body.page, body.pageSize);
    const [rows, total] = await Promise.all([
      services.db
        .select()
        .from(goods)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
      cappedCount(services.db, goods, where, order),
    ]);
    return { total, list: rows.map(goodsView) };
  },
});

const saveGoods = defineCall('goods/save', {
  access: { kind: 'company', anyOf: ['company_manage'] },
  handler: async ({ company, body, services }) => {
    const existing = body.id ? await loadCompanyGoods(services.db, body.id, company.id) : null;
    const values = checkedGoods(body);
    const saved = await audited(
      services.db,
      async (tx) => {
        if (!existing) return createGoods(tx, company.id, values);
        const [updated] = await tx
          .update(goods)
          .set(values)
          .where(and(eq(goods.id, existing.id), liveGoods))
          .returning();
        if (!updated) throw new ApiFailure(ErrorCode.NotFound, '商品不存在');
        return updated;
      },
      (item) => ({ type: 'goods', id: item.id, summary: `${existing ? '修改' : '新增'}商品「${item.name}」` }),
    );
    return goodsView(saved);
  },
});

const getGoods = defineCall('goods/get', {
  access: { kind: 'company' },
  handler: async ({ company, body, services }) => goodsView(await loadCompanyGoods(services.db, body.id, company.id)),
});

const deleteGoods = defineCall('goods/delete', {
  access: { kind: 'company', anyOf: ['company_manage'] },
  handler: async ({ company, body, services }) => {
    const item = await loadCompanyGoods(services.db, body.id, company.id);
    return services.db.transaction(async (tx) => {
      // Locked, so that goods/save and another delete wait; what names the goods from now on sees them archived.
      await tx.select({ id: goods.id }).from(goods).where(eq(goods.id, item.id)).for('update');
      if (await isReferenced(tx, item.id)) {
        await tx
          .update(goods)
          .set({ archivedAt: new Date() })
          .where(and(eq(goods.id, item.id), liveGoods));
        await recordAudit(tx, { type: 'goods', id: item.id, summary: `删除商品「${item.name}」（已开票，归档保留）` });
        return { id: item.id, archived: true };
      }
      await tx.delete(goods).where(eq(goods.id, item.id));
      await recordAudit(tx, { type: 'goods', id: item.id, summary: `删除商品「${item.name}」` });
      return { id: item.id, archived: false };
    });
  },
});

export const goodsCalls = [listGoods, getGoods, saveGoods, deleteGoods];
