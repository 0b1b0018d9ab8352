/**
 * `/my` (tab bar): who is signed in and for which company, the company's standing at the tax bureau, the menu the
 * user's permissions allow (./menu.ts), and 退出登录 (the server ends the session, see `@app/host-sdk/sign-out`).
 */
import { useState } from 'react';
import { ApiError } from '@app/host-sdk/api-client';
import { useNavigate } from '@app/host-sdk/router';
import { useSession } from '@app/host-sdk/session-hooks';
import { signOut } from '@app/host-sdk/sign-out';
import { Button } from '@app/ui/button';
import { confirmDialog, showToast } from '@app/ui/feedback';
import { LineIcon } from '@app/ui/line-icon';
import { List } from '@app/ui/list';
import { Page } from '@app/ui/page';
import { Tag } from '@app/ui/tag';
import { useMyInvitations } from '../../features/invitations/use-my-invitations';
import { menuFor } from './menu';
import { TaxAccountCard } from './TaxAccountCard';
import './my-page.css';

export default function MyPage() {
  const navigate = useNavigate();
  const { user, company, isCompanyUser } = useSession();
  const [signingOut, setSigningOut] = useState(false);
  const invitations = useMyInvitations();

  async function confirmSignOut() {
    if (
      !(await confirmDialog({
        title: '退出登录',
        content: '退出后需要重新授权登录，确定退出吗？',
        confirmText: '退出',
        cancelText: '取消',
      }))
    )
      return;
    setSigningOut(true);
    try {
      await signOut();
    } catch (error) {
      showToast({ icon: 'fail', content: error instanceof ApiError ? `退出失败：${error.message}` : '退出失败，请重试' });
      setSigningOut(false);
    }
  }

  return (
    <Page title="我的" noBack>
      <section className="my-page__profile" aria-label="个人信息">
        <div className="my-page__avatar" aria-hidden="true">
          {user?.avatarUrl ? <img src={user.avatarUrl} alt="" /> : (user?.nickname || '?').slice(0, 1)}
        </div>
        <div className="my-page__who">
          <div className="my-page__nickname">{user?.nickname ?? ''}</div>
          <div className="my-page__company">{company ? `${company.name} · ${company.roleName}` : '未绑定企业'}</div>
          {company ? null : (
            <Tag className="my-page__personal" color="default" fill="outline">
              个人用户
            </Tag>
          )}
        </div>
      </section>
      {isCompanyUser ? <TaxAccountCard /> : null}
      {menuFor(user, invitations.length).map((group) => (
        <List key={group.title} className="my-page__menu" mode="card" header={group.title}>
          {group.entries.map((entry) => (
            <List.Item
              key={entry.label}
              prefix={<LineIcon className="my-page__menu-icon" d={entry.icon} />}
              extra={entry.extra}
              clickable
              onClick={() => navigate(entry.to)}
            >
              {entry.label}
            </List.Item>
          ))}
        </List>
      ))}
      <div className="my-page__sign-out">
        <Button block color="danger" fill="outline" loading={signingOut} disabled={signingOut} onClick={() => void confirmSignOut()}>
          退出登录
        </Button>
      </div>
    </Page>
  );
}
