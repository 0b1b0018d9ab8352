/** The current company at the top of the home page: name, tax number, role, this month's issuing, and 切换. */
import { formatYuan } from '@app/domain/money';
import { appHref } from '@app/host-sdk/paths';
import { Link } from '@app/host-sdk/router';
import type { CompanyInfo } from '@app/contract/user';
import type { HomeSummary } from '@app/contract/invoice';

export function CompanyHeader({ company, summary }: { company: CompanyInfo; summary: HomeSummary | null }) {
  return (
    <section className="home-company" aria-label="当前企业">
      <div className="home-company__top">
        <h2 className="home-company__name">{company.name}</h2>
        <Link className="home-company__switch" to={appHref('myCompanies')}>
          切换
        </Link>
      </div>
      <p className="home-company__tax-number">
        税号 {company.xsfNsrsbh}
        {company.roleName ? <span className="home-company__role">{company.roleName}</span> : null}
      </p>
      <p className="home-company__month">
        本月已开票 <strong>{summary ? summary.issuedThisMonth : '—'}</strong> 张 · 价税合计{' '}
        <strong>{summary ? formatYuan(summary.issuedThisMonthFen) : '—'}</strong>
      </p>
    </section>
  );
}
