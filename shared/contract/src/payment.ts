/**
 * Money in: a customer's payment at a shop's cash desk (`/shop/{code}` → `/cash/return`), the invoice they
 * ask for with it, and the merchant's income and expenses (收支). Amounts are integer fen; an order is paid only by a
 * verified provider notification (or the demo provider, which pays at once).
 */
import Type, { type Static } from 'typebox';
import { Body, call, changes, Fen, Id, IsoTime, Month, Nullable, OneOf, Paged, Paging, READ_ONLY, Text } from './schema-kit';
import { InvoiceParty } from './invoice';
import { APPLICATION_STATUSES } from './invoice-application';

export const PAY_CHANNELS = ['wechat', 'alipay', 'demo'] as const;
export type PayChannel = (typeof PAY_CHANNELS)[number];
/** The most one payment may be: 50,000 yuan. */
export const MAX_PAYMENT_FEN = 5_000_000;

const OrderNo = Type.String({ title: '订单号', pattern: '^[A-Za-z0-9]{8,32}$', maxLength: 32 });
const ShopCode = Type.String({ title: '店铺码', pattern: '^[A-Za-z0-9]{4,16}$', maxLength: 16 });

/** What the browser does to pay: nothing more (demo), WeChat's JSAPI, or a redirect to Alipay. */
export const PaymentStart = Type.Union([
  Type.Object({ kind: Type.Literal('demo') }),
  Type.Object({
    kind: Type.Literal('wechat-jsapi'),
    jsapi: Type.Object({
      appId: Type.String(),
      timeStamp: Type.String(),
      nonceStr: Type.String(),
      package: Type.String(),
      signType: Type.Literal('RSA'),
      paySign: Type.String(),
    }),
  }),
  Type.Object({ kind: Type.Literal('alipay-wap'), redirectUrl: Type.String() }),
]);
export type PaymentStart = Static<typeof PaymentStart>;

export const ORDER_STATES = ['待支付', '已支付', '已关闭'] as const;

/** A customer's own order, as the cash desk and `/cash/return` show it. */
export const CashOrder = Type.Object({
  orderNo: Type.String(),
  amountFen: Type.Integer(),
  channel: OneOf([...PAY_CHANNELS], '支付方式'),
  state: OneOf([...ORDER_STATES], '订单状态'),
  shopName: Type.String(),
  subCodeName: Nullable(Type.String()),
  goodsName: Nullable(Type.String()),
  paidAt: Nullable(IsoTime),
  createdAt: IsoTime,
  /** The invoice the customer asked for with it, once asked. */
  applicationId: Nullable(Type.String()),
  applicationStatus: Nullable(OneOf([...APPLICATION_STATUSES], '申请状态')),
});
export type CashOrder = Static<typeof CashOrder>;

export const RECORD_TYPES = ['income', 'expense'] as const;
export const RECORD_CHANNELS = ['wechat', 'alipay', 'demo', 'bank'] as const;
export const INVOICE_STATES = ['未开票', '申请中', '开票中', '已开票'] as const;

/** One line of 收支: a customer's payment (income), or a withdrawal and its fee (expense). */
export const PaymentRecord = Type.Object({
  id: Type.String(),
  type: OneOf([...RECORD_TYPES], '收支类型'),
  /** Signed: income positive, expense negative. */
  amountFen: Type.Integer(),
  channel: OneOf([...RECORD_CHANNELS], '渠道'),
  title: Type.String(),
  /** The payer's nickname (income) or the account paid to (expense). */
  counterparty: Type.String(),
  orderNo: Type.String(),
  providerTradeNo: Nullable(Type.String()),
  at: IsoTime,
  /** Income only: where its invoice stands, and the invoice or application behind it. */
  invoiceState: Nullable(OneOf([...INVOICE_STATES], '开票状态')),
  invoiceId: Nullable(Type.String()),
  applicationId: Nullable(Type.String()),
  taskId: Nullable(Type.String()),
});
export type PaymentRecord = Static<typeof PaymentRecord>;

export const paymentCalls = {
  /** A customer starts paying a shop or sub-code (a fixed sub-code amount must be paid exactly). */
  'cash/createOrder': call(
    Body({ code: ShopCode, amountFen: Fen('付款金额', 1), channel: OneOf([...PAY_CHANNELS], '支付方式') }),
    Type.Object({ orderNo: Type.String(), start: PaymentStart }),
    changes('cash.createOrder'),
  ),
  /** The customer's own order (another's answers 1004). */
  'cash/getOrder': call(Body({ orderNo: OrderNo }), CashOrder, READ_ONLY),
  /** The customer asks for an invoice for a paid order: it lands in the merchant's applying list, once per order. */
  'cash/applyInvoice': call(
    Body({
      orderNo: OrderNo,
      buyer: InvoiceParty,
      remarks: Type.Optional(Text('备注', 200)),
      deliverPhone: Type.Optional(Text('接收手机号', 11)),
      deliverEmail: Type.Optional(Text('接收邮箱', 254)),
    }),
    Type.Object({ applicationId: Type.String() }),
    changes('cash.applyInvoice'),
  ),
  /** 收支 of a China month (default this month): the page, and the month's totals. */
  'payment/list': call(
    Body({
      month: Type.Optional(Month('月份')),
      type: Type.Optional(OneOf([...RECORD_TYPES], '收支类型')),
      channel: Type.Optional(OneOf([...RECORD_CHANNELS], '渠道')),
      ...Paging,
    }),
    Type.Object({ ...Paged(PaymentRecord).properties, incomeFen: Type.Integer(), expenseFen: Type.Integer() }),
    READ_ONLY,
  ),
  'payment/get': call(Body({ id: Id('收支记录') }), PaymentRecord, READ_ONLY),
  /** The merchant issues the invoice of a paid order directly (to the buyer given), as a blue-invoice task. */
  'payment/issueInvoice': call(
    Body({
      id: Id('收支记录'),
      requestSerial: Type.String({ title: '请求流水号', pattern: '^[A-Za-z0-9-]{8,40}$', maxLength: 40 }),
      buyer: InvoiceParty,
    }),
    Type.Object({ invoiceId: Type.String(), taskId: Type.String() }),
    changes('payment.issueInvoice'),
  ),
};
