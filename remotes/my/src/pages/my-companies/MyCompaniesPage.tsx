/**
 * `/my/companies` (我的企业): the invitations to the user's phone (加入 / 拒绝), then the companies the user belongs to
 * (name, tax number, role), the current one marked 当前. Tapping another asks first, then switches
 * (`@app/host-sdk/company-switch`: the session is reloaded for it, no page reload) and goes home. 绑定新企业 opens
 * `/my/company/bind`. A manager of the current company also sees its bind code (BindCodeCard).
 */
import { useState } from 'react';
import { ApiError } from '@app/host-sdk/api-client';
import { reloadCompanySession, switchCompany } from '@app/host-sdk/company-switch';
import { appHref } from '@app/host-sdk/paths';
import { hasPermission } from '@app/host-sdk/roles';
import { useNavigate } from '@app/host-sdk/router';
import { useSession } from '@app/host-sdk/session-hooks';
import { Button } from '@app/ui/button';
import { confirmDialog, showToast } from '@app/ui/feedback';
import { Page } from '@app/ui/page';
import { PagedList } from '@app/ui/paged-list';
import { invitationsRevision, type JoinedCompany } from '../../features/invitations/invitations-api';
import { InvitationsSection } from '../../features/invitations/InvitationsSection';
import { BindCodeCard } from './BindCodeCard';
import { CompanyRow } from './CompanyRow';
import { listMyCompanies, type MyCompany } from './companies-api';
import './my-companies.css';

export default function MyCompaniesPage() {
  const navigate = useNavigate();
  const { user, company } = useSession();
  const [switching, setSwitching] = useState<string | null>(null);
  /** How many companies there are, once known: the hint and the bottom button give way to the empty state. */
  const [total, setTotal] = useState<number | null>(null);
  const manager = !!company && hasPermission(user, 'company_manage');
  const invitationsAnswered = invitationsRevision.use();

  async function choose(target: MyCompany) {
    if (target.current || switching) return;
    const confirmed = await confirmDialog({
      title: '切换企业',
      content: `切换到“${target.name}”？切换后开票、票夹等将显示该企业的数据。`,
      confirmText: '切换',
      cancelText: '取消',
    });
    if (!confirmed) return;
    setSwitching(target.id);
    try {
      await switchCompany(target.id);
      showToast({ icon: 'success', content: `已切换到${target.name}` });
      navigate(appHref('home'));
    } catch (error) {
      showToast({
        icon: 'fail',
        content: error instanceof ApiError && error.errorCode !== null ? `切换失败：${error.message}` : '切换失败，请重试',
      });
    } finally {
      setSwitching(null);
    }
  }

  const bind = () => navigate(appHref('myCompanyBind'));

  async function joined(company: JoinedCompany) {
    // The first company of a user with none became current: the whole session is now that company's.
    if (!company.current) return;
    await reloadCompanySession();
    navigate(appHref('home'));
  }

  const load = async (page: number) => {
    const result = await listMyCompanies(page);
    if (page === 1) setTotal(result.total);
    return result;
  };

  return (
    <Page title="我的企业">
      <div className="my-companies">
        <InvitationsSection onJoined={(company) => void joined(company)} />
        <PagedList<MyCompany>
          // The current company changes the marks (and, after a switch or joining, the list): load it again.
          queryKey={`companies:${company?.id ?? 'none'}:${invitationsAnswered}`}
          load={load}
          itemKey={(item) => item.id}
          renderItem={(item) => <CompanyRow company={item} switching={switching} onChoose={(target) => void choose(target)} />}
          skeletonRows={3}
          header={total !== null && total > 1 ? <p className="my-companies__hint">点击企业可切换为当前企业</p> : null}
          empty={{
            description: '您还没有加入任何企业，输入企业绑定码即可加入',
            action: (
              <Button color="primary" onClick={bind}>
                绑定企业
              </Button>
            ),
          }}
        />
        {total !== 0 ? (
          <div className="my-companies__bind">
            <Button block color="primary" fill="outline" onClick={bind}>
              绑定新企业
            </Button>
          </div>
        ) : null}
        {manager && company ? <BindCodeCard key={company.id} companyName={company.name} /> : null}
      </div>
    </Page>
  );
}
