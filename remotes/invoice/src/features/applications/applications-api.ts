/**
 * The calls of customers' invoice applications (开票申请): the merchant's applying and waiting lists and their actions,
 * and the customer's own applications (the ordinary user's home page). Shapes: `@app/contract/invoice-application`.
 * Flow: 待审核 → 已拒绝 | 待开票 (the tax bureau is not ready) | 开票中 → 已开具 (→ 已交付 once sent) | 开具失败.
 */
import type { Application, ApplicationStatus, IssueResult } from '@app/contract/invoice-application';
import { callApi, type CallOptions } from '@app/host-sdk/api-client';
import type { PagedResult } from '@app/ui/paging';

/** The error code of a call that needs the tax-bureau login (and today's face authentication) first. */
export const TAX_NOT_READY = 2002;

/** The server takes at most this many ids in one approve or issue. */
export const BATCH_LIMIT = 50;

/** The company's applications in one status, newest first. */
export function listApplications(status: ApplicationStatus, page: number): Promise<PagedResult<Application>> {
  return callApi('invoiceApplication/list', { status, page });
}

/** The signed-in user's own applications (to any company), newest first. */
export function myApplications(page: number): Promise<PagedResult<Application>> {
  return callApi('invoiceApplication/mine', { page });
}

export async function approveApplications(ids: readonly string[]): Promise<IssueResult[]> {
  const { results } = await callApi('invoiceApplication/approve', { ids: [...ids] }, { noRepeat: true });
  return results;
}

export function rejectApplication(id: string, reason: string): Promise<Application> {
  return callApi('invoiceApplication/reject', { id, reason }, { noRepeat: true });
}

/**
 * Issues waiting applications: the given ones, or every waiting one (开具全部) without ids. `options` are the call's:
 * the page handles 2002 (the tax bureau is not ready) itself on the first try, and retries without no-repeat.
 */
export async function issueWaitingApplications(ids: readonly string[] | null, options: CallOptions): Promise<IssueResult[]> {
  const { results } = await callApi('invoiceApplication/issueWaiting', ids ? { ids: [...ids] } : {}, options);
  return results;
}
