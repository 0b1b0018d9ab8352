/**
 * One of the user's own invoice applications, as the customer sees it: the company asked, the amount, its status,
 * and why it was refused (the merchant's view of an application is features/applications/ApplicationCard).
 */
import type { Application } from '@app/contract/invoice-application';
import { Amount } from '@app/widgets/amount';
import { ChinaTime } from '@app/widgets/china-time';
import { ListRow, ListRowLine } from '@app/widgets/list-row';
import { ApplicationStatusTag } from '../../features/applications/ApplicationStatusTag';

export function MyApplicationCard({ application }: { application: Application }) {
  return (
    <ListRow
      title={application.companyName}
      aria-label={`${application.companyName} ${application.status}`}
      tags={<ApplicationStatusTag status={application.status} />}
    >
      <Amount fen={application.grossFen} size="large" />
      <ListRowLine>
        抬头 {application.buyer.name}
        {application.goodsName ? ` · ${application.goodsName}` : ''}
      </ListRowLine>
      {application.status === '已拒绝' && application.rejectReason ? (
        <div className="my-application-card__reason">拒绝原因：{application.rejectReason}</div>
      ) : null}
      <ListRowLine>
        <ChinaTime className="my-application-card__time" at={application.createdAt} />
      </ListRowLine>
    </ListRow>
  );
}
