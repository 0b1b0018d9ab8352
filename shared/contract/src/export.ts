/**
 * 导出: the invoice list, the ticket folder (票夹) or 收支 of a China month or a range of China days, with the list's own
 * filters, as an `.xlsx` (one row per invoice, ticket or payment line, and a totals row equal to the list's totals)
 * or, for invoices, a `.zip` of their PDFs named by number. An export is made by a server task: create it, poll
 * `export/get` until 已生成, then open its `url` — a signed link valid EXPORT_LINK_MINUTES, no session needed, so it
 * opens in the system browser from WeChat — or have it e-mailed (`email` on create, or `export/send` later; a file
 * over EXPORT_ATTACH_MAX_BYTES is sent as a link instead of an attachment).
 *
 * Who may export is who may see the list: the company's users for invoices and tickets, the money roles for 收支
 * (else 1003). An export is its creator's: another company's answers 1004, another user's 4004.
 */
import Type, { type Static } from 'typebox';
import { Body, call, changes, Day, Id, IsoTime, Month, Nullable, OneOf, READ_ONLY, Text } from './schema-kit';
import { invoiceCalls } from './invoice';
import { paymentCalls } from './payment';
import { TicketListQuery } from './ticket';

export const EXPORT_SOURCES = ['invoices', 'tickets', 'payments'] as const;
export type ExportSource = (typeof EXPORT_SOURCES)[number];
/** What an export file may hold: a list's rows, or (`personal`) a person's copy of their own data (`account/createDataCopy`). */
export const EXPORT_FILE_SOURCES = [...EXPORT_SOURCES, 'personal'] as const;
export type ExportFileSource = (typeof EXPORT_FILE_SOURCES)[number];
export const EXPORT_SOURCE_NAMES: Record<ExportFileSource, string> = {
  invoices: '发票',
  tickets: '票夹',
  payments: '收支',
  personal: '个人信息副本',
};

/** `zip` (the PDFs) only for invoices. */
export const EXPORT_FORMATS = ['xlsx', 'zip'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** A file's formats: the list exports' and the personal copy's JSON. */
export const EXPORT_FILE_FORMATS = [...EXPORT_FORMATS, 'json'] as const;
export type ExportFileFormat = (typeof EXPORT_FILE_FORMATS)[number];

export const EXPORT_STATES = ['生成中', '已生成', '生成失败'] as const;
export type ExportState = (typeof EXPORT_STATES)[number];

/** An export's latest e-mail: queued or being retried, in the mail server's hands, or given up (the reason in `failReason`). */
export const EXPORT_MAIL_STATES = ['发送中', '已发送', '发送失败'] as const;
export type ExportMailState = (typeof EXPORT_MAIL_STATES)[number];

/** The longest range of China days one export covers. */
export const MAX_EXPORT_DAYS = 366;
/** The most rows an `.xlsx` holds, and the most PDFs a `.zip` holds: more is refused (narrow the range or filters). */
export const MAX_EXPORT_ROWS = 100_000;
export const MAX_EXPORT_PDFS = 2_000;
/** How long a signed link opens the file; `export/link` (or `export/get`) signs a fresh one. */
export const EXPORT_LINK_MINUTES = 10;
/** How long a made file is kept; after that `export/get` answers it 生成失败 with 文件已过期. */
export const EXPORT_KEEP_HOURS = 24;
/** A file up to this size is attached to the e-mail; a larger one is sent as a link (valid EXPORT_KEEP_HOURS). */
export const EXPORT_ATTACH_MAX_BYTES = 10 * 1024 * 1024;

/** The list calls' own filters, without their paging and month (the export's range replaces the month). */
const listFilters = <S extends Type.TObject>(schema: S, title: string) =>
  Type.Omit(schema, ['page', 'pageSize', 'month'], { additionalProperties: false, title });
/** The filters of `invoice/list`: kind, status, keyword, deliveryFailed. */
export const InvoiceExportFilters = listFilters(invoiceCalls['invoice/list'].body, '发票筛选');
/** The filters of `ticket/list`: type, verifyState, reimbursed, keyword. */
export const TicketExportFilters = listFilters(TicketListQuery, '票夹筛选');
/** The filters of `payment/list`: type, channel. */
export const PaymentExportFilters = listFilters(paymentCalls['payment/list'].body, '收支筛选');

/**
 * What to export. The range is `month`, or `from` and `to` (China days, both included, at most MAX_EXPORT_DAYS);
 * one of them is required. The filters are those of the source's list, under the source's key (`invoices` with
 * source 'invoices'…); the other keys are refused. Invoices are in range by the date the list shows (开票日期, or the
 * creation date until issued); tickets by 开票日期; 收支 by the time of the payment.
 */
export const ExportRequest = Body({
  source: OneOf([...EXPORT_SOURCES], '导出内容'),
  format: OneOf([...EXPORT_FORMATS], '导出格式'),
  month: Type.Optional(Month('月份')),
  from: Type.Optional(Day('开始日期')),
  to: Type.Optional(Day('结束日期')),
  invoices: Type.Optional(InvoiceExportFilters),
  tickets: Type.Optional(TicketExportFilters),
  payments: Type.Optional(PaymentExportFilters),
  /** Also send the file to this address once made. */
  email: Type.Optional(Text('接收邮箱', 254, 3)),
});
export type ExportRequest = Static<typeof ExportRequest>;

export const ExportJob = Type.Object({
  id: Type.String(),
  source: OneOf([...EXPORT_FILE_SOURCES], '导出内容'),
  format: OneOf([...EXPORT_FILE_FORMATS], '导出格式'),
  /** The range covered, China days. */
  from: Type.String(),
  to: Type.String(),
  state: OneOf([...EXPORT_STATES], '导出状态'),
  /** 0–100 while 生成中; 100 once 已生成. */
  progress: Type.Integer({ minimum: 0, maximum: 100 }),
  /** Rows (or PDFs) written so far; all of them once 已生成. */
  rows: Type.Integer(),
  /** The file's name, e.g. `发票_2026-11.xlsx`. */
  fileName: Type.String(),
  /** Once 已生成: the file's size. */
  bytes: Nullable(Type.Integer()),
  /** Once 已生成: a signed link to the file, valid until `expiresAt` (EXPORT_LINK_MINUTES); null otherwise. */
  url: Nullable(Type.String()),
  expiresAt: Nullable(IsoTime),
  /** The address the file was (or is being) sent to, the latest one. */
  emailedTo: Nullable(Type.String()),
  /** That e-mail's state; null when none was asked for. */
  mailState: Nullable(OneOf([...EXPORT_MAIL_STATES], '发送状态')),
  /** Why it is 生成失败 (文件已过期 once its file expired); or, while 已生成, why its latest e-mail failed. */
  failReason: Nullable(Type.String()),
  createdAt: IsoTime,
  finishedAt: Nullable(IsoTime),
});
export type ExportJob = Static<typeof ExportJob>;

export const ExportLink = Type.Object({ url: Type.String(), fileName: Type.String(), expiresAt: IsoTime });
export type ExportLink = Static<typeof ExportLink>;

/**
 * The messages of the refusals the screens may show as they are (the API answers them with these codes):
 * 4000 for the range and the filters, 2001 while the caller's previous export of the source is being made
 * (`result.taskId` is that export's id), 2005 for a link or a sending before the file is made or after it expired.
 */
export const EXPORT_MESSAGES = {
  noRange: '请选择月份或起止日期',
  rangeBackwards: '结束日期不能早于开始日期',
  rangeTooLong: `导出范围不能超过 ${MAX_EXPORT_DAYS} 天`,
  zipOnlyInvoices: '只有发票可以导出 PDF 压缩包',
  otherFilters: '筛选条件与导出内容不符',
  tooManyRows: `导出的记录超过 ${MAX_EXPORT_ROWS} 条，请缩小日期范围或筛选条件`,
  tooManyPdfs: `PDF 压缩包最多 ${MAX_EXPORT_PDFS} 张发票，请缩小日期范围或筛选条件`,
  running: '正在生成上一份导出，请稍候',
  notReady: '文件尚未生成',
  expired: '文件已过期，请重新导出',
  notFound: '导出记录不存在',
  linkExpired: '下载链接已过期，请回到应用重新获取',
  linkInvalid: '下载链接无效',
} as const;

const ExportId = { id: Id('导出记录') };

export const exportCalls = {
  /** Starts an export (a task); the answer is 生成中 — poll `export/get`. */
  'export/create': call(ExportRequest, ExportJob, changes('export.create')),
  /** The export as it stands; once 已生成, with a fresh signed link. */
  'export/get': call(Body(ExportId), ExportJob, READ_ONLY),
  /** A fresh signed link to a made file (2005 before it is made or once it expired). */
  'export/link': call(Body(ExportId), ExportLink, READ_ONLY),
  /**
   * Queues the sending of a made file to an address (2005 before it is made or once it expired): `mailState` 发送中,
   * then 已发送 or 发送失败 — poll `export/get`. Asked again while it is being sent to that address, nothing more is sent.
   */
  'export/send': call(Body({ ...ExportId, email: Text('接收邮箱', 254, 3) }), ExportJob, changes('export.send')),
  /** The caller's latest exports in the company (at most 20), newest first. */
  'export/list': call(Body({}), Type.Object({ list: Type.Array(ExportJob) }), READ_ONLY),
};
