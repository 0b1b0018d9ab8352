/**
 * The calls of customers' invoice applications (开票申请, server/src/calls/application-calls.ts): the merchant's
 * applying and waiting lists and their actions, and the customer's own applications (the ordinary user's home page).
 * Flow: 待审核 → 已拒绝 | 待开票 (the tax bureau is not ready) | 开票中 → 已开具 (→ 已交付 once sent) | 开具失败.
 */
import type { InvoiceParty } from '@app/domain/invoice-document';
import { callApi, type CallOptions } from '@app/host-sdk/api-client';
import { PAGE_SIZE, type PagedResult } from '@app/ui/paging';

export const APPLICATION_STATUSES = ['待审核', '已拒绝', '待开票', '开票中', '已开具', '开具失败', '已交付'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** Where the customer scanned: the company's shop code or one of its sub-codes. */
export type ApplicationSource = '店铺码' | '子码';

export interface Application {
  id: string;
  status: ApplicationStatus;
  companyName: string;
  buyer: InvoiceParty;
  /** 价税合计 in fen. */
  grossFen: number;
  goodsName: string;
  remarks: string;
  deliverPhone: string;
  deliverEmail: string;
  rejectReason: string | null;
  /** 待开票 only: why it waits (e.g. the tax-bureau login or today's face authentication is missing). */
  blockedReason: string | null;
  invoiceId: string | null;
  /** The task issuing its invoice (null before approval; `invoiceApplication/mine` does not say). */
  taskId: string | null;
  source: ApplicationSource;
  /** The shop's name for 店铺码, the sub-code's name for 子码. */
  sourceName: string;
  createdAt: string;
  updatedAt: string;
}

/** What approving or issuing did to one application: 开票中 with its task, or 待开票 with the reason it waits. */
export interface IssueResult {
  id: string;
  status: ApplicationStatus;
  taskId: string | null;
  blockedReason: string | null;
}

/** The error code of a call that needs the tax-bureau login (and today's face authentication) first. */
export const TAX_NOT_READY = 2002;

/** The server takes at most this many ids in one approve or issue. */
export const BATCH_LIMIT = 50;

/** The company's applications in one status, newest first. */
export function listApplications(status: ApplicationStatus, page: number): Promise<PagedResult<Application>> {
  return callApi<PagedResult<Application>>('invoiceApplication/list', { status, page, pageSize: PAGE_SIZE });
}

/** The signed-in user's own applications (to any company), newest first. */
export function myApplications(page: number): Promise<PagedResult<Application>> {
  return callApi<PagedResult<Application>>('invoiceApplication/mine', { page, pageSize: PAGE_SIZE });
}

export async function approveApplications(ids: readonly string[]): Promise<IssueResult[]> {
  const { results } = await callApi<{ results: IssueResult[] }>('invoiceApplication/approve', { ids }, { noRepeat: true });
  return results;
}

export function rejectApplication(id: string, reason: string): Promise<Application> {
  return callApi<Application>('invoiceApplication/reject', { id, reason }, { noRepeat: true });
}

/**
 * Issues waiting applications: the given ones, or every waiting one (开具全部) without ids. `options` are the call's:
 * the page handles 2002 (the tax bureau is not ready) itself on the first try, and retries without no-repeat.
 */
export async function issueWaitingApplications(ids: readonly string[] | null, options: CallOptions): Promise<IssueResult[]> {
  const { results } = await callApi<{ results: IssueResult[] }>('invoiceApplication/issueWaiting', ids ? { ids } : {}, options);
  return results;
}
