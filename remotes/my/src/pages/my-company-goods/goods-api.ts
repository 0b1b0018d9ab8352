/** The goods list's calls: one page of the company's goods (by keyword), and deleting one. */
import { callApi } from '@app/host-sdk/api-client';
import type { Goods } from '@app/contract/goods';
import { goodsRevision } from '../../features/company-goods/goods-changes';

export type { Goods };

export function listGoods(keyword: string, page: number) {
  return callApi('goods/list', { ...(keyword ? { keyword } : {}), page });
}

/** Deletes the goods; `archived` when an invoice names them (they leave the list either way). */
export function deleteGoods(id: string): Promise<{ id: string; archived: boolean }> {
  return goodsRevision.after(callApi('goods/delete', { id }, { noRepeat: true }));
}
