/**
 * The home page of a user without a company: a greeting with 绑定企业, shortcuts to what such a user can open (their
 * titles, the taxi trips they received, customer service; the ticket folder is a company's), and the invoice
 * applications they sent to shops (status, and the reason when refused).
 */
import { appHref } from '@app/host-sdk/paths';
import { Link, useNavigate } from '@app/host-sdk/router';
import { Button } from '@app/ui/button';
import { PagedList } from '@app/ui/paged-list';
import { myApplications } from '../../features/applications/applications-api';
import type { Application } from '@app/contract/invoice-application';
import { MyApplicationCard } from './MyApplicationCard';
import { HomeShortcuts } from './HomeShortcuts';

export function PersonalHome({ nickname }: { nickname: string }) {
  const navigate = useNavigate();
  const header = (
    <>
      <section className="home-welcome" aria-label="欢迎">
        <h2 className="home-welcome__title">你好，{nickname || '用户'}</h2>
        <p className="home-welcome__text">绑定企业后即可开具发票、处理顾客的开票申请</p>
        <Link className="home-welcome__bind" to={appHref('myCompanyBind')}>
          绑定企业
        </Link>
      </section>
      <HomeShortcuts
        columns={3}
        items={[
          { label: '我的抬头', to: appHref('titlesList'), icon: 'titles', tone: 'blue' },
          { label: '我的行程', to: appHref('myTrip'), icon: 'taxi', tone: 'green' },
          { label: '联系客服', to: appHref('myContactUs'), icon: 'service', tone: 'orange' },
        ]}
      />
      <div className="home-section-title">
        <span>我的开票申请</span>
      </div>
    </>
  );
  return (
    <div className="home">
      <PagedList<Application>
        queryKey="my-applications"
        header={header}
        load={myApplications}
        itemKey={(application) => application.id}
        renderItem={(application) => <MyApplicationCard application={application} />}
        skeletonRows={3}
        empty={{
          description: '还没有开票申请，扫描商家的开票二维码即可申请',
          action: (
            <Button color="primary" fill="outline" size="small" onClick={() => navigate(appHref('titlesList'))}>
              管理发票抬头
            </Button>
          ),
        }}
      />
    </div>
  );
}
