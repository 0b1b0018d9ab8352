/**
 * The calls of sub-codes (子码) and the shop code (`@app/contract/sub-code`), for the sub-code list, its form and the
 * QR pages. The server keeps goods and amount together: both or neither.
 */
import { callApi } from '@app/host-sdk/api-client';
import type { SubCode } from '@app/contract/sub-code';
import { createRevision } from '@app/ui/list-revision';
import { LOAD_PROBLEM_CODES } from '@app/widgets/load-problem';
import type { PagedResult } from '@app/ui/paging';

export type { SubCode } from '@app/contract/sub-code';

/** The sub-codes' revision: every save and delete here notes it, and the cached list reloads after one. */
export const subCodesRevision = createRevision();

/** What `subCode/save` takes. */
export interface SubCodeInput {
  id?: string;
  name: string;
  goodsId: string | null;
  amountFen: number | null;
  enabled: boolean;
}

export function listSubCodes(keyword: string, page: number): Promise<PagedResult<SubCode>> {
  return callApi('subCode/list', keyword ? { keyword, page } : { page });
}

/** What a page says of a sub-code it cannot find. */
export const SUB_CODE_MISSING = { title: '没有找到这个子码', description: '它可能已被删除，请从子码列表重新进入' };

/** One sub-code; an unknown one or another company's the page says itself (`load-problem`). */
export function getSubCode(id: string): Promise<SubCode> {
  return callApi('subCode/get', { id }, { handles: LOAD_PROBLEM_CODES });
}

export function saveSubCode(input: SubCodeInput): Promise<SubCode> {
  return subCodesRevision.after(callApi('subCode/save', input, { noRepeat: true }));
}

/** 启用 / 停用: saves the sub-code as it is with the other flag. */
export function setSubCodeEnabled(subCode: SubCode, enabled: boolean): Promise<SubCode> {
  const { id, name, goodsId, amountFen } = subCode;
  return saveSubCode({ id, name, goodsId, amountFen, enabled });
}

export async function deleteSubCode(id: string): Promise<void> {
  await subCodesRevision.after(callApi('subCode/delete', { id }, { noRepeat: true }));
}

export function getShopCode(): Promise<{ code: string; shopName: string; shortPath: string }> {
  return callApi('shopCode/get');
}

/** The full address a QR code of this short path encodes: what a phone's camera opens. */
export function linkOf(shortPath: string): string {
  return new URL(shortPath, window.location.origin).href;
}
