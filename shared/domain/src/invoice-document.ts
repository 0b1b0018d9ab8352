/**
 * An invoice as the server answers it and as it is shown and printed: the detail view, the PDF and the lists all read
 * this one shape. Money is integer fen; dates are ISO strings (the screen formats them).
 */
import type { TaxExemption } from './tax-maths';

export type InvoiceKind = 'blue' | 'red';

/** 数电普票 (general) or 数电专票 (special; needs the buyer's tax number). */
export type InvoiceType = '数电普票' | '数电专票';
export const INVOICE_TYPES: readonly InvoiceType[] = ['数电普票', '数电专票'];
/** The type code printed in the invoice QR payload. */
export const INVOICE_TYPE_CODES: Record<InvoiceType, string> = { 数电专票: '31', 数电普票: '32' };

export type InvoiceStatus = '开具中' | '已开具' | '已红冲' | '部分红冲' | '开具失败';
export const INVOICE_STATUSES: readonly InvoiceStatus[] = ['开具中', '已开具', '已红冲', '部分红冲', '开具失败'];

export interface InvoiceParty {
  name: string;
  /** Empty for a natural person without one. */
  taxNumber: string;
  address: string;
  phone: string;
  bankName: string;
  bankAccount: string;
  /** 自然人 (a buyer who is a person, not a company). */
  naturalPerson: boolean;
}

export interface InvoiceDocumentLine {
  /** 1-based; a red line carries the number of the blue line it reverses. */
  lineNo: number;
  /** 项目名称 as printed: `*税收分类简称*商品名称`. */
  itemName: string;
  /** 税收分类编码, 19 digits. */
  taxCode: string;
  model: string;
  unit: string;
  /** Decimal strings as printed; null when the line has none. */
  quantity: string | null;
  unitPrice: string | null;
  netFen: number;
  /** Per mille (130 = 13 %), or null when the line is 免税 / 不征税. */
  ratePermille: number | null;
  taxFree: TaxExemption | null;
  taxFen: number;
  grossFen: number;
  /** A discount line (折扣行): the number of the line it discounts, which it follows; null for any other line. */
  discountOf: number | null;
}

/** 红字发票信息确认单 states. */
export type RedConfirmationState = '01' | '02' | '03' | '04' | '05' | '06' | '07';
export const RED_CONFIRMATION_STATES: Record<RedConfirmationState, string> = {
  '01': '无需确认',
  '02': '销方录入待购方确认',
  '03': '购方录入待销方确认',
  '04': '购销双方已确认',
  '05': '作废（对方已拒绝）',
  '06': '作废（超72小时未确认）',
  '07': '作废（已撤销）',
};

/** Why a blue invoice is reversed. 01 allows only a full reversal. */
export type RedReason = '01' | '02' | '03' | '04';
export const RED_REASONS: Record<RedReason, string> = {
  '01': '开票有误',
  '02': '销货退回',
  '03': '服务中止',
  '04': '销售折让',
};

export interface RedConfirmation {
  /** 红字发票信息确认单编号. */
  number: string;
  reason: RedReason;
  state: RedConfirmationState;
}

export interface InvoiceDocument {
  id: string;
  kind: InvoiceKind;
  type: InvoiceType;
  status: InvoiceStatus;
  /** The 20-digit number, once issued. */
  number: string | null;
  issuedAt: string | null;
  buyer: InvoiceParty;
  seller: InvoiceParty;
  lines: InvoiceDocumentLine[];
  netFen: number;
  taxFen: number;
  grossFen: number;
  remarks: string;
  /** 开票人: the name on the signed-in e-tax account. */
  issuer: string;
  /** Where the issued invoice is sent. */
  deliverPhone: string;
  deliverEmail: string;
  failReason: string | null;
  /** The task that issues (or issued) it. */
  taskId: string | null;
  createdAt: string;
  /** A blue invoice: what is still left to reverse (价税合计), and per line. */
  leftFen: number;
  leftByLine: Record<number, number>;
  /** A red invoice: the blue invoice it reverses and its confirmation form. */
  original: { id: string; number: string | null; issuedAt: string | null } | null;
  redConfirmation: RedConfirmation | null;
}

/** What a list row needs. */
export type InvoiceSummary = Pick<
  InvoiceDocument,
  | 'id'
  | 'kind'
  | 'type'
  | 'status'
  | 'number'
  | 'issuedAt'
  | 'netFen'
  | 'taxFen'
  | 'grossFen'
  | 'leftFen'
  | 'failReason'
  | 'taskId'
  | 'createdAt'
> & {
  buyerName: string;
  buyerTaxNumber: string;
  /** invoice/list: the latest delivery on some channel failed (发送失败). */
  deliveryFailed?: boolean;
};

/** `*餐饮服务*午餐` from the short name of the tax class and the goods name. */
export function printedItemName(taxShortName: string, goodsName: string): string {
  return `*${taxShortName}*${goodsName}`;
}

/** The rate column as printed: 13%, 1.5%, 免税, 不征税. */
export function printedRate(line: Pick<InvoiceDocumentLine, 'ratePermille' | 'taxFree'>): string {
  if (line.taxFree) return line.taxFree;
  const permille = line.ratePermille ?? 0;
  return `${permille / 10}%`;
}

/** The heading printed at the top of the invoice (not to be confused with a 发票抬头, the buyer details). */
export function printedHeading(type: InvoiceType): string {
  return type === '数电专票' ? '电子发票（增值税专用发票）' : '电子发票（普通发票）';
}
