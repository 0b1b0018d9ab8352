/** A 收支 record as the payment pages' tests use it: a shop's WeChat income, not invoiced yet. */
import type { PaymentRecord } from '@app/contract/payment';

export function paymentRecord(overrides: Partial<PaymentRecord> = {}): PaymentRecord {
  return {
    id: 'p-1',
    type: 'income',
    amountFen: 8800,
    channel: 'wechat',
    title: '店铺收款',
    counterparty: '普通用户',
    orderNo: 'CO20260001',
    providerTradeNo: '4200002026112300001',
    at: '2026-11-23T02:00:05.000Z',
    invoiceState: '未开票',
    invoiceId: null,
    applicationId: null,
    taskId: null,
    ...overrides,
  };
}
