import { Tag } from '@app/ui/tag';
import type { ApplicationStatus } from '@app/contract/invoice-application';
import { APPLICATION_STATUS_COLORS } from './application-status';

/** The status badge of an invoice application (待审核, 待开票, 开票中, 已开具, 已交付, 开具失败, 已拒绝). */
export function ApplicationStatusTag({ status }: { status: ApplicationStatus }) {
  return (
    <Tag className="application-status-tag" color={APPLICATION_STATUS_COLORS[status]} fill="outline">
      {status}
    </Tag>
  );
}
