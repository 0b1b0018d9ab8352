/** One line of 收支: its title and invoice state, the counterparty and time, the signed amount (income green). */
import { chinaDateTime } from '@app/domain/china-time';
import { Tag } from '@app/ui/tag';
import type { PaymentRecord } from '../../features/payments/payments-api';
import { CHANNEL_LABELS, INVOICE_STATE_COLORS, signedYuan } from '../../features/payments/labels';

export function PaymentRow({ record, onOpen }: { record: PaymentRecord; onOpen(record: PaymentRecord): void }) {
  const income = record.type === 'income';
  const amount = signedYuan(record.amountFen);
  return (
    <div
      className="payment-row"
      role="button"
      tabIndex={0}
      aria-label={`${record.title} ${amount}`}
      onClick={() => onOpen(record)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') onOpen(record);
      }}
    >
      <div className={`payment-row__icon payment-row__icon--${record.channel}`} aria-hidden="true">
        {CHANNEL_LABELS[record.channel].slice(0, 1)}
      </div>
      <div className="payment-row__main">
        <div className="payment-row__head">
          <span className="payment-row__title">{record.title}</span>
          <span className={`payment-row__amount${income ? ' payment-row__amount--income' : ''}`}>{amount}</span>
        </div>
        <div className="payment-row__foot">
          <span className="payment-row__meta">
            {record.counterparty} · {chinaDateTime(record.at)}
          </span>
          {income && record.invoiceState ? (
            <Tag className="payment-row__tag" color={INVOICE_STATE_COLORS[record.invoiceState]} fill="outline">
              {record.invoiceState}
            </Tag>
          ) : null}
        </div>
      </div>
    </div>
  );
}
