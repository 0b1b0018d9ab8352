/**
 * The ticket folder (票夹): invoices a company received. What a ticket is, how it got here, how far its verification
 * (查验) at the tax bureau went, and what an import must give — the same on the import form and on the server.
 */
import { INVOICE_NUMBER_MESSAGES, invoiceNumberProblem } from './invoice-number';

/** The kinds of invoice a folder holds, by the type code printed in their QR payload. */
export type TicketType = '数电专票' | '数电普票' | '增值税专用发票' | '增值税电子专用发票' | '增值税普通发票' | '增值税电子普通发票';
export const TICKET_TYPES: readonly TicketType[] = [
  '数电专票',
  '数电普票',
  '增值税专用发票',
  '增值税电子专用发票',
  '增值税普通发票',
  '增值税电子普通发票',
];
/** The QR payload's type code (`parseInvoiceQr(...).invoice.type`) of each. */
export const TICKET_TYPE_CODES: Record<TicketType, string> = {
  数电专票: '31',
  数电普票: '32',
  增值税专用发票: '01',
  增值税电子专用发票: '08',
  增值税普通发票: '04',
  增值税电子普通发票: '10',
};

/** The type a QR payload's code means, or null for one the folder does not know. */
export function ticketTypeOfQrCode(code: string): TicketType | null {
  return TICKET_TYPES.find((type) => TICKET_TYPE_CODES[type] === code) ?? null;
}

/** Fully digitalised invoices: a 20-digit number, no invoice code, no check code. */
export function isDigitalTicketType(type: TicketType): boolean {
  return type === '数电专票' || type === '数电普票';
}

/** Older ordinary invoices are verified with the last six characters of their check code (校验码). */
export function ticketTypeNeedsCheckCode(type: TicketType): boolean {
  return type === '增值税普通发票' || type === '增值税电子普通发票';
}

export type TicketSource = '拍照' | '扫码' | '手动输入' | '自动归集';
/** How a user adds a ticket; 自动归集 is the server's own (an invoice issued here to this company). */
export const TICKET_IMPORT_SOURCES = ['拍照', '扫码', '手动输入'] as const;
export const TICKET_SOURCES: readonly TicketSource[] = [...TICKET_IMPORT_SOURCES, '自动归集'];

/** Verification (查验) at the tax bureau. 未查验 and 查验中 are on the way; the others are its answers. */
export type TicketVerifyState = '未查验' | '查验中' | '查验通过' | '查无此票' | '已作废' | '已红冲' | '查验失败';
export const TICKET_VERIFY_STATES: readonly TicketVerifyState[] = [
  '未查验',
  '查验中',
  '查验通过',
  '查无此票',
  '已作废',
  '已红冲',
  '查验失败',
];

/**
 * The states whose amounts count into the folder's 价税合计 and month totals: what the bureau confirmed. A red-reversed
 * ticket counts net of its reversals (a whole reversal, 已红冲, nets to nothing). A ticket on its way (未查验, 查验中),
 * one the bureau did not answer (查验失败), did not find (查无此票) or reports void (已作废) is listed and counted in
 * 张, but adds no amount: its figures are only what was typed or scanned, or are void.
 */
export const TICKET_COUNTED_STATES: readonly TicketVerifyState[] = ['查验通过', '已红冲'];

export function ticketCountsInTotals(state: TicketVerifyState): boolean {
  return TICKET_COUNTED_STATES.includes(state);
}

export interface TicketAmounts {
  netFen: number;
  taxFen: number;
  grossFen: number;
}

/** What a ticket's amounts and its red reversals are, as a list row or the store holds them (fen). */
export interface TicketFigures {
  netFen: number;
  /** Null until known (verified, or issued here). */
  taxFen: number | null;
  grossFen: number | null;
  redNetFen: number;
  redTaxFen: number;
  redGrossFen: number;
}

/** A ticket's amounts net of its red reversals; before its tax is known, its net amount is its gross. */
export function ticketNetAmounts(ticket: TicketFigures): TicketAmounts {
  return {
    netFen: ticket.netFen - ticket.redNetFen,
    taxFen: (ticket.taxFen ?? 0) - ticket.redTaxFen,
    grossFen: (ticket.grossFen ?? ticket.netFen) - ticket.redGrossFen,
  };
}

const NOTHING: TicketAmounts = { netFen: 0, taxFen: 0, grossFen: 0 };

/** What a ticket adds to the totals: its amounts net of red reversals where its state counts, else nothing. */
export function ticketCountedAmounts(ticket: TicketFigures & { verifyState: TicketVerifyState }): TicketAmounts {
  return ticketCountsInTotals(ticket.verifyState) ? ticketNetAmounts(ticket) : NOTHING;
}

export interface TicketImportFields {
  type?: TicketType;
  /** 发票代码: 10 or 12 digits on older invoices, absent (or empty) on fully digital ones. */
  invoiceCode?: string;
  number: string;
  /** YYYY-MM-DD. */
  issueDate: string;
  /** 不含税金额 in fen. */
  netFen: number;
  checkCodeLast6?: string;
}

const ISO_DAY = /^20\d{2}-\d{2}-\d{2}$/;

/** What a check code typed for a fully digital invoice is told. */
export const DIGITAL_CHECK_CODE_MESSAGE = '数电发票没有校验码，请留空';

export type TicketImportField = 'type' | 'invoiceCode' | 'number' | 'issueDate' | 'netFen' | 'checkCodeLast6';

/**
 * What is wrong with an import's fields at `today` (YYYY-MM-DD, China), by field; empty when nothing is. A 20-digit
 * number is a fully digital invoice (no code), its region a province's and its first two digits the issue date's
 * year, and no check code; otherwise a 10- or 12-digit code and an 8-digit number, with the check
 * code's last six where the type needs them (and where the type is not given, unless it is a special invoice).
 */
export function ticketImportProblems(fields: TicketImportFields, today: string): Partial<Record<TicketImportField, string>> {
  const problems: Partial<Record<TicketImportField, string>> = {};
  const code = fields.invoiceCode ?? '';
  const digital = code === '';
  if (digital) {
    if (!/^\d{20}$/.test(fields.number)) problems.number = '数电发票号码应为 20 位数字；其他发票请同时填写发票代码';
    else if (invoiceNumberProblem(fields.number)) problems.number = INVOICE_NUMBER_MESSAGES.region;
    // The number's first two digits are the year it was issued in: compared once a date is given (a form asks for
    // the date itself, and a number typed first is not wrong yet).
    else if (ISO_DAY.test(fields.issueDate) && fields.number.slice(0, 2) !== fields.issueDate.slice(2, 4))
      problems.number = '发票号码的年份与开票日期不符，请核对';
    if (fields.type && !isDigitalTicketType(fields.type)) problems.invoiceCode = '请填写发票代码（10 位或 12 位数字）';
    // A fully digital invoice has no check code: one typed is a mistake, and the bureau would never compare it.
    else if (fields.checkCodeLast6) problems.checkCodeLast6 = DIGITAL_CHECK_CODE_MESSAGE;
  } else {
    if (!/^\d{10}$|^\d{12}$/.test(code)) problems.invoiceCode = '发票代码应为 10 位或 12 位数字';
    if (!/^\d{8}$/.test(fields.number)) problems.number = '发票号码应为 8 位数字';
    if (fields.type && isDigitalTicketType(fields.type)) problems.type = '数电发票没有发票代码';
    const needsCheckCode = fields.type ? ticketTypeNeedsCheckCode(fields.type) : true;
    if (needsCheckCode && !/^[0-9A-Za-z]{6}$/.test(fields.checkCodeLast6 ?? '')) problems.checkCodeLast6 = '请填写校验码后 6 位';
  }
  if (fields.checkCodeLast6 && !/^[0-9A-Za-z]{6}$/.test(fields.checkCodeLast6))
    problems.checkCodeLast6 = '校验码后 6 位应为 6 位数字或字母';
  if (!ISO_DAY.test(fields.issueDate) || !validDay(fields.issueDate)) problems.issueDate = '开票日期不正确';
  else if (fields.issueDate > today) problems.issueDate = '开票日期不能晚于今天';
  if (!Number.isSafeInteger(fields.netFen) || fields.netFen <= 0) problems.netFen = '金额应大于 0';
  return problems;
}

function validDay(iso: string): boolean {
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(iso);
}
