/**
 * The shop code and its sub-codes (子码): what customers scan to pay and ask for an invoice. Every company user reads
 * them; managers change the sub-codes (as with goods). A sub-code may fix the goods and the amount (both or neither);
 * the goods must be the company's own and not deleted. Each code has its short link `/t/{code}` to `/shop/{code}`,
 * and `shop/get` tells the cash desk, before anyone signs in, what is behind a code and whether it takes payments.
 */
import { audited, recordAudit } from '../audit/audit-trail';
import { and, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { ShopInfo, SubCode } from '@app/contract/sub-code';
import { createSubCode, ensureShopLink, shortPathOf } from '../companies/codes';
import { resolveShop } from '../companies/shops';
import type { Database } from '../db/database';
import { goods, subCodes } from '../db/schema/companies';
import { shortLinks } from '../db/schema/service';
import { ApiFailure, ErrorCode, invalidField } from '../http/api-failure';
import { defineCall } from '../http/define-call';
import { cappedCount, containsPattern, pageWindow } from '../http/paging';

type SubCodeRow = typeof subCodes.$inferSelect;

function subCodeView(row: SubCodeRow, goodsName: string | null): SubCode {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    goodsId: row.goodsId,
    goodsName: row.goodsId ? goodsName : null,
    amountFen: row.amountFen,
    enabled: row.enabled,
    shortPath: shortPathOf(row.code),
    createdAt: row.createdAt.toISOString(),
  };
}

const withGoods = { subCode: subCodes, goodsName: goods.name };

async function loadCompanySubCode(db: Database, id: string, companyId: string): Promise<{ subCode: SubCodeRow; goodsName: string | null }> {
  const [row] = await db
    .select(withGoods)
    .from(subCodes)
    .leftJoin(goods, eq(goods.id, subCodes.goodsId))
    .where(eq(subCodes.id, id.toLowerCase()));
  if (!row) throw new ApiFailure(ErrorCode.NotFound, '子码不存在');
  if (row.subCode.companyId !== companyId) throw new ApiFailure(ErrorCode.NoAccess, '无权访问该企业的子码');
  return row;
}

const listSubCodes = defineCall('subCode/list', {
  access: { kind: 'company' },
  handler: async ({ company, body, services }) => {
    const conditions: SQL[] = [eq(subCodes.companyId, company.id)];
    const keyword = body.keyword?.trim();
    if (keyword) conditions.push(ilike(subCodes.name, containsPattern(keyword)));
    const where = and(...conditions);
    const order = [desc(subCodes.createdAt), desc(subCodes.id)];
    const { limit, offset } = pageWindow(body.page, body.pageSize);
    const [rows, total] = await Promise.all([
      services.db
        .select(withGoods)
        .from(subCodes)
        .leftJoin(goods, eq(goods.id, subCodes.goodsId))
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
      cappedCount(services.db, subCodes, where, order),
    ]);
    return { total, list: rows.map((row) => subCodeView(row.subCode, row.goodsName)) };
  },
});

const getSubCode = defineCall('subCode/get', {
  access: { kind: 'company' },
  handler: async ({ company, body, services }) => {
    const { subCode, goodsName } = await loadCompanySubCode(services.db, body.id, company.id);
    return subCodeView(subCode, goodsName);
  },
});

const saveSubCode = defineCall('subCode/save', {
  access: { kind: 'company', anyOf: ['company_manage'] },
  handler: async ({ company, body, services }) => {
    const db = services.db;
    const existing = body.id ? await loadCompanySubCode(db, body.id, company.id) : null;
    let item: { id: string; name: string } | null = null;
    if (body.goodsId !== null) {
      const [found] = await db.select().from(goods).where(eq(goods.id, body.goodsId.toLowerCase()));
      if (!found) throw new ApiFailure(ErrorCode.NotFound, '商品不存在');
      if (found.companyId !== company.id) throw new ApiFailure(ErrorCode.NoAccess, '无权访问该企业的商品');
      if (found.archivedAt) throw invalidField('goodsId', '该商品已删除，请重新选择');
      item = found;
    }
    if ((item === null) !== (body.amountFen === null)) throw invalidField('amountFen', '固定商品与固定金额需同时填写');
    const name = body.name.trim();
    if (!name) throw invalidField('name', '请填写子码名称');
    const values = { name, goodsId: item?.id ?? null, amountFen: body.amountFen, enabled: body.enabled };
    const saved = await audited(
      db,
      async (tx) => {
        if (!existing) return createSubCode(tx, company.id, values);
        const [updated] = await tx
          .update(subCodes)
          .set(values)
          .where(and(eq(subCodes.id, existing.subCode.id), eq(subCodes.companyId, company.id)))
          .returning();
        if (!updated) throw new ApiFailure(ErrorCode.NotFound, '子码不存在');
        return updated;
      },
      (row) => ({ type: 'subCode', id: row.id, summary: `${existing ? '修改' : '新增'}子码「${row.name}」` }),
    );
    return subCodeView(saved, item?.name ?? null);
  },
});

const deleteSubCode = defineCall('subCode/delete', {
  access: { kind: 'company', anyOf: ['company_manage'] },
  handler: async ({ company, body, services }) => {
    const { subCode } = await loadCompanySubCode(services.db, body.id, company.id);
    await services.db.transaction(async (tx) => {
      await tx.delete(subCodes).where(and(eq(subCodes.id, subCode.id), eq(subCodes.companyId, company.id)));
      // Its QR code now leads nowhere (链接不存在或已失效).
      await tx.delete(shortLinks).where(eq(shortLinks.code, subCode.code));
      await recordAudit(tx, { type: 'subCode', id: subCode.id, summary: `删除子码「${subCode.name}」` });
    });
    return { id: subCode.id };
  },
});

const getShopCode = defineCall('shopCode/get', {
  access: { kind: 'company' },
  handler: async ({ company, services }) => ({
    code: company.code,
    shopName: company.name,
    shortPath: await ensureShopLink(services.db, company.code),
  }),
});

const getShop = defineCall('shop/get', {
  access: { kind: 'public' },
  rateLimit: { max: 60, windowMs: 60_000 },
  handler: async ({ body, services }): Promise<ShopInfo> => {
    const shop = await resolveShop(services.db, body.code);
    return {
      code: shop.code,
      shopName: shop.shopName,
      subCodeName: shop.subCode?.name ?? null,
      goodsName: shop.goods?.name ?? null,
      amountFen: shop.amountFen,
      closedReason: shop.closedReason,
      channels: services.payments.channels(),
    };
  },
});

export const subCodeCalls = [listSubCodes, getSubCode, saveSubCode, deleteSubCode, getShopCode, getShop];
