/** The staff list's calls: one page of members (and pending additions), and removing one. */
import { callApi } from '@app/host-sdk/api-client';
import type { CompanyMember } from '@app/contract/company';
import { membersRevision } from '../../features/company-users/members-changes';

export type { CompanyMember };

export function listMembers(keyword: string, page: number) {
  return callApi('companyUser/list', { ...(keyword ? { keyword } : {}), page });
}

/**
 * Removes a member (`companyUser/remove`: says whether the bind code was revoked with it), or takes back an
 * invitation not accepted yet (`companyUser/cancelInvitation`). A 2005 answer (the company's last manager) is the
 * caller's to show.
 */
export async function removeMember(member: CompanyMember): Promise<{ bindCodeRevoked: boolean }> {
  if (member.pending) {
    await membersRevision.after(callApi('companyUser/cancelInvitation', { id: member.id }, { noRepeat: true, handles: [2005] }));
    return { bindCodeRevoked: false };
  }
  const { bindCodeRevoked } = await membersRevision.after(
    callApi('companyUser/remove', { userId: member.id }, { noRepeat: true, handles: [2005] }),
  );
  return { bindCodeRevoked };
}

/** 13800000001 → 138****0001 (a number already masked stays as it is). */
export function maskedPhone(phone: string): string {
  return phone.replace(/^(\d{3})\d{4}(\d{4})$/, '$1****$2');
}
