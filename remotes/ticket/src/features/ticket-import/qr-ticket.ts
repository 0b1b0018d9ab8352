/**
 * From an invoice's QR payload to what `ticket/import` takes: the payload parsed by the domain (`parseInvoiceQr` of
 * `@app/domain/invoice-qr`), its type code mapped by `ticketTypeOfQrCode`, and the fields judged by the rules the
 * server applies (`ticketImportProblems` of `@app/domain/ticket`), so the confirm screen says what the server would.
 */
import { chinaDate } from '@app/domain/china-time';
import { parseInvoiceQr } from '@app/domain/invoice-qr';
import { ticketImportProblems, ticketTypeOfQrCode, type TicketImportField } from '@app/domain/ticket';
import type { TicketImportBody } from '../tickets/tickets-api';

export type QrTicket = { ok: true; body: TicketImportBody; problem: string | null } | { ok: false; reason: string };

const FIELD_ORDER: TicketImportField[] = ['type', 'invoiceCode', 'number', 'issueDate', 'netFen', 'checkCodeLast6'];

/** The first problem the domain finds with an import's fields today (China), or null. */
export function importProblem(body: TicketImportBody, now = new Date()): string | null {
  const problems = ticketImportProblems(body, chinaDate(now));
  const field = FIELD_ORDER.find((name) => problems[name]);
  return field ? (problems[field] ?? null) : null;
}

/** What a scanned or photographed QR code holds, as an import from `source`. */
export function qrTicketOf(text: string, source: '拍照' | '扫码', now = new Date()): QrTicket {
  const parsed = parseInvoiceQr(text);
  if (!parsed.ok) return { ok: false, reason: `无法识别发票二维码：${parsed.reason}` };
  const { invoice } = parsed;
  const type = ticketTypeOfQrCode(invoice.type);
  if (!type) return { ok: false, reason: '暂不支持导入此类发票' };
  if (invoice.netFen <= 0) return { ok: false, reason: '红字发票无需导入票夹' };
  const body: TicketImportBody = {
    source,
    type,
    number: invoice.number,
    issueDate: invoice.date,
    netFen: invoice.netFen,
    // Only an older invoice (with a code) is verified with its check code; a digital one has none to give.
    ...(invoice.code && { invoiceCode: invoice.code, ...(invoice.checkCodeTail && { checkCodeLast6: invoice.checkCodeTail }) }),
  };
  return { ok: true, body, problem: importProblem(body, now) };
}
