/** How an invoice's status reads on screen: the badge colour of each status. */
import type { InvoiceStatus } from '@app/domain/invoice-document';
import type { TagProps } from '@app/ui/tag';

export const INVOICE_STATUS_COLORS: Record<InvoiceStatus, NonNullable<TagProps['color']>> = {
  开具中: 'primary',
  已开具: 'success',
  // Fully reversed: no longer valid, so grey rather than an alarm.
  已红冲: 'default',
  部分红冲: 'warning',
  开具失败: 'danger',
};
