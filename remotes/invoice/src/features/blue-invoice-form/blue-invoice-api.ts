/**
 * The calls of the blue-invoice form: the company's goods to pick lines from (`goods/list`) and creating the task
 * that issues the invoice (`task/createBlueInvoiceTask`). Money is integer fen.
 */
import type { CallBody } from '@app/contract/api';
import type { Goods } from '@app/contract/goods';
import type { CreatedInvoice } from '@app/domain/invoice-requests';
import { callApi } from '@app/host-sdk/api-client';
import type { PagedResult } from '@app/ui/paging';

/** One page of the company's goods whose name or tax short name contains the keyword. */
export function listGoods(keyword: string, page: number): Promise<PagedResult<Goods>> {
  const trimmed = keyword.trim();
  return callApi('goods/list', { ...(trimmed ? { keyword: trimmed } : {}), page });
}

export function createBlueInvoiceTask(request: CallBody<'task/createBlueInvoiceTask'>): Promise<CreatedInvoice> {
  return callApi('task/createBlueInvoiceTask', request, { noRepeat: true });
}
