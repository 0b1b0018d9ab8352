/** `statistics/invoice`: the company's issued invoices over a range of China days (red ones negative). */
import type { InvoiceStatistics } from '@app/contract/statistics';
import { callApi } from '@app/host-sdk/api-client';
import type { StatsBody } from '../../features/stats-chart/use-statistics';

export type { InvoiceStatistics };

export function loadInvoiceStatistics(body: StatsBody): Promise<InvoiceStatistics> {
  return callApi('statistics/invoice', body);
}

/** 税率 of a row: `6%`, `1.5%`, or how it is untaxed (免税, 不征税). */
export function rateLabel(row: InvoiceStatistics['byRate'][number]): string {
  if (row.ratePermille === null) return row.taxFree ?? '—';
  return `${row.ratePermille / 10}%`;
}
