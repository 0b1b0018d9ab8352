/**
 * The calls of the blue-invoice form: the company's goods to pick lines from (`goods/list`) and creating the task
 * that issues the invoice (`task/createBlueInvoiceTask`, server/src/calls/invoice-calls.ts). Money is integer fen.
 */
import type { BlueInvoiceRequest, CreatedInvoice } from '@app/domain/invoice-requests';
import type { TaxExemption } from '@app/domain/tax-maths';
import { callApi } from '@app/host-sdk/api-client';
import { PAGE_SIZE, type PagedResult } from '@app/ui/paging';

/** One of the company's goods, as `goods/list` answers it. */
export interface Goods {
  id: string;
  name: string;
  /** 税收分类编码, 19 digits. */
  taxCode: string;
  /** 税收分类简称, printed as `*简称*名称`. */
  taxShortName: string;
  model: string;
  unit: string;
  /** Unit price including tax, when the goods has one. */
  unitPriceFen: number | null;
  /** Per mille (130 = 13 %), or null when the goods is 免税 / 不征税. */
  taxRatePermille: number | null;
  taxFree: TaxExemption | null;
}

/** One page of the company's goods whose name or tax short name contains the keyword. */
export function listGoods(keyword: string, page: number): Promise<PagedResult<Goods>> {
  const trimmed = keyword.trim();
  return callApi<PagedResult<Goods>>('goods/list', { ...(trimmed ? { keyword: trimmed } : {}), page, pageSize: PAGE_SIZE });
}

export function createBlueInvoiceTask(request: BlueInvoiceRequest): Promise<CreatedInvoice> {
  return callApi<CreatedInvoice>('task/createBlueInvoiceTask', request, { noRepeat: true });
}
