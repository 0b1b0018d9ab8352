/**
 * 开具 / 开具全部 of approved applications: the tax bureau must be ready first (login and today's face
 * authentication). If the server still answers 2002 (not ready), the dialogs open again and the call is tried once more.
 */
import { ApiError } from '@app/host-sdk/api-client';
import { issueWaitingApplications, TAX_NOT_READY } from '../../features/applications/applications-api';
import type { IssueResult } from '@app/contract/invoice-application';

/** null: the user gave up on the login or face dialog, nothing was issued. */
export async function issueWhenReady(ids: readonly string[] | null, getTaxReady: () => Promise<boolean>): Promise<IssueResult[] | null> {
  if (!(await getTaxReady())) return null;
  try {
    return await issueWaitingApplications(ids, { noRepeat: true, handles: [TAX_NOT_READY] });
  } catch (error) {
    if (!(error instanceof ApiError) || error.errorCode !== TAX_NOT_READY) throw error;
  }
  if (!(await getTaxReady())) return null;
  return issueWaitingApplications(ids, {});
}
