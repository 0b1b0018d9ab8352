/**
 * `/my/taxAccount`: the company's e-tax account — tax number, login identity, login state and expiry, today's face
 * authentication — with 登录 and 刷脸 (the host's dialogs), 设置账号, and 清除授权 for managers.
 */
import { useEffect } from 'react';
import { callApi } from '@app/host-sdk/api-client';
import { openFaceDialog, openLoginDialog } from '@app/host-sdk/dialogs';
import { hasPermission, isTaxLoggedIn } from '@app/host-sdk/roles';
import { useNavigate } from '@app/host-sdk/router';
import { useSession, useTaxAccount } from '@app/host-sdk/session-hooks';
import { Button } from '@app/ui/button';
import { Dialog } from '@app/ui/dialog';
import { List } from '@app/ui/list';
import { Page } from '@app/ui/page';
import { Skeleton } from '@app/ui/skeleton';
import { StatusView } from '@app/ui/status-view';
import { Toast } from '@app/ui/toast';
import { chinaDateTime } from '@app/domain/china-time';
import { CompanyOnlyPage } from '@app/widgets/company-only';
import { TaxStateTag } from '@app/widgets/tax-state';
import './tax-account-page.css';
import { href } from '../../paths';

export default function MyTaxAccountPage() {
  const navigate = useNavigate();
  const { user, isCompanyUser } = useSession();
  const { account, loading, refresh } = useTaxAccount();
  const manager = hasPermission(user, 'company_manage');

  useEffect(() => {
    if (isCompanyUser) void refresh();
  }, [isCompanyUser, refresh]);

  async function clearAuthorisation() {
    const confirmed = await Dialog.confirm({
      title: '清除授权',
      content: '清除后需要重新登录电子税务局并刷脸认证，确定清除吗？',
      confirmText: '清除',
      cancelText: '取消',
    });
    if (!confirmed) return;
    await callApi('taxAccount/clearAuthState', {});
    Toast.show({ icon: 'success', content: '已清除授权' });
    await refresh();
  }

  if (!isCompanyUser) {
    return <CompanyOnlyPage title="税务账号" heading="仅企业用户可用" description="绑定企业后，企业管理员和员工可在此管理电子税务局授权" />;
  }

  if (loading) {
    return (
      <Page title="税务账号">
        <div className="tax-account__skeleton" role="status" aria-busy="true" aria-label="加载中">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={6} animated />
        </div>
      </Page>
    );
  }

  if (!account) {
    return (
      <Page title="税务账号">
        <StatusView icon="empty" title="尚未设置电子税务局账号" description="设置账号后即可授权优税通登录电子税务局开具发票">
          {manager ? (
            <Button block color="primary" onClick={() => navigate(href('myTaxAccountSet'))}>
              设置账号
            </Button>
          ) : null}
        </StatusView>
      </Page>
    );
  }

  const loggedIn = isTaxLoggedIn(account);
  return (
    <Page title="税务账号">
      <List header="电子税务局账号" className="tax-account__list">
        <List.Item extra={account.nsrsbh}>纳税人识别号</List.Item>
        <List.Item extra={`${account.loginIdentityName} ${account.personName}`}>登录身份</List.Item>
        <List.Item extra={account.phone}>手机号</List.Item>
      </List>
      <List header="授权状态" className="tax-account__list">
        <List.Item
          extra={<TaxStateTag account={account} of="login" />}
          description={loggedIn && account.expirationTime ? `有效期至 ${chinaDateTime(account.expirationTime)}` : undefined}
        >
          登录状态
        </List.Item>
        <List.Item
          extra={<TaxStateTag account={account} of="face" />}
          description={account.scanFaceTime ? `认证时间 ${chinaDateTime(account.scanFaceTime)}` : '今日未认证，开票等涉税任务将失败'}
        >
          今日刷脸
        </List.Item>
      </List>
      <div className="tax-account__actions">
        <Button block color="primary" onClick={() => void openLoginDialog().then(() => refresh())}>
          登录
        </Button>
        <Button block color="primary" fill="outline" onClick={() => void openFaceDialog().then(() => refresh())}>
          刷脸
        </Button>
        {manager ? (
          <>
            <Button block onClick={() => navigate(href('myTaxAccountSet'))}>
              设置账号
            </Button>
            <Button block color="danger" fill="none" onClick={() => void clearAuthorisation()}>
              清除授权
            </Button>
          </>
        ) : null}
      </div>
    </Page>
  );
}
