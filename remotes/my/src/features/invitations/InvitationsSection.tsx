/**
 * 企业邀请: the companies whose manager invited the user's phone, each with the role offered, 加入 and 拒绝. Nothing
 * is shown when there are none. Joining makes the company current when the user had none (the caller reloads the
 * session then); an invitation taken back meanwhile says so and leaves the list.
 */
import { useState } from 'react';
import { ApiError } from '@app/host-sdk/api-client';
import { Button } from '@app/ui/button';
import { confirmDialog, showToast } from '@app/ui/feedback';
import { acceptInvitation, declineInvitation, invitationsRevision, type JoinedCompany, type MyInvitation } from './invitations-api';
import { useMyInvitations } from './use-my-invitations';
import './invitations.css';

export interface InvitationsSectionProps {
  onJoined: (joined: JoinedCompany) => void;
}

export function InvitationsSection({ onJoined }: InvitationsSectionProps) {
  const invitations = useMyInvitations();
  const [busy, setBusy] = useState<string | null>(null);
  if (invitations.length === 0) return null;

  async function answer(invitation: MyInvitation, accept: boolean) {
    if (!accept) {
      const confirmed = await confirmDialog({
        title: '拒绝邀请',
        content: `确定拒绝加入“${invitation.companyName}”吗？`,
        confirmText: '拒绝',
        cancelText: '取消',
      });
      if (!confirmed) return;
    }
    setBusy(invitation.id);
    try {
      if (accept) {
        const joined = await acceptInvitation(invitation.id);
        showToast({ icon: 'success', content: `已加入${joined.companyName}` });
        onJoined(joined);
      } else {
        await declineInvitation(invitation.id);
        showToast({ content: '已拒绝邀请' });
      }
    } catch (error) {
      if (error instanceof ApiError && error.errorCode === 4004) {
        showToast({ content: '该邀请已失效' });
        invitationsRevision.note();
      }
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="invitations" aria-label="企业邀请">
      <h2 className="invitations__title">企业邀请</h2>
      {invitations.map((invitation) => (
        <article key={invitation.id} className="invitations__card" aria-label={invitation.companyName}>
          <div className="invitations__company">{invitation.companyName}</div>
          <p className="invitations__text">
            邀请您以<strong>{invitation.roleName}</strong>身份加入
          </p>
          <div className="invitations__actions">
            <Button size="small" fill="outline" disabled={busy !== null} onClick={() => void answer(invitation, false)}>
              拒绝
            </Button>
            <Button
              size="small"
              color="primary"
              loading={busy === invitation.id}
              disabled={busy !== null}
              onClick={() => void answer(invitation, true)}
            >
              加入
            </Button>
          </div>
        </article>
      ))}
    </section>
  );
}
