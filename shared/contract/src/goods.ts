/** Company goods (开票商品): invoice lines are picked from them. */
import Type, { type Static } from 'typebox';
import { VAT_RATES_PERMILLE } from '@app/domain/tax-maths';
import { Body, call, changes, Id, MAX_FEN, Nullable, OneOf, Paged, Paging, READ_ONLY, Text } from './schema-kit';

export const TAX_EXEMPTIONS = ['免税', '不征税'] as const;

export const Goods = Type.Object({
  id: Type.String(),
  name: Type.String(),
  /** 税收分类编码, 19 digits, and its short name (e.g. 餐饮服务). */
  taxCode: Type.String(),
  taxShortName: Type.String(),
  model: Type.String(),
  unit: Type.String(),
  /** Unit price including tax, in fen. */
  unitPriceFen: Nullable(Type.Integer()),
  /** Per mille (130 = 13 %); null when `taxFree` says how the goods are untaxed. */
  taxRatePermille: Nullable(Type.Integer()),
  taxFree: Nullable(OneOf([...TAX_EXEMPTIONS], '免税类型')),
});
export type Goods = Static<typeof Goods>;

export const goodsCalls = {
  'goods/list': call(Body({ keyword: Type.Optional(Text('搜索', 50)), ...Paging }), Paged(Goods), READ_ONLY),
  'goods/save': call(
    Body({
      id: Type.Optional(Id('商品')),
      name: Text('商品名称', 90, 1),
      taxCode: Type.String({ title: '税收分类编码', pattern: '^\\d{19}$', maxLength: 19 }),
      taxShortName: Text('税收分类简称', 20, 1),
      model: Text('规格型号', 40),
      unit: Text('单位', 20),
      unitPriceFen: Nullable(Type.Integer({ title: '含税单价', minimum: 1, maximum: MAX_FEN })),
      taxRatePermille: Nullable(OneOf([...VAT_RATES_PERMILLE], '税率')),
      taxFree: Nullable(OneOf([...TAX_EXEMPTIONS], '免税类型')),
    }),
    Goods,
    changes('goods.save'),
  ),
  'goods/get': call(Body({ id: Id('商品') }), Goods, READ_ONLY),
  /** Deletes the goods, or archives them (`archived`) when an invoice names them: they leave every list either way. */
  'goods/delete': call(Body({ id: Id('商品') }), Type.Object({ id: Type.String(), archived: Type.Boolean() }), changes('goods.delete')),
};
