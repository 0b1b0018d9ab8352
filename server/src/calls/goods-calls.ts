/**
 * Company goods (开票商品): what invoice lines are picked from. Every company user reads them; managers change them.
 * Each carries its 19-digit tax classification code with its short name, and a VAT rate or how it is untaxed.
 */
import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import Type from 'typebox';
import { VAT_RATES_PERMILLE } from '@app/domain/tax-maths';
import type { Database } from '../db/database';
import { goods } from '../db/schema';
import { ApiFailure, ErrorCode } from '../http/api-failure';
import { defineCall } from '../http/define-call';
import { Body, Id, Paging, pageWindow, Text } from '../http/schemas';

type GoodsRow = typeof goods.$inferSelect;

export function goodsView(item: GoodsRow) {
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
  return item;
}

export const listGoods = defineCall({
  path: 'goods/list',
  body: Body({ keyword: Type.Optional(Text('搜索', 50)), ...Paging }),
  access: { kind: 'company' },
  handler: async ({ company, body, services }) => {
    const conditions: SQL[] = [eq(goods.companyId, company.id)];
    const keyword = body.keyword?.trim();
    if (keyword) {
      const pattern = `%${keyword.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      conditions.push(or(ilike(goods.name, pattern), ilike(goods.taxShortName, pattern)) as SQL);
    }
    const where = and(...conditions);
    const { limit, offset } = pageWindow(body.page, body.pageSize);
    const [rows, [total]] = await Promise.all([
      services.db.select().from(goods).where(where).orderBy(desc(goods.createdAt), asc(goods.id)).limit(limit).offset(offset),
      services.db.select({ n: count() }).from(goods).where(where),
    ]);
    return { total: Math.min(total?.n ?? 0, 1000), list: rows.map(goodsView) };
  },
});

export const saveGoods = defineCall({
  path: 'goods/save',
  body: Body({
    id: Type.Optional(Id('商品')),
    name: Text('商品名称', 90, 1),
    taxCode: Type.String({ title: '税收分类编码', pattern: '^\\d{19}$', maxLength: 19 }),
    taxShortName: Text('税收分类简称', 20, 1),
    model: Text('规格型号', 40),
    unit: Text('单位', 20),
    unitPriceFen: Type.Union([Type.Integer({ title: '含税单价', minimum: 1, maximum: 9_000_000_000_000 }), Type.Null()]),
    taxRatePermille: Type.Union([...VAT_RATES_PERMILLE.map((rate) => Type.Literal(rate)), Type.Null()], { title: '税率' }),
    taxFree: Type.Union([Type.Literal('免税'), Type.Literal('不征税'), Type.Null()], { title: '免税类型' }),
  }),
  access: { kind: 'company', anyOf: ['company_manage'] },
  handler: async ({ company, body, services }) => {
    const existing = body.id ? await loadCompanyGoods(services.db, body.id, company.id) : null;
    if ((body.taxRatePermille === null) === (body.taxFree === null)) throw new ApiFailure(ErrorCode.InvalidInput, '请选择税率，或选择免税 / 不征税');
    const values = {
      name: body.name.trim(),
      taxCode: body.taxCode,
      taxShortName: body.taxShortName.trim(),
      model: body.model.trim(),
      unit: body.unit.trim(),
      unitPriceFen: body.unitPriceFen,
      taxRatePermille: body.taxRatePermille,
      taxFree: body.taxFree,
    };
    if (!values.name) throw new ApiFailure(ErrorCode.InvalidInput, '请填写商品名称');
    if (existing) {
      const [updated] = await services.db.update(goods).set(values).where(eq(goods.id, existing.id)).returning();
      return goodsView(updated as GoodsRow);
    }
    const [created] = await services.db
      .insert(goods)
      .values({ ...values, companyId: company.id })
      .returning();
    return goodsView(created as GoodsRow);
  },
});

export const deleteGoods = defineCall({
  path: 'goods/delete',
  body: Body({ id: Id('商品') }),
  access: { kind: 'company', anyOf: ['company_manage'] },
  handler: async ({ company, body, services }) => {
    const item = await loadCompanyGoods(services.db, body.id, company.id);
    await services.db.delete(goods).where(eq(goods.id, item.id));
    return { id: item.id };
  },
});
