/** The filters of 收支: the China month (this month unless chosen), the type and the channel, as a `payment/list` query. */
import type { PaymentQuery } from '../../features/payments/payments-api';
import { CHANNEL_LABELS, TYPE_LABELS, type RecordChannel, type RecordType } from '../../features/payments/labels';

export interface PaymentFilters {
  /** `YYYY-MM`, a China month. */
  month: string;
  type: RecordType | null;
  channel: RecordChannel | null;
}

export const TYPE_OPTIONS = (Object.keys(TYPE_LABELS) as RecordType[]).map((value) => ({ value, label: TYPE_LABELS[value] }));
export const CHANNEL_OPTIONS = (Object.keys(CHANNEL_LABELS) as RecordChannel[]).map((value) => ({ value, label: CHANNEL_LABELS[value] }));

export function monthLabel(month: string): string {
  const [year, number] = month.split('-');
  return `${year}年${Number(number)}月`;
}

export function queryOf(filters: PaymentFilters): PaymentQuery {
  return {
    month: filters.month,
    ...(filters.type ? { type: filters.type } : {}),
    ...(filters.channel ? { channel: filters.channel } : {}),
  };
}

/** The PagedList key: a new one starts the list over. */
export function keyOf(filters: PaymentFilters): string {
  return JSON.stringify(queryOf(filters));
}

/** What an export of 收支 takes from the filters: the type and the channel (the export's range stands for the month). */
export function exportFiltersOf(filters: PaymentFilters): Omit<PaymentQuery, 'month'> {
  const { month: _month, ...rest } = queryOf(filters);
  return rest;
}

/** The filters in words, for the export sheet: 收入、微信支付. */
export function filterWordsOf(filters: PaymentFilters): string[] {
  return [filters.type ? TYPE_LABELS[filters.type] : null, filters.channel ? CHANNEL_LABELS[filters.channel] : null].filter(
    (word): word is string => word !== null,
  );
}
