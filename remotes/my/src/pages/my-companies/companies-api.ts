/** The calls of 我的企业: the user's companies, and the current company's bind code (managers). */
import type { CallResult } from '@app/contract/api';
import { callApi } from '@app/host-sdk/api-client';
import { PAGE_SIZE, type PagedResult } from '@app/ui/paging';

export type MyCompany = CallResult<'company/getMyCompanies'>['list'][number];
export type BindCode = NonNullable<CallResult<'company/getBindCode'>>;

export function listMyCompanies(page: number): Promise<PagedResult<MyCompany>> {
  return callApi('company/getMyCompanies', { page, pageSize: PAGE_SIZE });
}

export function getBindCode(): Promise<BindCode | null> {
  return callApi('company/getBindCode', {}, { handles: true });
}

export function createBindCode(): Promise<BindCode> {
  return callApi('company/createBindCode', {}, { noRepeat: true });
}

export function revokeBindCode(): Promise<unknown> {
  return callApi('company/revokeBindCode', {}, { noRepeat: true });
}

/** The address a phone opens from the code's QR image: this origin and the code's short path (`/t/{code}`). */
export function bindLink(code: BindCode, origin: string = window.location.origin): string {
  return new URL(code.shortPath, origin).toString();
}
