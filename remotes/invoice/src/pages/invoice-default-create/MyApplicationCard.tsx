/**
 * One of the user's own invoice applications, as the customer sees it: the company asked, the amount, its status,
 * and why it was refused (the merchant's view of an application is features/applications/ApplicationCard).
 */
import { formatYuan } from '@app/domain/money';
import { chinaDateTime } from '@app/domain/china-time';
import type { Application } from '@app/contract/invoice-application';
import { ApplicationStatusTag } from '../../features/applications/ApplicationStatusTag';

export function MyApplicationCard({ application }: { application: Application }) {
  return (
    <article className="my-application-card" aria-label={`${application.companyName} ${application.status}`}>
      <div className="my-application-card__head">
        <span className="my-application-card__company">{application.companyName}</span>
        <ApplicationStatusTag status={application.status} />
      </div>
      <div className="my-application-card__amount">{formatYuan(application.grossFen)}</div>
      <div className="my-application-card__line">
        抬头 {application.buyer.name}
        {application.goodsName ? ` · ${application.goodsName}` : ''}
      </div>
      {application.status === '已拒绝' && application.rejectReason ? <div className="my-application-card__reason">拒绝原因：{application.rejectReason}</div> : null}
      <div className="my-application-card__time">{chinaDateTime(application.createdAt)}</div>
    </article>
  );
}
