/**
 * What export/create asks, checked: the range (a month, or China days from–to within MAX_EXPORT_DAYS), the format
 * (a zip only of invoices), the filters of the source's own list (under its key; another source's are refused), the
 * address, and who may see that list. Refusals are 4000 naming the field, as the list calls' are.
 */
import {
  EXPORT_MESSAGES,
  MAX_EXPORT_DAYS,
  MAX_EXPORT_PDFS,
  MAX_EXPORT_ROWS,
  type ExportRequest,
  type ExportSource,
} from '@app/contract/export';
import type { Permission } from '@app/contract/user';
import { chinaRange, type ChinaRange } from '@app/domain/china-time';
import { deliverEmailProblem } from '@app/domain/invoice-delivery';
import type { CallerCompany } from '../auth/caller';
import { PAYMENT_LIST_ACCESS } from '../cash/payment-list-query';
import { invalidField } from '../http/api-failure';
import { requirePermitted } from '../http/register-calls';
import { permitted } from '../http/access';
import { INVOICE_LIST_ACCESS } from '../invoices/invoice-list-query';
import { TICKET_LIST_ACCESS } from '../tickets/ticket-search';
import { invoiceSelection } from './export-invoices';
import type { ExportScope } from './export-sheet';
import { exportSheet } from './export-step';

/** Who may export a source: who may see its list. */
const SOURCE_ACCESS: Record<ExportSource, { kind: 'company'; anyOf?: readonly Permission[] }> = {
  invoices: INVOICE_LIST_ACCESS,
  tickets: TICKET_LIST_ACCESS,
  payments: PAYMENT_LIST_ACCESS,
};

export function maySeeSource(source: ExportSource, company: CallerCompany): boolean {
  return permitted(SOURCE_ACCESS[source], company.permissions);
}

export function requireSourceAccess(source: ExportSource, company: CallerCompany | null): void {
  requirePermitted(SOURCE_ACCESS[source], company);
}

export function requestedExportRange(body: Pick<ExportRequest, 'month' | 'from' | 'to'>): ChinaRange {
  if (body.month) {
    if (body.from || body.to) throw invalidField(body.from ? 'from' : 'to', '请选择月份或起止日期，不能同时选择');
    const month = chinaRange(body.month);
    if (!month) throw invalidField('month', '月份不存在');
    return month;
  }
  if (!body.from) throw invalidField('from', EXPORT_MESSAGES.noRange);
  if (!body.to) throw invalidField('to', EXPORT_MESSAGES.noRange);
  if (!chinaRange(body.from)) throw invalidField('from', '开始日期不存在');
  if (!chinaRange(body.to)) throw invalidField('to', '结束日期不存在');
  const range = chinaRange(body.from, body.to);
  if (!range) throw invalidField('to', EXPORT_MESSAGES.rangeBackwards);
  if (range.dayCount > MAX_EXPORT_DAYS) throw invalidField('to', EXPORT_MESSAGES.rangeTooLong);
  return range;
}

/** The source's filters (empty when none); the format checked against the source. */
export function requestedFilters(body: ExportRequest): Record<string, unknown> {
  if (body.format === 'zip' && body.source !== 'invoices') throw invalidField('format', EXPORT_MESSAGES.zipOnlyInvoices);
  for (const key of ['invoices', 'tickets', 'payments'] as const) {
    if (key !== body.source && body[key] !== undefined) throw invalidField(key, EXPORT_MESSAGES.otherFilters);
  }
  const filters: Record<string, unknown> = { ...body[body.source] };
  if (typeof filters.keyword === 'string') filters.keyword = filters.keyword.trim() || undefined;
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined));
}

export function requestedEmail(email: string | undefined, field = 'email'): string | null {
  const value = email?.trim() ?? '';
  if (!value) return null;
  const problem = deliverEmailProblem(value);
  if (problem) throw invalidField(field, problem);
  return value;
}

/** Refuses an export over the limits (4000 on `to`: narrow the range); answers how many rows it will have. */
export async function checkedRowCount(
  request: { source: ExportSource; format: 'xlsx' | 'zip'; filters: Record<string, unknown> },
  scope: ExportScope,
): Promise<number> {
  if (request.format === 'zip') {
    const count = await invoiceSelection(scope, request.filters).count();
    if (count > MAX_EXPORT_PDFS) throw invalidField('to', EXPORT_MESSAGES.tooManyPdfs);
    return count;
  }
  const count = await exportSheet(request, scope).count();
  if (count > MAX_EXPORT_ROWS) throw invalidField('to', EXPORT_MESSAGES.tooManyRows);
  return count;
}
