/**
 * The invitations to the user's phone, loaded when shown and again whenever one is answered. The answer the page
 * carries (我的's first call) draws the first render, the server's paint of 我的 too, so the app takes that screen
 * over without asking again or drawing the page a second time.
 */
import { useEffect, useState } from 'react';
import { invitationsRevision, listMyInvitations, useCarriedInvitations, type MyInvitation } from './invitations-api';

const sameInvitations = (shown: MyInvitation[], listed: MyInvitation[]) => JSON.stringify(shown) === JSON.stringify(listed);

export function useMyInvitations(): MyInvitation[] {
  const revision = invitationsRevision.use();
  const carried = useCarriedInvitations();
  const [invitations, setInvitations] = useState<MyInvitation[]>(() => carried ?? []);
  const [mountedRevision] = useState(revision);
  useEffect(() => {
    // Shown from the carried answer: asked again only once an invitation is answered.
    if (carried !== undefined && revision === mountedRevision) return;
    let active = true;
    // The same list again keeps the one shown: nothing to draw.
    void listMyInvitations().then((list) => active && setInvitations((shown) => (sameInvitations(shown, list) ? shown : list)));
    return () => {
      active = false;
    };
  }, [carried, revision, mountedRevision]);
  return invitations;
}
