/** How an application's status reads on screen: the badge colour of each status. */
import type { TagProps } from '@app/ui/tag';
import type { ApplicationStatus } from '@app/contract/invoice-application';

export const APPLICATION_STATUS_COLORS: Record<ApplicationStatus, NonNullable<TagProps['color']>> = {
  // Both wait for the merchant: to review it, or to get the tax bureau ready.
  待审核: 'warning',
  待开票: 'warning',
  开票中: 'primary',
  已开具: 'success',
  已交付: 'success',
  开具失败: 'danger',
  // Closed for good: grey rather than an alarm.
  已拒绝: 'default',
};
