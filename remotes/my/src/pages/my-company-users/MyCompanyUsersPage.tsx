/**
 * `/my/companyUsers` (managers): the company's members and the people invited by phone who have not accepted yet
 * (待接受), each with their role. 移除 asks first, then removes a member (`companyUser/remove`: they lose access to this
 * company, and the bind code made before stops working, which the manager is told) or takes back an invitation
 * (`cancelInvitation`); the manager's own row has no action, and the server's refusal to remove the last manager
 * (2005) is shown as it says it. 添加员工 opens the form.
 */
import { useRef, useState } from 'react';
import { ApiError } from '@app/host-sdk/api-client';
import { useNavigate } from '@app/host-sdk/router';
import { usePermissions } from '@app/host-sdk/session-hooks';
import { alertDialog } from '@app/ui/feedback';
import { Page } from '@app/ui/page';
import type { PagedListHandle } from '@app/ui/paged-list';
import { useReloadOnChange } from '@app/ui/list-revision';
import { SearchBar } from '@app/ui/search-bar';
import { useDebounced } from '@app/ui/use-debounced';
import { StatusView } from '@app/ui/status-view';
import { AddableList } from '@app/widgets/addable-list';
import { confirmRemoval } from '@app/widgets/confirm-removal';
import { href } from '../../paths';
import { MemberCard } from './MemberCard';
import { listMembers, removeMember, type CompanyMember } from './members-api';
import { membersRevision } from '../../features/company-users/members-changes';
import './my-company-users.css';

export default function MyCompanyUsersPage() {
  const navigate = useNavigate();
  const manager = usePermissions().includes('company_manage');
  const list = useRef<PagedListHandle>(null);
  const [text, setText] = useState('');
  const keyword = useDebounced(text.trim(), 300);
  useReloadOnChange(list, membersRevision);

  const add = () => navigate(href('myCompanyUsersAdd'));

  async function remove(member: CompanyMember) {
    await confirmRemoval({
      title: member.pending ? '取消邀请' : '移除员工',
      content: member.pending
        ? `确定取消对“${member.name}”的邀请吗？对方将无法再接受邀请。`
        : `确定将“${member.name}”移出本企业吗？移出后对方将无法再访问本企业；本企业当前的绑定码将同时作废，如需再邀请他人请重新生成。`,
      action: '移除',
      remove: async () => {
        const { bindCodeRevoked } = await removeMember(member);
        return member.pending ? '已取消邀请' : bindCodeRevoked ? '已移除，原绑定码已作废' : '已移除';
      },
      // 2005: the company would be left without a manager; the server says so.
      onFailure: async (error) => {
        if (error instanceof ApiError && error.errorCode === 2005)
          await alertDialog({ title: '无法移除', content: error.message, confirmText: '知道了' });
      },
    });
  }

  if (!manager) {
    return (
      <Page title="员工管理">
        <StatusView icon="refused" title="仅企业管理员可管理员工" description="如需添加或移除员工，请联系本企业的管理员。" />
      </Page>
    );
  }

  return (
    <Page title="员工管理">
      <div className="company-users">
        <AddableList<CompanyMember>
          ref={list}
          queryKey={`members:${keyword}`}
          keyword={keyword}
          load={(page) => listMembers(keyword, page)}
          itemKey={(member) => `${member.pending ? 'p' : 'm'}:${member.id}`}
          header={
            <div className="company-users__search">
              <SearchBar placeholder="搜索姓名或手机号" value={text} onChange={setText} onClear={() => setText('')} />
            </div>
          }
          renderItem={(member) => <MemberCard member={member} onRemove={(item) => void remove(item)} />}
          skeletonRows={4}
          emptyText="还没有员工"
          notFoundText="没有找到相关员工"
          add={{ text: '添加员工', onAdd: add }}
        />
      </div>
    </Page>
  );
}
