/** The invitations to the signed-in user's phone (a manager's 员工管理 sends them): the list, accepting, declining. */
import type { CallResult } from '@app/contract/api';
import type { MyInvitation } from '@app/contract/company';
import { callApi } from '@app/host-sdk/api-client';
import { useCarriedResult } from '@app/host-sdk/carried-result';
import { createRevision } from '@app/ui/list-revision';

export type { MyInvitation };
export type JoinedCompany = CallResult<'company/acceptInvitation'>;

/** Bumped when an invitation is answered, so 我的 and 我的企业 show the same count. */
export const invitationsRevision = createRevision();

/** The invitations, or none when they cannot be read now (they are a hint, never in the way of the page). */
export async function listMyInvitations(): Promise<MyInvitation[]> {
  try {
    return (await callApi('company/myInvitations', {}, { handles: true })).list;
  } catch {
    return [];
  }
}

/** The invitations as the page carries them (我的's first call, the server's paint of 我的 too), read at mount. */
export function useCarriedInvitations(): MyInvitation[] | undefined {
  return useCarriedResult('company/myInvitations', {})?.list;
}

export function acceptInvitation(id: string): Promise<JoinedCompany> {
  return invitationsRevision.after(callApi('company/acceptInvitation', { id }, { noRepeat: true, handles: [4004] }));
}

export async function declineInvitation(id: string): Promise<void> {
  await invitationsRevision.after(callApi('company/declineInvitation', { id }, { noRepeat: true, handles: [4004] }));
}
