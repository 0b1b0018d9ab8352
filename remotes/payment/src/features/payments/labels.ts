/** How 收支 reads on screen: channel names and invoice-state colours (amounts are @app/widgets/amount's). */
import type { TagProps } from '@app/ui/tag';
import type { PaymentRecord } from '@app/contract/payment';

export type RecordChannel = PaymentRecord['channel'];
export type RecordType = PaymentRecord['type'];
export type InvoiceState = NonNullable<PaymentRecord['invoiceState']>;

export const CHANNEL_LABELS: Record<RecordChannel, string> = { wechat: '微信', alipay: '支付宝', demo: '演示', bank: '银行卡' };
export const TYPE_LABELS: Record<RecordType, string> = { income: '收入', expense: '支出' };

export const INVOICE_STATE_COLORS: Record<InvoiceState, NonNullable<TagProps['color']>> = {
  未开票: 'default',
  申请中: 'warning',
  开票中: 'primary',
  已开票: 'success',
};
