/**
 * Sub-codes (子码: a cashier, a branch, a table) and the shop code: what a customer scans to pay and ask for an invoice
 * (`/shop/{code}`, through the short link `/t/{code}`), and what that page learns of the shop before anyone signs in.
 */
import Type, { type Static } from 'typebox';
import { Body, call, changes, Empty, Fen, Id, IsoTime, Nullable, OneOf, Paged, Paging, READ_ONLY, Text, UPKEEP } from './schema-kit';
import { PAY_CHANNELS } from './payment';

export const SubCode = Type.Object({
  id: Type.String(),
  name: Type.String(),
  code: Type.String(),
  /** Fixed goods and amount (both or neither): the cash desk then asks for no amount. */
  goodsId: Nullable(Type.String()),
  goodsName: Nullable(Type.String()),
  amountFen: Nullable(Type.Integer()),
  enabled: Type.Boolean(),
  /** `/t/{code}`: what its QR code encodes (it leads to `/shop/{code}`). */
  shortPath: Type.String(),
  createdAt: IsoTime,
});
export type SubCode = Static<typeof SubCode>;

const ShopCodeText = Type.String({ title: '店铺码', pattern: '^[A-Za-z0-9]{4,16}$', maxLength: 16 });

/**
 * What the cash desk shows of a shop or sub-code; `closedReason` set when it takes nothing. `channels`: the ways to pay
 * this deployment offers (`cash/createOrder` refuses any other); none at all means online payment is not set up yet
 * (the cash desk says 商户暂未开通在线支付).
 */
export const ShopInfo = Type.Object({
  code: Type.String(),
  shopName: Type.String(),
  subCodeName: Nullable(Type.String()),
  goodsName: Nullable(Type.String()),
  amountFen: Nullable(Type.Integer()),
  closedReason: Nullable(Type.String()),
  channels: Type.Array(OneOf([...PAY_CHANNELS], '支付方式')),
});
export type ShopInfo = Static<typeof ShopInfo>;

export const subCodeCalls = {
  'subCode/list': call(Body({ keyword: Type.Optional(Text('关键字', 30)), ...Paging }), Paged(SubCode), READ_ONLY),
  'subCode/get': call(Body({ id: Id('子码') }), SubCode, READ_ONLY),
  'subCode/save': call(
    Body({
      id: Type.Optional(Id('子码')),
      name: Text('子码名称', 30, 1),
      goodsId: Nullable(Id('固定商品')),
      amountFen: Nullable(Fen('固定金额', 1)),
      enabled: Type.Boolean({ title: '启用' }),
    }),
    SubCode,
    changes('subCode.save'),
  ),
  'subCode/delete': call(Body({ id: Id('子码') }), Type.Object({ id: Type.String() }), changes('subCode.delete')),
  /** The company's own shop code (its `code`), with its short link. */
  'shopCode/get': call(Empty, Type.Object({ code: Type.String(), shopName: Type.String(), shortPath: Type.String() }), UPKEEP),
  /** Public: the shop or sub-code behind a code, for the cash desk and its closed page. */
  'shop/get': call(Body({ code: ShopCodeText }), ShopInfo, READ_ONLY),
};
