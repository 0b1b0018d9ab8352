/** The invitations to the user's phone, loaded when shown and again whenever one is answered. */
import { useEffect, useState } from 'react';
import { invitationsRevision, listMyInvitations, type MyInvitation } from './invitations-api';

export function useMyInvitations(): MyInvitation[] {
  const revision = invitationsRevision.use();
  const [invitations, setInvitations] = useState<MyInvitation[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `revision` is not read: an invitation answered counts one more, which is the reason to list them again.
  useEffect(() => {
    let active = true;
    void listMyInvitations().then((list) => active && setInvitations(list));
    return () => {
      active = false;
    };
  }, [revision]);
  return invitations;
}
