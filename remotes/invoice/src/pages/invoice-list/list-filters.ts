/**
 * The filters of the invoice list: colour, status, month, 发送失败 and a search, and how they become an `invoice/list`
 * query.
 */
import { INVOICE_STATUSES, type InvoiceKind, type InvoiceStatus } from '@app/domain/invoice-document';
import type { InvoiceListQuery } from '../../features/invoices/invoice-api';

export interface ListFilters {
  kind: InvoiceKind | null;
  status: InvoiceStatus | null;
  /** `YYYY-MM`. */
  month: string | null;
  /** Only invoices whose latest delivery on some channel failed. */
  deliveryFailed: boolean;
  keyword: string;
}

export const NO_FILTERS: ListFilters = { kind: null, status: null, month: null, deliveryFailed: false, keyword: '' };

/** The 发送 menu's one choice (全部 is no filter). */
export const DELIVERY_FAILED = 'failed';
export const DELIVERY_OPTIONS: readonly { value: typeof DELIVERY_FAILED; label: string }[] = [
  { value: DELIVERY_FAILED, label: '发送失败' },
];

export const KIND_OPTIONS: readonly { value: InvoiceKind; label: string }[] = [
  { value: 'blue', label: '蓝票' },
  { value: 'red', label: '红票' },
];

export const STATUS_OPTIONS: readonly { value: InvoiceStatus; label: string }[] = INVOICE_STATUSES.map((status) => ({
  value: status,
  label: status,
}));

export function kindLabel(kind: InvoiceKind): string {
  return kind === 'red' ? '红票' : '蓝票';
}

export function queryOf(filters: ListFilters): InvoiceListQuery {
  const keyword = filters.keyword.trim();
  return {
    ...(filters.kind ? { kind: filters.kind } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.month ? { month: filters.month } : {}),
    ...(filters.deliveryFailed ? { deliveryFailed: true } : {}),
    ...(keyword ? { keyword } : {}),
  };
}

/** The PagedList key: a new one starts the list over. */
export function keyOf(filters: ListFilters): string {
  return JSON.stringify(queryOf(filters));
}

export function hasFilters(filters: ListFilters): boolean {
  return keyOf(filters) !== keyOf(NO_FILTERS);
}

/** What an export of the list takes from its filters: all but the month (the export's range stands for it). */
export function exportFiltersOf(filters: ListFilters): Omit<InvoiceListQuery, 'month'> {
  const { month: _month, ...rest } = queryOf(filters);
  return rest;
}

/** The filters in words, for the export sheet: 蓝票、已开具、“杭州”. */
export function filterWordsOf(filters: ListFilters): string[] {
  const keyword = filters.keyword.trim();
  return [filters.kind ? kindLabel(filters.kind) : null, filters.status, keyword ? `“${keyword}”` : null].filter(
    (word): word is string => word !== null,
  );
}
