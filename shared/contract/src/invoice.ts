/**
 * Invoices: issuing blue and red ones through tasks, the list, one invoice, finding a blue invoice by number and date,
 * its PDF link, resending it, the home page's counts, and the company's invoicing link. The invoice itself is the
 * domain's `InvoiceDocument` (`@app/domain/invoice-document`); these schemas describe exactly that shape.
 */
import Type, { type Static } from 'typebox';
import {
  INVOICE_STATUSES,
  INVOICE_TYPES,
  RED_CONFIRMATION_STATES,
  RED_REASONS,
  type InvoiceDocument as DomainInvoiceDocument,
  type InvoiceParty as DomainInvoiceParty,
  type InvoiceSummary as DomainInvoiceSummary,
  type RedConfirmationState,
  type RedReason,
} from '@app/domain/invoice-document';
import type {
  BlueInvoiceRequest as DomainBlueInvoiceRequest,
  CreatedInvoice as DomainCreatedInvoice,
  RedInvoiceRequest as DomainRedInvoiceRequest,
} from '@app/domain/invoice-requests';
import { VAT_RATES_PERMILLE } from '@app/domain/tax-maths';
import {
  Body,
  call,
  changes,
  Day,
  Empty,
  Fen,
  type Fits,
  Id,
  IsoTime,
  Month,
  Nullable,
  OneOf,
  Paged,
  Paging,
  READ_ONLY,
  type Same,
  Text,
} from './schema-kit';
import { TAX_EXEMPTIONS } from './goods';

const RED_REASON_CODES = Object.keys(RED_REASONS) as RedReason[];
const RED_CONFIRMATION_STATE_CODES = Object.keys(RED_CONFIRMATION_STATES) as RedConfirmationState[];

export const InvoiceParty = Type.Object(
  {
    name: Text('购买方名称', 100),
    taxNumber: Text('纳税人识别号', 20),
    address: Text('地址', 100),
    phone: Text('电话', 30),
    bankName: Text('开户行', 100),
    bankAccount: Text('银行账号', 40),
    naturalPerson: Type.Boolean({ title: '是否自然人' }),
  },
  { additionalProperties: false, title: '购买方' },
);

export const InvoiceDocumentLine = Type.Object({
  lineNo: Type.Integer(),
  itemName: Type.String(),
  taxCode: Type.String(),
  model: Type.String(),
  unit: Type.String(),
  quantity: Nullable(Type.String()),
  unitPrice: Nullable(Type.String()),
  netFen: Type.Integer(),
  ratePermille: Nullable(Type.Integer()),
  taxFree: Nullable(OneOf([...TAX_EXEMPTIONS], '免税类型')),
  taxFen: Type.Integer(),
  grossFen: Type.Integer(),
  discountOf: Nullable(Type.Integer()),
});

const InvoiceKind = OneOf(['blue', 'red'], '发票颜色');
const InvoiceType = OneOf([...INVOICE_TYPES], '发票类型');
const InvoiceStatus = OneOf([...INVOICE_STATUSES], '发票状态');

export const InvoiceDocument = Type.Object({
  id: Type.String(),
  kind: InvoiceKind,
  type: InvoiceType,
  status: InvoiceStatus,
  number: Nullable(Type.String()),
  issuedAt: Nullable(IsoTime),
  buyer: InvoiceParty,
  seller: InvoiceParty,
  lines: Type.Array(InvoiceDocumentLine),
  netFen: Type.Integer(),
  taxFen: Type.Integer(),
  grossFen: Type.Integer(),
  remarks: Type.String(),
  issuer: Type.String(),
  deliverPhone: Type.String(),
  deliverEmail: Type.String(),
  failReason: Nullable(Type.String()),
  taskId: Nullable(Type.String()),
  createdAt: IsoTime,
  leftFen: Type.Integer(),
  leftByLine: Type.Record(Type.Integer(), Type.Integer()),
  original: Nullable(Type.Object({ id: Type.String(), number: Nullable(Type.String()), issuedAt: Nullable(IsoTime) })),
  redConfirmation: Nullable(
    Type.Object({
      number: Type.String(),
      reason: OneOf(RED_REASON_CODES, '红冲原因'),
      state: OneOf(RED_CONFIRMATION_STATE_CODES, '确认单状态'),
    }),
  ),
});

/** A list row: part of the invoice, and its buyer's name and tax number. */
const SUMMARY_FIELDS = [
  'id',
  'kind',
  'type',
  'status',
  'number',
  'issuedAt',
  'netFen',
  'taxFen',
  'grossFen',
  'leftFen',
  'failReason',
  'taskId',
  'createdAt',
] as const;
export const InvoiceSummary = Type.Object({
  ...Type.Pick(InvoiceDocument, SUMMARY_FIELDS).properties,
  buyerName: Type.String(),
  buyerTaxNumber: Type.String(),
  /** invoice/list: the latest delivery on some channel failed (发送失败). */
  deliveryFailed: Type.Optional(Type.Boolean()),
});

const Rate = Type.Union([OneOf([...VAT_RATES_PERMILLE], '税率'), OneOf([...TAX_EXEMPTIONS], '税率')], { title: '税率' });
/** A line's discount (折扣行): by amount in fen (including tax), or by percentage of the line (up to two decimals). */
const Discount = Type.Union(
  [
    Body({ kind: Type.Literal('amount'), fen: Fen('折扣金额', 0) }),
    Body({ kind: Type.Literal('percent'), percent: Type.String({ title: '折扣比例', pattern: '^\\d{1,3}(\\.\\d{1,2})?$', maxLength: 6 }) }),
  ],
  { title: '折扣' },
);
const RequestSerial = Type.String({ title: '请求流水号', pattern: '^[A-Za-z0-9_-]{8,64}$', maxLength: 64 });

export const BlueInvoiceRequest = Body({
  requestSerial: RequestSerial,
  type: InvoiceType,
  buyer: InvoiceParty,
  lines: Type.Array(
    Body({
      goodsId: Id('商品'),
      quantity: Nullable(Type.String({ title: '数量', pattern: '^\\d{1,12}(\\.\\d{1,8})?$', maxLength: 21 })),
      grossFen: Fen('含税金额'),
      rate: Rate,
      discount: Type.Optional(Discount),
    }),
    { title: '商品行', minItems: 1, maxItems: 100 },
  ),
  remarks: Text('备注', 200),
  deliverPhone: Text('接收手机号', 11),
  deliverEmail: Text('接收邮箱', 254),
});

export const RedInvoiceRequest = Body({
  requestSerial: RequestSerial,
  blueInvoiceId: Id('原蓝字发票'),
  reason: OneOf(RED_REASON_CODES, '红冲原因'),
  lines: Type.Optional(
    Type.Array(Body({ lineNo: Type.Integer({ title: '行号', minimum: 1, maximum: 100 }), grossFen: Fen('红冲金额') }), {
      title: '红冲明细',
      minItems: 1,
      maxItems: 100,
    }),
  ),
});

export const CreatedInvoice = Type.Object({ taskId: Type.String(), invoiceId: Type.String() });

/** Where an issued invoice is sent: an e-mail (with the PDF attached) or an SMS (with a link to it). */
export const DELIVERY_CHANNELS = { email: '邮箱', sms: '短信' } as const;
export type DeliveryChannel = keyof typeof DELIVERY_CHANNELS;
/** A delivery as the screens show it: waiting to be sent (or being sent), sent, or failed for good. */
export const DELIVERY_STATES = { pending: '待发送', sent: '已发送', failed: '发送失败' } as const;
export type DeliveryState = keyof typeof DELIVERY_STATES;

/** One sending of an invoice to one address: as the invoice was issued, or asked again with invoice/resend. */
export const InvoiceDelivery = Type.Object({
  id: Type.Integer(),
  channel: OneOf(Object.keys(DELIVERY_CHANNELS) as DeliveryChannel[], '发送方式'),
  channelName: Type.String(),
  address: Type.String(),
  state: OneOf(Object.keys(DELIVERY_STATES) as DeliveryState[], '发送状态'),
  stateName: Type.String(),
  /** Why it failed (发送失败), or why the last attempt did while it is retried (待发送). */
  failReason: Nullable(Type.String()),
  /** Sending attempts made so far. */
  attempts: Type.Integer(),
  /** Asked again with invoice/resend (false: sent as the invoice was issued). */
  resent: Type.Boolean(),
  createdAt: IsoTime,
  sentAt: Nullable(IsoTime),
  failedAt: Nullable(IsoTime),
});
export type InvoiceDelivery = Static<typeof InvoiceDelivery>;

export const HomeSummary = Type.Object({
  /** Customers' applications waiting for approval, and approved ones waiting to be issued. */
  applying: Type.Integer(),
  waiting: Type.Integer(),
  pendingTasks: Type.Integer(),
  issuedThisMonth: Type.Integer(),
  issuedThisMonthFen: Type.Integer(),
});
export type HomeSummary = Static<typeof HomeSummary>;

/** The schemas above describe the domain's invoice types (requests: what they accept, the domain can take). */
export type InvoiceSchemasMatchDomain = [
  Same<Type.Static<typeof InvoiceParty>, DomainInvoiceParty>,
  Same<Type.Static<typeof InvoiceDocument>, DomainInvoiceDocument>,
  Same<Type.Static<typeof InvoiceSummary>, DomainInvoiceSummary>,
  Fits<Type.Static<typeof BlueInvoiceRequest>, DomainBlueInvoiceRequest>,
  Fits<Type.Static<typeof RedInvoiceRequest>, DomainRedInvoiceRequest>,
  Same<Type.Static<typeof CreatedInvoice>, DomainCreatedInvoice>,
];
[true, true, true, true, true, true] satisfies InvoiceSchemasMatchDomain;

export const invoiceCalls = {
  'task/createBlueInvoiceTask': call(BlueInvoiceRequest, CreatedInvoice, changes('invoice.issue')),
  'task/createRedInvoiceTask': call(RedInvoiceRequest, CreatedInvoice, changes('invoice.reverse')),
  'invoice/list': call(
    Body({
      kind: Type.Optional(InvoiceKind),
      status: Type.Optional(InvoiceStatus),
      month: Type.Optional(Month('月份')),
      keyword: Type.Optional(Text('搜索', 50)),
      /** Only invoices whose latest delivery on some channel failed (发送失败). */
      deliveryFailed: Type.Optional(Type.Boolean({ title: '发送失败' })),
      ...Paging,
    }),
    Paged(InvoiceSummary),
    READ_ONLY,
  ),
  'invoice/get': call(Body({ id: Id('发票') }), InvoiceDocument, READ_ONLY),
  'invoice/findBlue': call(
    Body({ number: Type.String({ title: '发票号码', maxLength: 20 }), issueDate: Day('开票日期') }),
    InvoiceDocument,
    READ_ONLY,
  ),
  'invoice/pdfLink': call(Body({ id: Id('发票') }), Type.Object({ url: Type.String(), fileName: Type.String() }), READ_ONLY),
  'invoice/resend': call(
    Body({ id: Id('发票'), phone: Type.Optional(Text('手机号', 11)), email: Type.Optional(Text('邮箱', 254)) }),
    /** `deliveries`: the new deliveries, 待发送 (absent from servers older than them). */
    Type.Object({ sentTo: Type.String(), deliveries: Type.Optional(Type.Array(InvoiceDelivery)) }),
    changes('invoice.resend'),
  ),
  /** The invoice's deliveries, newest first. */
  'invoice/deliveries': call(Body({ id: Id('发票') }), Type.Object({ list: Type.Array(InvoiceDelivery) }), READ_ONLY),
  'invoice/homeSummary': call(Empty, HomeSummary, READ_ONLY),
  'company/getInvoiceQrcode': call(Empty, Type.Object({ url: Type.String(), companyName: Type.String(), code: Type.String() }), READ_ONLY),
};
