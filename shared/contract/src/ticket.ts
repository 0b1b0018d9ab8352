/**
 * The ticket folder (票夹): invoices the company received — imported by photo, scan or hand, or collected
 * automatically when a company here issues one to this company's tax number — their verification (查验) at the tax
 * bureau as a task, reimbursement, and the month's totals. The rules of an import are the domain's
 * (`@app/domain/ticket`: `ticketImportProblems`); a QR payload is parsed in the browser with `parseInvoiceQr`
 * (`@app/domain/invoice-qr`) and its type code mapped with `ticketTypeOfQrCode`, so there is no parse call.
 */
import Type, { type Static } from 'typebox';
import { TICKET_IMPORT_SOURCES, TICKET_SOURCES, TICKET_TYPES, TICKET_VERIFY_STATES } from '@app/domain/ticket';
import { Body, call, changes, Day, Fen, Id, IsoTime, Month, Nullable, OneOf, Paged, Paging, READ_ONLY, Text, UPKEEP } from './schema-kit';
import { InvoiceDocumentLine } from './invoice';

export const TicketTypeSchema = OneOf([...TICKET_TYPES], '发票类型');
export const TicketVerifyStateSchema = OneOf([...TICKET_VERIFY_STATES], '查验状态');

/** A row of the folder. Amounts: `taxFen`/`grossFen` are null until a verification (or the issuing here) tells them. */
export const TicketSummary = Type.Object({
  id: Type.String(),
  source: OneOf([...TICKET_SOURCES], '来源'),
  /** Null until known (a 20-digit number typed by hand: the verification tells 专票 or 普票). */
  type: Nullable(TicketTypeSchema),
  /** 发票代码: empty on fully digital invoices. */
  invoiceCode: Type.String(),
  number: Type.String(),
  /** 开票日期 YYYY-MM-DD; the folder's months are of this date. */
  issueDate: Type.String(),
  /** Empty until verified. */
  sellerName: Type.String(),
  netFen: Type.Integer(),
  taxFen: Nullable(Type.Integer()),
  grossFen: Nullable(Type.Integer()),
  /** 价税合计 reversed by red invoices (positive; 0 when none): 已红冲 when all of it, otherwise partly (部分红冲). */
  redGrossFen: Type.Integer(),
  verifyState: TicketVerifyStateSchema,
  reimbursed: Type.Boolean(),
  createdAt: IsoTime,
});
export type TicketSummary = Static<typeof TicketSummary>;

/** One ticket with everything known of it. */
export const TicketDetail = Type.Object({
  ...TicketSummary.properties,
  sellerTaxNumber: Type.String(),
  buyerName: Type.String(),
  buyerTaxNumber: Type.String(),
  /** Empty where the type has none or it was not given. */
  checkCodeLast6: Type.String(),
  redNetFen: Type.Integer(),
  redTaxFen: Type.Integer(),
  remarks: Type.String(),
  /** The invoice's lines once verified (or collected); empty before. */
  lines: Type.Array(InvoiceDocumentLine),
  /** The last verification: when it ended, what the bureau said (a mismatch names the field), its task. */
  verifiedAt: Nullable(IsoTime),
  verifyMessage: Nullable(Type.String()),
  verifyTaskId: Nullable(Type.String()),
  reimbursedAt: Nullable(IsoTime),
  /** The name of the user who marked it reimbursed. */
  reimbursedBy: Nullable(Type.String()),
  /** The invoice when it was issued in this system: its PDF is `ticket/pdfLink`. */
  invoiceId: Nullable(Type.String()),
});
export type TicketDetail = Static<typeof TicketDetail>;

/**
 * The totals of the filter: `count` its tickets, `counted` how many of them count into the amounts, and their sums —
 * 不含税金额, 税额 and 价税合计 — by the domain's rule (`@app/domain/ticket`: `ticketCountedAmounts`): only tickets the
 * bureau confirmed (查验通过, 已红冲), net of red reversals. Without a keyword they are exact whatever the number of
 * tickets; with one they are of the matches the list counts (at most 1,000: `count` 1000 means a thousand or more).
 */
export const TicketTotals = Type.Object({
  count: Type.Integer(),
  counted: Type.Integer(),
  netFen: Type.Integer(),
  taxFen: Type.Integer(),
  grossFen: Type.Integer(),
});
export type TicketTotals = Static<typeof TicketTotals>;

export const TicketPage = Type.Object({ ...Paged(TicketSummary).properties, totals: TicketTotals });
export type TicketPage = Static<typeof TicketPage>;

const TicketId = { id: Id('票夹发票') };

/** Newest issue date first. */
export const TicketListQuery = Body({
  /** The issue date's month. */
  month: Type.Optional(Month('月份')),
  type: Type.Optional(TicketTypeSchema),
  verifyState: Type.Optional(TicketVerifyStateSchema),
  reimbursed: Type.Optional(Type.Boolean({ title: '报销状态' })),
  /** A seller name (its start, or all of it) or the end of an invoice number (digits). */
  keyword: Type.Optional(Text('搜索', 50)),
  ...Paging,
});

export const TicketImport = Body({
  source: OneOf([...TICKET_IMPORT_SOURCES], '来源'),
  /** From the QR payload's type code; a hand-typed ticket may leave it out. */
  type: Type.Optional(TicketTypeSchema),
  invoiceCode: Type.Optional(Type.String({ title: '发票代码', pattern: '^(\\d{10}|\\d{12})?$', maxLength: 12 })),
  number: Type.String({ title: '发票号码', pattern: '^(\\d{8}|\\d{20})$', maxLength: 20 }),
  issueDate: Day('开票日期'),
  netFen: Fen('不含税金额', 1),
  checkCodeLast6: Type.Optional(Type.String({ title: '校验码后6位', pattern: '^([0-9A-Za-z]{6})?$', maxLength: 6 })),
});
export type TicketImport = Static<typeof TicketImport>;

/** What `wx.config` takes (JS-SDK, for `wx.scanQRCode`): signed for the page at `url`. */
export const WechatJsapiConfig = Type.Object({
  appId: Type.String(),
  timestamp: Type.Integer(),
  nonceStr: Type.String(),
  signature: Type.String(),
});
export type WechatJsapiConfig = Static<typeof WechatJsapiConfig>;

export const ticketCalls = {
  /** The folder, one page, with the totals of the whole filter. */
  'ticket/list': call(TicketListQuery, TicketPage, READ_ONLY),
  'ticket/get': call(Body(TicketId), TicketDetail, READ_ONLY),
  /**
   * Adds a ticket (未查验) and starts its verification. Refused: a field the domain refuses (4000 naming it), and the
   * same invoice already in this company's folder (2005, saying where: 该发票已在票夹中（2026年11月，已报销）).
   */
  'ticket/import': call(TicketImport, Type.Object({ ticket: TicketDetail, taskId: Nullable(Type.String()) }), changes('ticket.import')),
  /** Verifies again (a 查验 task: poll `task/getTaskProcess`); 2001 with its id while one is running. */
  'ticket/verify': call(Body(TicketId), Type.Object({ taskId: Type.String() }), changes('ticket.verify')),
  /** Compare-and-set: marking it what it already is answers 2005 saying who did it and when. */
  'ticket/markReimbursed': call(
    Body({ ...TicketId, reimbursed: Type.Boolean({ title: '已报销' }) }),
    TicketDetail,
    changes('ticket.reimburse'),
  ),
  'ticket/delete': call(Body(TicketId), Type.Object({ id: Type.String() }), changes('ticket.delete')),
  /** The PDF of a ticket issued in this system (the caller's company is its buyer or seller); 4004 otherwise. */
  'ticket/pdfLink': call(Body(TicketId), Type.Object({ url: Type.String(), fileName: Type.String() }), READ_ONLY),
  /** The JS-SDK signature for a page of this app (`url` without its `#…`); 2005 where WeChat is not configured. */
  'wechat/jsapiConfig': call(Body({ url: Text('页面地址', 1000, 1) }), WechatJsapiConfig, UPKEEP),
};
