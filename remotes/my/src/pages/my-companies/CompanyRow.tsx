/** One company of 我的企业: name, tax number and role; 当前 on the current one, a spinner on the one being switched to. */
import { DotLoading } from '@app/ui/dot-loading';
import { Tag } from '@app/ui/tag';
import type { MyCompany } from './companies-api';

export interface CompanyRowProps {
  company: MyCompany;
  /** The id of the company being switched to, if any: every row waits. */
  switching: string | null;
  onChoose: (company: MyCompany) => void;
}

export function CompanyRow({ company, switching, onChoose }: CompanyRowProps) {
  const waiting = switching !== null;
  return (
    <article
      className={[
        'my-companies__row',
        company.current ? 'my-companies__row--current' : '',
        waiting && !company.current ? 'my-companies__row--waiting' : '',
      ].join(' ')}
      aria-label={company.name}
      aria-current={company.current ? 'true' : undefined}
      aria-disabled={waiting || company.current ? 'true' : undefined}
      tabIndex={company.current ? undefined : 0}
      onClick={() => onChoose(company)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onChoose(company);
      }}
    >
      <div className="my-companies__row-head">
        <span className="my-companies__name">{company.name}</span>
        {company.current ? (
          <Tag color="primary" fill="solid" className="my-companies__tag">
            当前
          </Tag>
        ) : switching === company.id ? (
          <span className="my-companies__switching">
            切换中
            <DotLoading />
          </span>
        ) : (
          <span className="my-companies__switch">切换 ›</span>
        )}
      </div>
      <div className="my-companies__line">
        <span className="my-companies__label">税号</span>
        <span className="my-companies__tax-number">{company.xsfNsrsbh}</span>
      </div>
      <div className="my-companies__line">
        <span className="my-companies__label">角色</span>
        <span>{company.roleName}</span>
      </div>
    </article>
  );
}
